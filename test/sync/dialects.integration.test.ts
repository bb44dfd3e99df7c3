// The engine against servers that answer within the spec but not as ours does: the real
// server behind the proxy (test/api/fault-proxy.ts) speaking a dialect (test/api/dialects.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { UPPER_CASE_IDS } from '../api/dialects';
import { startFaultProxy, type FaultProxy } from '../api/fault-proxy';
import { startServer, type StartedServer } from '../helpers/server';
import { ADA, BEN, CLIENTS, PRODUCTS, client, device, primeCatalogue } from './harness';

let server: StartedServer;
let proxy: FaultProxy;
/** Ben straight to the server: to look at what it holds. */
let ben: ApiClient;
let ada: ApiClient;
/** Ada through the proxy: the device's client. */
let viaProxy: ApiClient;

beforeAll(async () => {
  server = await startServer();
  proxy = await startFaultProxy(server);
  ada = client(server, ADA);
  ben = client(server, BEN);
  viaProxy = client({ baseUrl: server.baseUrl, caFile: proxy.caFile }, ADA, proxy.url);
});
afterAll(async () => {
  await viaProxy?.close();
  await ada?.close();
  await ben?.close();
  await proxy?.stop();
  await server?.stop();
});
beforeEach(() => {
  proxy.clear();
  proxy.speak(null);
});

describe('sync engine against a server that writes ids in upper case', () => {
  it('a new offline quote with two items is created with both, and keeps both here', async () => {
    proxy.speak(UPPER_CASE_IDS);
    const d = device(viaProxy, { pull: false });
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 5 },
      { type: 'Standard', productId: PRODUCTS.defender, billingTerm: 'Monthly', quantity: 5 },
    ]);

    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect(q.work.lineItems.map((li) => li.product.id).sort()).toEqual(
      [PRODUCTS.m365, PRODUCTS.defender].sort(),
    );
    const remote = await ben.getQuote(q.serverId!.toLowerCase());
    expect(remote.lineItems.map((li) => li.product.id).sort()).toEqual(
      [PRODUCTS.m365, PRODUCTS.defender].sort(),
    );
    // Nothing was deleted on the way.
    expect(proxy.count('POST', /\/line-items\/bulk-delete$/)).toBe(0);
    // A second round has nothing to send.
    const again = await d.engine.syncOnce();
    expect(again.pushed).toEqual([]);
    expect(d.store.getQuote(w.id)!.work.lineItems).toHaveLength(2);
    d.store.close();
  });
});

// The safety net, whatever the cause: a round that would commit a state without an entity the
// salesperson has here stops, parks the quote with an error naming it, and keeps the working
// copy whole. The cause here is a server whose read lags behind its writes (the read-back
// misses an item it had just added), made by the proxy rewriting the real server's answer.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import type { SyncApi } from '../../main/sync';
import { CLIENTS, PRODUCTS, device, primeCatalogue } from './harness';
import { proxiedOfficeForFile } from './office';

const office = proxiedOfficeForFile();

type Obj = Record<string, unknown>;

describe('sync engine: the round never drops what the salesperson made', () => {
  it('a read-back missing an item just added is not committed: the round reads again, and keeps it', async () => {
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 3 },
    ]);
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;

    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 3 },
    ]);
    office.proxy.clear();
    // The round's first read of the quote is the server's own; its read-back, after the add,
    // misses the item just added (a server whose reads lag behind its writes).
    const quote = new RegExp(`^/v2/quotes/${sid}$`);
    office.proxy.inject(
      { method: 'GET', path: quote, times: 1, fault: { kind: 'chunked' } },
      {
        method: 'GET',
        path: quote,
        times: 1,
        fault: {
          kind: 'rewrite',
          edit: (q) => ({
            ...(q as Obj),
            lineItems: ((q as Obj).lineItems as unknown[]).slice(0, 1),
          }),
        },
      },
    );

    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect(q.work.lineItems.map((li) => li.product.id)).toEqual([PRODUCTS.m365, PRODUCTS.backup]);
    // The read-back was not committed: the quote was read once more, nothing sent twice.
    expect(office.proxy.count('GET', `/v2/quotes/${sid}`)).toBe(3);
    expect(office.proxy.count('POST', `/v2/quotes/${sid}/line-items`)).toBe(1);
    const remote = await office.ben.getQuote(sid);
    expect(remote.lineItems.map((li) => li.product.id)).toEqual([PRODUCTS.m365, PRODUCTS.backup]);
    d.store.close();
  });
});

describe('sync engine: the safety net parks a round that would lose items', () => {
  it('FAKE client that passes upper-case ids through (as before ids were normalized): the quote is parked with an error, the working copy keeps the items, and the next round puts them back once', async () => {
    const up = (v: unknown): unknown =>
      typeof v === 'string'
        ? v.replace(/^[0-9a-f-]{36}$/i, (m) => m.toUpperCase())
        : Array.isArray(v)
          ? v.map(up)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, up(x)]))
            : v;
    const api = new Proxy(office.ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (typeof v !== 'function') return v;
        return async (...args: unknown[]) =>
          up(await (v as (...a: unknown[]) => Promise<unknown>).apply(t, args));
      },
    }) as SyncApi;
    const d = device(api, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 2 },
      { type: 'Standard', productId: PRODUCTS.defender, billingTerm: 'Monthly', quantity: 2 },
    ]);
    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('error');
    const q = d.store.getQuote(w.id)!;
    expect(q.syncState).toBe('error');
    expect(q.work.lineItems.map((li) => li.product.id)).toEqual([PRODUCTS.m365, PRODUCTS.defender]);

    // With a client that reads ids as they are, the next round puts both back, once each.
    const fixed = d.reopen(office.ada);
    const again = await fixed.engine.syncOnce();
    expect(again.results[w.id]).toBe('synced');
    const remote = await office.ben.getQuote(fixed.store.getQuote(w.id)!.serverId!);
    expect(remote.lineItems.map((li) => li.product.id)).toEqual([PRODUCTS.m365, PRODUCTS.defender]);
    expect(fixed.store.getWork(w.id).lineItems).toHaveLength(2);
    fixed.store.close();
  });
});

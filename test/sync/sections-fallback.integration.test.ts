// The engine sends new sections with its own ids in one PUT. A server that refuses ids it did
// not issue makes it fall back to POST …/sections per new section, then the PUT for the
// memberships. Our server takes the ids, so a wrapper around the real client refuses them as
// such a server would (a fake for a behaviour the real server cannot show on demand); every
// call still goes to the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, type ApiClient } from '../../main/api';
import { fromRemote, fromWork, type SyncApi } from '../../main/sync';
import { startServer, type StartedServer } from '../helpers/server';
import { ADA, CLIENTS, PRODUCTS, client, device, primeCatalogue } from './harness';

let server: StartedServer;
let ada: ApiClient;

beforeAll(async () => {
  server = await startServer();
  ada = client(server, ADA);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

/** FAKE: refuses section ids the server has not issued in PUT sections, and can lose the
 * answer of the next section create after the real server applied it. */
function serverIssuingSectionIds(real: ApiClient) {
  const calls: string[] = [];
  let loseNextCreate = false;
  const api = new Proxy(real, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      if (typeof v !== 'function') return v;
      const name = String(k);
      return async (...args: unknown[]) => {
        calls.push(name);
        if (name === 'replaceSections') {
          const [quoteId, payload] = args as [string, { sections: { id: string }[] }];
          const issued = new Set((await real.getSections(quoteId)).sections.map((s) => s.id));
          const i = payload.sections.findIndex((s) => !issued.has(s.id));
          if (i >= 0) {
            const message = `sections[${i}].id: no section ${payload.sections[i]!.id} on this quote`;
            throw new ApiError(
              400,
              'INVALID_REQUEST_FIELD',
              [{ type: 'INVALID_REQUEST_FIELD', message }],
              message,
              'PUT',
              '/v2/quotes/{quoteId}/sections',
            );
          }
        }
        const out = await (v as (...a: unknown[]) => Promise<unknown>).apply(t, args);
        if (name === 'createSection' && loseNextCreate) {
          loseNextCreate = false;
          throw new NetworkError(
            'connection reset after sending (simulated)',
            'POST',
            '/v2/quotes/{quoteId}/sections',
            'ECONNRESET',
            false,
          );
        }
        return out;
      };
    },
  }) as SyncApi;
  return { api, calls, loseNextCreate: () => (loseNextCreate = true) };
}

describe('sync engine against the real server: sections on a server that issues their ids', () => {
  it('creates each new section first, then places the items; a lost create answer is adopted, not repeated', async () => {
    const fake = serverIssuingSectionIds(ada);
    const d = device(fake.api, { pull: false });
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    const [m365, backup] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 4 },
      { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 4 },
    ]);
    const licences = d.store.createSection(w.id, 'Licences');
    const services = d.store.createSection(w.id, 'Services');
    d.store.moveLineItem(w.id, m365!, { sectionId: licences });
    d.store.moveLineItem(w.id, backup!, { sectionId: services });

    const first = await d.engine.syncOnce();
    expect(first.errors).toEqual({});
    expect(first.results[w.id]).toBe('synced');
    // The refused PUT, then one create per section and the PUT of the memberships.
    expect(fake.calls.filter((c) => c === 'createSection' || c === 'replaceSections')).toEqual([
      'replaceSections', // refused: new ids
      'createSection',
      'createSection',
      'replaceSections',
    ]);
    expect(fake.calls.filter((c) => c === 'createSection')).toHaveLength(2);
    const serverId = d.store.getQuote(w.id)!.serverId!;
    const remote = async () => {
      const [quote, s, a] = await Promise.all([
        ada.getQuote(serverId),
        ada.getSections(serverId),
        ada.getAccessList(serverId),
      ]);
      return { quote, sections: s.sections, accessList: a.accessList };
    };
    const byName = (agg: Awaited<ReturnType<typeof remote>>) =>
      agg.sections.map((s) => [
        s.name,
        s.lineItems.map(
          (x) => agg.quote.lineItems.find((li) => li.id === x.lineItemId)!.product.id,
        ),
      ]);
    expect(byName(await remote())).toEqual([
      ['Licences', [PRODUCTS.m365]],
      ['Services', [PRODUCTS.backup]],
    ]);

    // A third section whose create answer is lost after the server made it.
    const support = d.store.createSection(w.id, 'Support');
    d.store.moveLineItem(w.id, backup!, { sectionId: support });
    fake.loseNextCreate();
    const lost = await d.engine.syncOnce();
    expect(lost.retry).not.toBeNull();
    expect(d.store.sync.listJournal({ quoteId: w.id })).toHaveLength(1);
    const creates = fake.calls.filter((c) => c === 'createSection').length;

    const healed = await d.engine.syncOnce();
    expect(healed.results[w.id]).toBe('synced');
    expect(fake.calls.filter((c) => c === 'createSection')).toHaveLength(creates); // adopted
    const after = await remote();
    expect(byName(after)).toEqual([
      ['Licences', [PRODUCTS.m365]],
      ['Services', []],
      ['Support', [PRODUCTS.backup]],
    ]);
    const q = d.store.getQuote(w.id)!;
    const idOf = (kind: string, sid: string) =>
      d.store.sync.localIdOf(kind as never, sid) ?? `unmapped:${sid}`;
    expect(fromWork(q.work)).toEqual(fromRemote(after, idOf));
    expect(q.dirty).toBe(false);
    expect(d.store.sync.listJournal({})).toEqual([]);
    d.store.close();
  });
});

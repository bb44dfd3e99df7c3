// After its calls, a push reads the quote back and keeps that as the base: what the server
// holds (its totals, a colleague's change that landed meanwhile), not what the answers
// suggest. The stamp it reads lets the next pull pass over the quote without reading it again.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import type { SyncApi } from '../../main/sync';
import { CLIENTS, PRODUCTS, device, primeCatalogue } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ ada, ben } = office));

/** The API with every call's name recorded, and a hook run after a call's answer. */
function recording(
  api: ApiClient,
  calls: string[],
  after?: (name: string) => Promise<void>,
): SyncApi {
  return new Proxy(api, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      if (typeof v !== 'function') return v;
      return async (...a: unknown[]) => {
        calls.push(String(k));
        const r = await (v as (...x: unknown[]) => Promise<unknown>).apply(t, a);
        await after?.(String(k));
        return r;
      };
    },
  }) as SyncApi;
}

const READS = new Set(['getQuote', 'getSections', 'getAccessList']);

describe('sync engine against the real server: read-back after a push', () => {
  it('keeps the totals the server computed after a delete, and the next pull reads nothing again', async () => {
    const calls: string[] = [];
    const d = device(recording(ada, calls), { parallelism: 1 });
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    const [, backup] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 10 },
      { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 4 },
    ]);
    await d.engine.syncOnce();

    d.store.deleteLineItems(w.id, [backup!]);
    calls.length = 0;
    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('synced');
    const serverId = d.store.getQuote(w.id)!.serverId!;
    const onServer = await ben.getQuote(serverId);
    const q = d.store.getQuote(w.id)!;
    expect(q.base!.quote.totals).toEqual(onServer.totals);
    expect(q.base!.quote.lineItems.map((li) => li.id)).toEqual(
      onServer.lineItems.map((li) => li.id),
    );
    expect(q.work.totals.recurringTotal).toEqual(onServer.totals.recurringTotal);
    // The read-back comes after the last change.
    const lastWrite = calls.findLastIndex((c) => c === 'bulkDeleteLineItems');
    expect(
      calls
        .slice(lastWrite + 1)
        .filter((c) => READS.has(c))
        .sort(),
    ).toEqual(['getAccessList', 'getQuote', 'getSections']);
    // This cycle's pull saw the quote at the stamp it was read back at: no second read.
    expect(r.pull?.refreshed).toBe(0);
    calls.length = 0;
    const again = await d.engine.syncOnce();
    expect(again.pull?.refreshed).toBe(0);
    expect(calls.filter((c) => READS.has(c))).toEqual([]);

    // A header change goes last; its answer is the whole quote, so only sections and access
    // list are read after it, and the pull still has nothing to read again.
    d.store.updateHeader(w.id, { introMessage: 'Backup dropped, as agreed' });
    calls.length = 0;
    const header = await d.engine.syncOnce();
    const put = calls.lastIndexOf('updateQuote');
    expect(put).toBeGreaterThan(-1);
    expect(
      calls
        .slice(put + 1)
        .filter((c) => READS.has(c))
        .sort(),
    ).toEqual(['getAccessList', 'getSections']);
    expect(header.pull?.refreshed).toBe(0);
    expect(d.store.getQuote(w.id)!.base!.quote.introMessage).toBe('Backup dropped, as agreed');
  });

  it('a colleague’s recipient added while the push runs is in the base and on screen after it', async () => {
    const calls: string[] = [];
    const target = { serverId: '' };
    let added = false;
    const d = device(
      recording(ada, calls, async (name) => {
        // Between our last call and the read-back, a colleague shares the quote.
        if (name === 'updateQuote' && target.serverId && !added) {
          added = true;
          await ben.addAccessList(target.serverId, [{ email: 'colleague@client.example' }]);
        }
      }),
      { parallelism: 1 },
    );
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    await d.engine.syncOnce();
    target.serverId = d.store.getQuote(w.id)!.serverId!;

    d.store.updateHeader(w.id, { introMessage: 'Our proposal' });
    const r = await d.engine.syncOnce();
    expect(added).toBe(true);
    expect(r.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect(q.work.introMessage).toBe('Our proposal');
    expect(q.work.accessList.map((e) => e.email)).toEqual(['colleague@client.example']);
    expect(q.base!.accessList.map((e) => e.email)).toEqual(['colleague@client.example']);
    expect(q.dirty).toBe(false);
  });
});

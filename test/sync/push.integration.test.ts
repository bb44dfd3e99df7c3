import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NetworkError, type ApiClient } from '../../main/api';
import { fromRemote, fromWork, type SyncApi } from '../../main/sync';
import type { StartedServer } from '../helpers/server';
import { CLIENTS, PRODUCTS, ADA, client, device, pdf, primeCatalogue } from './harness';
import { officeForFile } from './office';

let server: StartedServer;
let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ server, ada, ben } = office));

async function remoteOf(serverId: string) {
  const [quote, s, a] = await Promise.all([
    ben.getQuote(serverId),
    ben.getSections(serverId),
    ben.getAccessList(serverId),
  ]);
  return { quote, sections: s.sections, accessList: a.accessList };
}

/** work = base = server, compared in the engine's model (local ids through the id map). */
async function expectConverged(d: ReturnType<typeof device>, quoteId: string) {
  const q = d.store.getQuote(quoteId)!;
  expect(q.dirty).toBe(false);
  expect(q.syncState).toBe('synced');
  const idOf = (kind: string, sid: string) =>
    d.store.sync.localIdOf(kind as never, sid) ?? `unmapped:${sid}`;
  const server = fromRemote(await remoteOf(q.serverId!), idOf);
  expect(fromWork(q.work)).toEqual(server);
  expect(fromRemote(q.base!, idOf)).toEqual(server);
  expect(d.store.sync.listJournal({ quoteId })).toEqual([]);
}

describe('sync engine against the real server: push', () => {
  it('a quote built offline (add-on with its parent, sections, recipient, PDF) is created on the server once sync can reach it', async () => {
    const offline = client(server, ADA, 'https://127.0.0.1:9');
    const d = device(offline, { pull: false });
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    const [m365, s1, addon] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 12 },
      { type: 'Standard', productId: PRODUCTS.s1, billingTerm: 'Monthly', quantity: 12 },
      {
        type: 'Standard',
        productId: PRODUCTS.s1Addon,
        billingTerm: 'Monthly',
        quantity: 12,
        requiredLineItemIndex: 1,
      },
    ]);
    const [custom] = d.store.addLineItems(w.id, [
      {
        type: 'Custom',
        productName: 'Onsite setup',
        billingTerm: 'One-Time',
        price: 450,
        cost: 300,
        initialTotal: 450,
        quantity: 1,
      },
    ]);
    const licences = d.store.createSection(w.id, 'Licences');
    const services = d.store.createSection(w.id, 'Services');
    for (const id of [m365!, s1!, addon!]) d.store.moveLineItem(w.id, id, { sectionId: licences });
    d.store.moveLineItem(w.id, custom!, { sectionId: services });
    d.store.addAccessEntries(w.id, [{ email: 'dana@acme.example', accountType: 'contact' }]);
    d.store.addAttachments(w.id, [{ name: 'proposal.pdf', bytes: pdf('offline-create') }]);
    d.store.updateHeader(w.id, { introMessage: 'Dear Dana, as discussed.' });

    const first = await d.engine.syncOnce();
    expect(first.retry?.offline).toBe(true);
    expect(d.store.getQuote(w.id)!.serverId).toBeNull();
    expect(d.store.getQuote(w.id)!.dirty).toBe(true);

    const online = d.reopen(ada);
    const second = await online.engine.syncOnce();
    expect(second.retry).toBeNull();
    expect(second.results[w.id]).toBe('synced');
    const q = online.store.getQuote(w.id)!;
    const remote = await remoteOf(q.serverId!);
    expect(remote.quote.lineItems).toHaveLength(4);
    const addonRemote = remote.quote.lineItems.find((li) => li.product.id === PRODUCTS.s1Addon)!;
    const parentRemote = remote.quote.lineItems.find((li) => li.product.id === PRODUCTS.s1)!;
    expect(addonRemote.relationship?.requiredLineItemId).toBe(parentRemote.id);
    expect(remote.sections.map((s) => [s.name, s.lineItems.length])).toEqual([
      ['Licences', 3],
      ['Services', 1],
    ]);
    expect(remote.accessList.map((a) => a.email)).toEqual(['dana@acme.example']);
    expect(remote.quote.attachments.map((a) => a.name)).toEqual(['proposal.pdf']);
    expect(remote.quote.introMessage).toBe('Dear Dana, as discussed.');
    await expectConverged(online, w.id);

    // Nothing left to do: a second cycle sends nothing.
    const third = await online.engine.syncOnce();
    expect(third.pushed).toEqual([]);
    online.store.close();
  });

  it('a library attachment added offline, its file never downloaded, is copied from the library on the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-library-'));
    const file = join(dir, 'terms.pdf');
    writeFileSync(file, pdf('library-terms'));
    const [lib] = await ada.uploadToLibrary([{ path: file, name: 'Terms of service.pdf' }]);

    const offline = client(server, ADA, 'https://127.0.0.1:9');
    const d = device(offline, { pull: false });
    d.store.caches.putLibrary(await ada.listLibrary()); // the library as the app caches it: no files
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    const [att] = d.store.copyLibraryAttachments(w.id, [lib!.id]);
    d.store.updateAttachments(w.id, [{ id: att!, name: 'Blue Fjord terms.pdf' }]);
    expect(d.store.getWork(w.id).attachments[0]!.sha256).toBeNull();
    expect((await d.engine.syncOnce()).retry?.offline).toBe(true);

    const online = d.reopen(ada);
    const r = await online.engine.syncOnce();
    expect(r.errors).toEqual({});
    expect(r.results[w.id]).toBe('synced');
    const q = online.store.getQuote(w.id)!;
    const remote = await remoteOf(q.serverId!);
    expect(remote.quote.attachments.map((a) => a.name)).toEqual(['Blue Fjord terms.pdf']);
    const dest = join(dir, 'copy.pdf');
    await ben.downloadQuoteAttachment(q.serverId!, remote.quote.attachments[0]!.id, dest);
    expect(readFileSync(dest)).toEqual(readFileSync(file));
    await expectConverged(online, w.id);
    // The server's copy came down for offline preview.
    const local = online.store.getWork(w.id).attachments[0]!;
    expect(readFileSync(online.store.filePath(local.sha256!))).toEqual(readFileSync(file));
    online.store.close();
  });

  it('a library copy whose answer was lost after the server made it is adopted, not made twice, and keeps the name given here', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-library-'));
    const file = join(dir, 'sla.pdf');
    writeFileSync(file, pdf('library-sla'));
    const [lib] = await ada.uploadToLibrary([{ path: file, name: 'Service levels.pdf' }]);
    // FAKE: the connection drops after the server applied the copy (a lost answer, which the
    // real server cannot be asked to produce).
    let lose = true;
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (typeof v !== 'function') return v;
        return async (...args: unknown[]) => {
          const out = await (v as (...a: unknown[]) => Promise<unknown>).apply(t, args);
          if (k === 'copyLibraryAttachmentsToQuote' && lose) {
            lose = false;
            throw new NetworkError(
              'connection reset (simulated)',
              'POST',
              'copy',
              'ECONNRESET',
              false,
            );
          }
          return out;
        };
      },
    }) as SyncApi;
    const d = device(api, { pull: false });
    d.store.caches.putLibrary(await ada.listLibrary());
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    const [att] = d.store.copyLibraryAttachments(w.id, [lib!.id]);
    d.store.updateAttachments(w.id, [{ id: att!, name: 'Cedar service levels.pdf' }]);

    const first = await d.engine.syncOnce();
    expect(first.retry).not.toBeNull();
    expect(d.store.sync.listJournal({ quoteId: w.id }).map((e) => e.op)).toEqual([
      'copyLibraryAttachments',
    ]);
    const second = await d.engine.syncOnce();
    expect(second.results[w.id]).toBe('synced');
    const remote = await remoteOf(d.store.getQuote(w.id)!.serverId!);
    expect(remote.quote.attachments.map((a) => a.name)).toEqual(['Cedar service levels.pdf']);
    await expectConverged(d, w.id);
    d.store.close();
  });
});

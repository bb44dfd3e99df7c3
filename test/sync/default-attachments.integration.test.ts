// A new quote's default attachments (preference attachments) reach the server without an
// error and without a second copy: the server adds its own copies when it creates the quote,
// and those are the local defaults. Own server: preferences are partner-wide.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { fromRemote, fromWork } from '../../main/sync';
import type { StartedServer } from '../helpers/server';
import { ADA, CLIENTS, client, device, pdf } from './harness';
import { officeForFile } from './office';

let server: StartedServer;
let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ server, ada, ben } = office));

async function toLibrary(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-defaults-'));
  const file = join(dir, name);
  writeFileSync(file, pdf(name));
  const [lib] = await ada.uploadToLibrary([{ path: file, name }]);
  return lib!;
}

async function serverAttachments(serverId: string) {
  return (await ben.getQuote(serverId)).attachments.map((a) => a.name);
}

function expectConverged(d: ReturnType<typeof device>, quoteId: string, remote: unknown) {
  const q = d.store.getQuote(quoteId)!;
  expect(q.dirty).toBe(false);
  expect(q.syncState).toBe('synced');
  expect(q.syncMessage ?? null).toBeNull();
  const idOf = (kind: string, sid: string) =>
    d.store.sync.localIdOf(kind as never, sid) ?? `unmapped:${sid}`;
  expect(fromWork(q.work)).toEqual(fromRemote(remote as never, idOf));
}

async function remoteOf(serverId: string) {
  const [quote, s, a] = await Promise.all([
    ben.getQuote(serverId),
    ben.getSections(serverId),
    ben.getAccessList(serverId),
  ]);
  return { quote, sections: s.sections, accessList: a.accessList };
}

describe('sync engine against the real server: default attachments of a new quote', () => {
  let terms: { id: string; name: string };

  beforeAll(async () => {
    terms = await toLibrary('terms-sheet.pdf');
    await ada.addPreferenceAttachments([terms.id]);
  });

  it('a quote made online with a library PDF as default attachment syncs, holding that PDF once', async () => {
    const d = device(ada, { pull: false });
    d.store.caches.putPreferences(await ada.getPreferences());
    d.store.caches.putLibrary(await ada.listLibrary());
    const w = d.store.createQuote({ client: CLIENTS.acme });
    expect(w.attachments.map((a) => a.name)).toEqual(['terms-sheet.pdf']);

    const r = await d.engine.syncOnce();
    expect(r.errors).toEqual({});
    expect(r.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect(await serverAttachments(q.serverId!)).toEqual(['terms-sheet.pdf']);
    expectConverged(d, w.id, await remoteOf(q.serverId!));
    // The local default is the server's copy: same local id, and its file came down.
    const local = d.store.getWork(w.id).attachments;
    expect(local.map((a) => a.id)).toEqual([w.attachments[0]!.id]);
    expect(local[0]!.sha256).not.toBeNull();
    d.store.close();
  });

  it('a quote made offline with the default attachment, renamed there, syncs once the connection is back', async () => {
    const offline = client(server, ADA, 'https://127.0.0.1:9');
    const d = device(offline, { pull: false });
    d.store.caches.putPreferences(await ada.getPreferences());
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    d.store.updateAttachments(w.id, [{ id: w.attachments[0]!.id, name: 'Blue Fjord terms.pdf' }]);
    expect((await d.engine.syncOnce()).retry?.offline).toBe(true);

    const online = d.reopen(ada);
    const r = await online.engine.syncOnce();
    expect(r.errors).toEqual({});
    expect(r.results[w.id]).toBe('synced');
    const q = online.store.getQuote(w.id)!;
    expect(await serverAttachments(q.serverId!)).toEqual(['Blue Fjord terms.pdf']);
    expectConverged(online, w.id, await remoteOf(q.serverId!));
    online.store.close();
  });

  it('a default attachment the preferences no longer hold is copied from the library of the same name', async () => {
    const sla = await toLibrary('service-levels.pdf');
    await ada.addPreferenceAttachments([sla.id]);
    const offline = client(server, ADA, 'https://127.0.0.1:9');
    const d = device(offline, { pull: false });
    d.store.caches.putPreferences(await ada.getPreferences()); // both defaults, as cached then
    d.store.caches.putLibrary(await ada.listLibrary());
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    expect(w.attachments.map((a) => a.name)).toEqual(['terms-sheet.pdf', 'service-levels.pdf']);
    // Meanwhile, the service levels stop being a default on the server.
    const prefs = await ada.getPreferences();
    const gone = prefs.attachments.find((a) => a.name === 'service-levels.pdf')!;
    await ada.deletePreferenceAttachment(gone.id);

    const online = d.reopen(ada);
    const r = await online.engine.syncOnce();
    expect(r.errors).toEqual({});
    expect(r.results[w.id]).toBe('synced');
    const q = online.store.getQuote(w.id)!;
    expect(await serverAttachments(q.serverId!)).toEqual(['terms-sheet.pdf', 'service-levels.pdf']);
    expectConverged(online, w.id, await remoteOf(q.serverId!));
    online.store.close();
  });
});

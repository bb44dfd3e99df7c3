// "Export unsynced drafts…" and "Import drafts…" through the core's calls, against the real
// Quoting API over HTTPS and real SQLite files: drafts made offline are exported to a file,
// the connection is removed (its store wiped), added again, the file imported, and sync sends
// the drafts — a new quote with its PDF, an edit merged with a colleague's, and a conflict
// found against the version the edit was made on. Files that are not ours, damaged, newer or
// of another partner are refused, naming why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteDetail } from '../../common/ipc';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, type Api } from '../helpers/server-api';
import { fakeDialogPlatform, pdfBytes, startHarness, type Harness } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-drafts-'));
const savePath = path.join(scratch, 'drafts.json');

beforeAll(async () => {
  server = await startServer({ seed: path.join(REPO_ROOT, 'server/seed/demo.json') });
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({
    platform: {
      ...fakeDialogPlatform([], savePath, []),
      chooseDraftsFile: async () => savePath,
    },
    embedded: null,
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function connect(name: string, cred = DEMO.ada): Promise<string> {
  const p = await h.call('profiles.add', {
    name,
    baseUrl: server.baseUrl,
    clientId: cred.clientId,
    clientSecret: cred.secret,
    caPem: server.ca,
  });
  await h.call('profiles.switch', { profileId: p.id });
  await idle();
  return p.id;
}

const idle = () =>
  h.waitFor('sync to be idle', async () => {
    const s = await h.call('sync.status');
    return !!s.lastSyncAt && !s.running && s;
  });

const synced = (quoteId: string) =>
  h.waitFor(`quote ${quoteId} synced`, async () => {
    const q = await h.call('quotes.get', { quoteId });
    return !!q.header.serverId && q.sync.state === 'synced' && q;
  });

async function serverQuote(id: string) {
  const r = await remote.get(`/v2/quotes/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.json as {
    introMessage: string;
    termsAndDisclaimers: string;
    expiresOn: string;
    status: string;
    published: boolean;
    lineItems: { product: { name: string } }[];
    attachments: { name: string }[];
  };
}

/** A colleague changes one header field on the server. */
async function colleagueSets(id: string, patch: Record<string, string>) {
  const q = await serverQuote(id);
  const r = await remote.put(`/v2/quotes/${id}`, {
    expiresOn: q.expiresOn,
    introMessage: q.introMessage,
    termsAndDisclaimers: q.termsAndDisclaimers,
    published: q.published,
    status: q.status,
    ...patch,
  });
  expect(r.status, r.text).toBe(200);
}

describe('unsynced drafts exported, the connection removed and added again, imported', () => {
  let file = '';
  let fresh: QuoteDetail;
  let merged: QuoteDetail;
  let clashing: QuoteDetail;
  const acme = DEMO.clients.acme;

  it('exports every local-only change to one readable file', async () => {
    const profileId = await connect('Northwind');
    // Two quotes the server has; then the connection drops.
    merged = await synced((await h.call('quotes.create', { clientId: acme })).header.id);
    clashing = await synced((await h.call('quotes.create', { clientId: acme })).header.id);
    await h.call('sync.pause');

    fresh = await h.call('quotes.create', { clientId: DEMO.clients.cedar });
    await h.call('lineItems.add', {
      quoteId: fresh.header.id,
      items: [
        {
          type: 'Custom',
          billingTerm: 'One-Time',
          productName: 'Onsite workshop',
          cost: 400,
          initialTotal: 900,
          price: 900,
          quantity: 1,
        },
      ],
    });
    await h.call('attachments.addFromBytes', {
      quoteId: fresh.header.id,
      files: [{ name: 'Scope.pdf', base64: pdfBytes('scope').toString('base64') }],
    });
    await h.call('quotes.updateHeader', {
      quoteId: merged.header.id,
      introMessage: 'Granite Peak pricing, as agreed on the phone',
    });
    await h.call('quotes.updateHeader', {
      quoteId: clashing.header.id,
      introMessage: 'Mine: delivery in March',
    });
    const check = await h.call('profiles.removalCheck', { profileId });
    expect(check).toMatchObject({ drafts: 3, files: 1 });

    const { path: chosen } = await h.call('app.chooseSavePath', { defaultName: 'x.json' });
    const saved = await h.call('drafts.save', { path: chosen! });
    expect(saved.counts).toEqual({
      newQuotes: 1,
      editedQuotes: 2,
      conflicts: 0,
      files: 1,
      deletes: 0,
    });
    expect(saved.name).toMatch(/^Quotedesk drafts - Northwind - \d{4}-\d{2}-\d{2}\.json$/);
    expect(saved.message).toMatch(/not encrypted/);
    file = fs.readFileSync(savePath, 'utf8');
    // Readable by nature: the prices and texts are there in plain words.
    expect(file).toContain('Granite Peak pricing, as agreed on the phone');
    expect(file).toContain('Onsite workshop');
    const parsed = JSON.parse(file) as {
      partner: { baseUrl: string; id: string | null };
      quotes: { serverId: string | null; base: unknown }[];
    };
    expect(parsed.partner.baseUrl).toBe(server.baseUrl);
    expect(parsed.partner.id).toBe(await serverPartner(merged.header.serverId!));
    expect(parsed.quotes.filter((q) => q.serverId && q.base)).toHaveLength(2);
    // The same file for a download in browser mode.
    const downloaded = await h.call('drafts.export', undefined, 'browser');
    expect(JSON.parse(downloaded.text)).toMatchObject({ quotes: expect.any(Array) });

    await h.call('profiles.remove', { profileId });
    expect(fs.existsSync(path.join(h.dataDir, 'stores', profileId))).toBe(false);
  });

  it('imports into the same connection added again; sync sends the drafts', async () => {
    // Meanwhile colleagues change the two quotes on the server.
    await colleagueSets(merged.header.serverId!, {
      termsAndDisclaimers: 'Theirs: net 30',
    });
    await colleagueSets(clashing.header.serverId!, {
      introMessage: 'Theirs: delivery in May',
    });
    await connect('Northwind again');
    const { path: chosen } = await h.call('app.chooseDraftsFile');
    expect(chosen).toBe(savePath);
    const imported = await h.call('drafts.import', { path: chosen! });
    expect(imported.counts).toEqual({
      newQuotes: 1,
      editedQuotes: 2,
      conflicts: 0,
      files: 1,
      deletes: 0,
    });
    expect(imported.message).toMatch(/^Imported 1 new draft, 2 edited quotes, 1 file not uploaded/);

    const sent = await synced(fresh.header.id);
    const onServer = await serverQuote(sent.header.serverId!);
    expect(onServer.lineItems.map((li) => li.product.name)).toEqual(['Onsite workshop']);
    expect(onServer.attachments.map((a) => a.name)).toEqual(['Scope.pdf']);

    // An edit made on the version before the colleague's: both changes kept.
    const both = await synced(merged.header.id);
    const mergedOnServer = await serverQuote(both.header.serverId!);
    expect(mergedOnServer.introMessage).toBe('Granite Peak pricing, as agreed on the phone');
    expect(mergedOnServer.termsAndDisclaimers).toBe('Theirs: net 30');

    // The same field changed on both sides: a conflict, never a silent overwrite.
    const conflict = await h.waitFor('the conflict', async () => {
      const list = await h.call('sync.conflicts', { quoteId: clashing.header.id });
      return list.conflicts.length > 0 && list.conflicts;
    });
    expect(conflict[0]).toMatchObject({ field: 'introMessage', mine: 'Mine: delivery in March' });
    expect(conflict[0]!.theirs).toBe('Theirs: delivery in May');
    const clashOnServer = await serverQuote(clashing.header.serverId!);
    expect(clashOnServer.introMessage).toBe('Theirs: delivery in May');
  });

  it('imports the same file again without making copies', async () => {
    const again = await h.call('drafts.import', { text: file }, 'browser');
    expect(again).toMatchObject({ unchanged: 3, copies: 0 });
    expect(again.counts).toMatchObject({ newQuotes: 0, editedQuotes: 0, files: 0 });
    const list = await h.call('quotes.list', { search: 'Onsite', account: 'partner' });
    expect(list.content.filter((q) => q.client.id === DEMO.clients.cedar)).toHaveLength(1);
  });

  it('never overwrites a quote with edits of its own here: the draft comes back beside it', async () => {
    await h.call('sync.pause');
    await h.call('quotes.updateHeader', {
      quoteId: merged.header.id,
      introMessage: 'Edited here after the import',
    });
    const again = await h.call('drafts.import', { text: file }, 'browser');
    expect(again).toMatchObject({ copies: 1, unchanged: 2 });
    expect(again.message).toMatch(
      /1 came back as a new quote beside a quote with edits of its own here/,
    );
    const mine = await h.call('quotes.get', { quoteId: merged.header.id });
    expect(mine.header.introMessage).toBe('Edited here after the import');
    const acmes = await h.call('quotes.list', { account: 'partner', limit: 100 });
    const copy = acmes.content.find((q) => q.client.id === acme && !q.serverId);
    const copied = await h.call('quotes.get', { quoteId: copy!.id });
    expect(copied.header.introMessage).toBe('Granite Peak pricing, as agreed on the phone');
    await h.call('sync.resume');
  });
});

describe('a drafts file that cannot be imported is refused, saying why', () => {
  let file: Record<string, unknown>;
  const text = (f: unknown) => JSON.stringify(f);
  beforeAll(() => {
    file = JSON.parse(fs.readFileSync(savePath, 'utf8')) as Record<string, unknown>;
  });

  it('refuses a file that is not ours', async () => {
    const e = await h.refuse('drafts.import', { text: '{"hello":"world"}' });
    expect(e).toMatchObject({ code: 'VALIDATION', field: 'file' });
    expect(e.message).toBe('This file is not a Quotedesk drafts export.');
    const pdf = await h.refuse('drafts.import', { text: '%PDF-1.4 …' });
    expect(pdf.message).toBe('This file is not a Quotedesk drafts export.');
  });

  it('refuses a damaged file, naming the field', async () => {
    const bad = structuredClone(file) as {
      quotes: { work: { lineItems: { price: unknown }[] } }[];
    };
    const i = bad.quotes.findIndex((q) => q.work.lineItems.length > 0);
    bad.quotes[i]!.work.lineItems[0]!.price = 'nine hundred';
    const e = await h.refuse('drafts.import', { text: text(bad) });
    expect(e.message).toMatch(
      new RegExp(`^This drafts file is damaged: quotes\\.${i}\\.work\\.lineItems\\.0\\.price: `),
    );
    const cut = await h.refuse('drafts.import', { text: text(file).slice(0, 2000) });
    expect(cut.message).toMatch(/^This drafts file is damaged: it is not complete JSON/);
    const flipped = structuredClone(file) as { files: { base64: string }[] };
    flipped.files[0]!.base64 = Buffer.from('not the pdf').toString('base64');
    const bytes = await h.refuse('drafts.import', { text: text(flipped) });
    expect(bytes.message).toMatch(/^This drafts file is damaged: files\.0\.base64: /);
  });

  it('refuses a file of a newer format', async () => {
    const e = await h.refuse('drafts.import', { text: text({ ...file, version: 2 }) });
    expect(e.message).toMatch(/made by a newer Quotedesk \(format version 2/);
  });

  it('refuses drafts of another partner', async () => {
    const elsewhere = {
      ...file,
      partner: { ...(file.partner as object), baseUrl: 'https://quotes.southbridge.example' },
    };
    const e = await h.refuse('drafts.import', { text: text(elsewhere) });
    expect(e.message).toBe(
      `This file holds drafts for https://quotes.southbridge.example, not for “Northwind again” (${server.baseUrl}).`,
    );
    // The same server, another partner's account. Until one of its quotes names its partner,
    // only the same credential is taken for the same partner.
    await connect('Southbridge', DEMO.chen);
    const unsure = await h.refuse('drafts.import', { text: text(file) });
    expect(unsure.message).toMatch(
      /cannot tell yet whether “Southbridge” \(client id southbridge-chen\) is of the same partner/,
    );
    const own = await h.call('catalogue.clients', {});
    await synced((await h.call('quotes.create', { clientId: own.content[0]!.id })).header.id);
    const other = await h.refuse('drafts.import', { text: text(file) });
    expect(other.message).toBe(
      `This file holds drafts for partner “Northwind IT Services” at ${server.baseUrl}, not for the partner of “Southbridge”.`,
    );
    expect((await h.call('quotes.list', { account: 'partner' })).page.totalElements).toBe(1);
  });

  it('takes a path only from its own open dialog, and none in browser mode', async () => {
    const e = await h.refuse('drafts.import', { path: '/etc/passwd' });
    expect(e).toMatchObject({ code: 'VALIDATION', field: 'path' });
    const b = await h.refuse('drafts.import', { path: savePath }, 'browser');
    expect(b.code).toBe('UNSUPPORTED');
  });
});

async function serverPartner(serverId: string): Promise<string> {
  const r = await remote.get(`/v2/quotes/${serverId}`);
  return (r.json as { partner: { id: string } }).partner.id;
}

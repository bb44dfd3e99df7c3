// The client's answer at the desk through the real core, the real store (SQLite) and the real
// server over HTTPS: taken with sync paused, it freezes the quote as a version whose SHA-256 is
// printed on every page of the signed PDF beside the name, e-mail and the date; the next sync
// attaches that PDF on the server and moves the status draft → sent → accepted. A version
// altered in the SQLite file afterwards is reported by "Verify"; bad input is refused naming
// the field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import keytar from '@napi-rs/keyring/keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponse } from '../../common/api';
import { applyDbKey, deriveStoreKeys } from '../../main/store/disk/cipher';
import { KEYCHAIN_SERVICE, readProtection, storeKeyAccount } from '../../main/vault';
import { bandPng } from '../helpers/png';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, ok, type Api } from '../helpers/server-api';
import { pdfPages, pdfText } from '../proposal/helpers';
import { connectNorthwind, startHarness, type Harness } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-desk-'));
const start = () => startHarness({ platform: { mode: 'browser' }, embedded: null, dataDir });

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await start();
  await connectNorthwind(h, server);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function syncedDraft(): Promise<{ quoteId: string; serverId: string }> {
  const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
  const quoteId = made.header.id;
  await h.call('lineItems.add', {
    quoteId,
    items: [
      { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 10 },
    ],
  });
  const serverId = await h.waitFor('the first sync', async () => {
    await h.call('sync.runNow', {});
    const d = await h.call('quotes.get', { quoteId });
    return d.sync.state === 'synced' ? d.header.serverId : null;
  });
  return { quoteId, serverId: serverId! };
}

/** The store's SQLite file opened as the app opens it: with its key where the keychain holds one. */
async function openStoreFile(file: string): Promise<Database.Database> {
  const db = new Database(file);
  const record = readProtection(path.dirname(file));
  if (record?.mode === 'keychain') {
    const hex = await keytar.getPassword(KEYCHAIN_SERVICE, storeKeyAccount(record.keyId!));
    applyDbKey(db, deriveStoreKeys(Buffer.from(hex!, 'hex')).db);
  }
  return db;
}

/** The profile's SQLite file in the data folder. */
function storeFile(): string {
  const file = fs
    .readdirSync(path.join(dataDir, 'stores'), { recursive: true, encoding: 'utf8' })
    .find((f) => f.endsWith('quotedesk.sqlite'))!;
  return path.join(dataDir, 'stores', file);
}

const signature = {
  kind: 'drawn' as const,
  pngBase64: bandPng(300, 90, [20, 20, 80]).toString('base64'),
};

describe('accept at the desk', () => {
  it("asks for changes in the client's own words, printed on the PDF; Undo before the sync takes the answer back", async () => {
    const { quoteId, serverId } = await syncedDraft();
    await h.call('sync.pause');
    const words = 'Please quote 12 seats instead of 10, starting in March.';
    const asked = await h.call('desk.respond', {
      quoteId,
      kind: 'changes_requested',
      name: 'Dana Whitfield',
      email: 'dana@acme-dental.example',
      reason: words,
      signature: { kind: 'typed', text: 'Dana Whitfield' },
      timeZone: 'America/New_York',
    });
    expect(asked.quote.header.status).toBe('changes_requested');
    const pdf = await h.call('versions.pdf', { quoteId, number: asked.response.version });
    const text = pdfText(Buffer.from(pdf.base64, 'base64')).replace(/\s+/g, ' ');
    for (const shown of ['Changes requested at the desk', words, '(America/New_York)'])
      expect(text).toContain(shown);

    // Undone before it went out: a draft again, the answer kept here only.
    await h.call('edits.undo', { quoteId });
    expect((await h.call('desk.responses', { quoteId })).responses.at(-1)!.state).toBe('withdrawn');
    await h.call('quotes.get', { quoteId });
    const again = await h.call('desk.respond', {
      quoteId,
      kind: 'changes_requested',
      name: 'Dana Whitfield',
      email: 'dana@acme-dental.example',
      reason: words,
      signature: { kind: 'typed', text: 'Dana Whitfield' },
      timeZone: 'America/New_York',
    });
    expect(again.response.version).toBe(asked.response.version + 1);
    await h.call('sync.resume');
    await h.waitFor('changes requested on the server', async () => {
      await h.call('sync.runNow', {});
      const q = ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse);
      return q.status === 'changes_requested';
    });
  }, 120_000);

  it('freezes the version, prints its hash on every page of the signed PDF, and syncs the attachment and the status accepted', async () => {
    const { quoteId, serverId } = await syncedDraft();
    await h.call('sync.pause');
    const { quote, response } = await h.call('desk.respond', {
      quoteId,
      kind: 'accepted',
      name: 'Dana Whitfield',
      email: 'dana@acme-dental.example',
      signature,
      timeZone: 'Europe/Berlin',
    });
    expect(quote.header.status).toBe('accepted');
    expect(response.state).toBe('queued');
    const signed = quote.attachments.find((a) => a.id === response.attachmentId)!;
    expect(signed.name).toMatch(/^Signed Proposal /);

    const { versions } = await h.call('versions.list', { quoteId });
    const v = versions.at(-1)!;
    expect([v.reason, v.label, v.status]).toEqual(['desk', 'Accepted at the desk', 'draft']);
    expect(v.sha256).toBe(response.versionSha256);
    expect(v.sha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await h.call('versions.pdf', { quoteId, number: v.number });
    const bytes = Buffer.from(file.base64, 'base64');
    const text = pdfText(bytes);
    const day = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'Europe/Berlin',
    }).format(new Date(response.signedAt));
    for (const shown of ['Dana Whitfield', 'dana@acme-dental.example', day, '(Europe/Berlin)'])
      expect(text).toContain(shown);
    for (let p = 1; p <= pdfPages(bytes); p++) expect(pdfText(bytes, p)).toContain(v.sha256!);

    // Nothing went out while sync was paused; then the attachment, published, accepted.
    expect(ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse).status).toBe('draft');
    await h.call('sync.resume');
    const there = await h.waitFor('accepted on the server', async () => {
      await h.call('sync.runNow', {});
      const q = ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse);
      return q.status === 'accepted' ? q : null;
    });
    expect(there.attachments.map((a) => a.name)).toContain(signed.name);
    const after = await h.call('desk.responses', { quoteId });
    expect(after.responses.at(-1)!.state).toBe('sent');

    // Intact until the SQLite file is changed behind the app's back.
    expect((await h.call('versions.verify', { quoteId })).intact).toBe(true);
    await h.close();
    const db = await openStoreFile(storeFile());
    const changed = db
      .prepare(
        `UPDATE quote_versions SET doc = replace(doc, '"quantity":10', '"quantity":1')
         WHERE reason = 'desk' AND number = ? AND qrow = (SELECT qrow FROM quotes WHERE id = ?)`,
      )
      .run(v.number, quoteId);
    db.close();
    expect(changed.changes).toBe(1);
    h = await start();
    const check = await h.call('versions.verify', { quoteId });
    expect(check.intact).toBe(false);
    expect(check.message).toContain(`Version ${v.number} was altered after it was saved`);
    expect(check.versions.find((c) => c.number === v.number)!.recorded).toBe(v.sha256);
  }, 120_000);

  it('"Verify" follows the chain through every version: one removed in the file is named', async () => {
    const quoteId = (await h.call('quotes.create', { clientId: DEMO.clients.acme })).header.id;
    for (const label of ['First', 'Second', 'Third'])
      await h.call('versions.save', { quoteId, label });
    expect((await h.call('versions.verify', { quoteId })).message).toBe(
      'All 3 versions are as they were saved.',
    );
    await h.close();
    const db = await openStoreFile(storeFile());
    const removed = db
      .prepare(
        'DELETE FROM quote_versions WHERE number = 2 AND qrow = (SELECT qrow FROM quotes WHERE id = ?)',
      )
      .run(quoteId);
    db.close();
    expect(removed.changes).toBe(1);
    h = await start();
    const check = await h.call('versions.verify', { quoteId });
    expect([check.intact, check.broken]).toEqual([false, { number: 2, fault: 'removed' }]);
    expect(check.message).toContain('Version 2 was removed');
  }, 60_000);

  it('refuses what cannot be taken, naming the field', async () => {
    const quoteId = (await h.call('quotes.create', { clientId: DEMO.clients.acme })).header.id;
    const base = {
      quoteId,
      kind: 'declined' as const,
      name: 'Dana Whitfield',
      email: 'dana@acme-dental.example',
      signature,
      timeZone: 'Europe/Berlin',
    };
    expect((await h.refuse('desk.respond', base)).field).toBe('reason');
    expect(
      (await h.refuse('desk.respond', { ...base, reason: 'Too dear', email: 'dana' })).field,
    ).toBe('email');
    expect(
      (await h.refuse('desk.respond', { ...base, reason: 'Too dear', timeZone: 'Mars/Olympus' }))
        .field,
    ).toBe('timeZone');
    const notPng = { kind: 'drawn', pngBase64: Buffer.from('not an image').toString('base64') };
    expect(
      (await h.refuse('desk.respond', { ...base, reason: 'Too dear', signature: notPng })).field,
    ).toBe('signature');

    // An offer past its validity no longer stands: refused before anything is made or kept.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await h.call('quotes.updateHeader', { quoteId, expiresOn: yesterday });
    const lapsed = await h.refuse('desk.respond', { ...base, kind: 'accepted' });
    expect(lapsed.field).toBe('expiresOn');
    expect(lapsed.message).toMatch(/valid until .*extend its validity first/);
    const after = await h.call('quotes.get', { quoteId });
    expect([after.header.status, after.attachments.length]).toEqual(['draft', 0]);
    expect((await h.call('versions.list', { quoteId })).versions).toHaveLength(0);
  });
});

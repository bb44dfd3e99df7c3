// The log and any crash output hold no client names, amounts or quote texts: a session through
// the core as the app runs it (the real server over HTTPS, the real keychain in
// dbus-run-session, the store encrypted) — edits, a sync, a conflict resolved, refused input,
// an upload the server refuses in words naming the client's files, the server gone for a
// while — then every
// file under the data folder's logs/ (and anything crash-like anywhere in it) is searched for
// the texts and amounts typed. A log line that carried one would give away what encryption hides.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, startServer, type StartedServer } from '../helpers/server';
import { DEMO, files, login, type Api } from '../helpers/server-api';
import { filesUnder, hitsOnDisk } from '../store/disk-bytes';
import { keychainGate } from '../vault/keychain-required';
import { pdfBytes, startHarness, type Harness } from './harness';

const gate = await keychainGate();

const CLIENT_ID = '7d2f1c9a-4b6e-4f3a-9c1d-2e8b7a6f5d41';
const CLIENT = 'Tamarind Ridge Veterinary';
const PRICE = 7319.53;
const NOTE = 'Cobalt kennel sensors for the east wing';
const MINE = 'Opaline terms agreed with the practice manager';
const THEIRS = 'Saffron office wording for the renewal';
const TOO_LONG = `${CLIENT} `.repeat(1000);

function seedWithClient(dir: string): string {
  const seed = JSON.parse(fs.readFileSync(DEMO_SEED, 'utf8')) as {
    partners: { name: string; clients: { id: string; name: string; isShadowCompany: boolean }[] }[];
  };
  seed.partners
    .find((p) => p.name.startsWith('Northwind'))!
    .clients.push({ id: CLIENT_ID, name: CLIENT, isShadowCompany: false });
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return file;
}

let server: StartedServer;
let remote: Api;
let h: Harness;
const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-log-seed-'));
const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-log-server-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-log-'));

beforeAll(async () => {
  server = await startServer({ seed: seedWithClient(seedDir), dataDir: serverDir });
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  for (const d of [seedDir, serverDir, dataDir]) fs.rmSync(d, { recursive: true, force: true });
});

const call: Harness['call'] = (name, input) => h.call(name, input);

async function synced(quoteId: string) {
  return h.waitFor(`quote ${quoteId} synced`, async () => {
    await call('sync.runNow', {});
    const d = await call('quotes.get', { quoteId });
    return d.sync.state === 'synced' && d.header.serverId ? d : null;
  });
}

async function putIntro(serverId: string, introMessage: string) {
  const cur = (await remote.get(`/v2/quotes/${serverId}`)).json as Record<string, unknown>;
  const put = await remote.put(`/v2/quotes/${serverId}`, {
    expiresOn: cur.expiresOn,
    introMessage,
    termsAndDisclaimers: cur.termsAndDisclaimers,
    published: cur.published,
    status: cur.status,
  });
  expect(put.status, put.text).toBe(200);
}

describe.runIf(gate.run)('the log after a working session, store encrypted', () => {
  // long: one session read top to bottom — edits, sync, conflict, refusals, a refused upload, an outage
  it('names no client, amount or quote text', async () => {
    h = await startHarness({ dataDir, platform: { mode: 'browser' }, embedded: null });
    const profile = await call('profiles.add', {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: server.ca,
    });
    await call('profiles.switch', { profileId: profile.id });
    expect(await call('storeAccess.status')).toMatchObject({
      state: 'open',
      protection: 'keychain',
    });
    await h.waitFor('the catalogue', async () => {
      const c = await call('catalogue.clients', { search: 'Tamarind' });
      return c.content.length > 0;
    });

    // Edits, and a sync.
    const q = await call('quotes.create', { clientId: CLIENT_ID });
    const quoteId = q.header.id;
    const { lineItemIds } = await call('lineItems.add', {
      quoteId,
      items: [
        { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 7 },
      ],
    });
    await call('lineItems.update', {
      quoteId,
      lineItemId: lineItemIds[0]!,
      patch: { price: PRICE, note: NOTE },
    });
    const first = await synced(quoteId);

    // A conflict: the office and this computer change the same text.
    await call('sync.pause');
    await call('quotes.updateHeader', { quoteId, introMessage: MINE });
    await putIntro(first.header.serverId!, THEIRS);
    await call('sync.resume');
    const conflicts = await h.waitFor('the conflict', async () => {
      await call('sync.runNow', {});
      const c = await call('sync.conflicts', { quoteId });
      return c.conflicts.length > 0 && c.conflicts;
    });
    await call('sync.resolve', { quoteId, take: 'mine', conflictIds: conflicts.map((c) => c.id) });
    await synced(quoteId);

    // Refused input naming the client (too long a text), and a price that is no number.
    const long = await h.core.dispatch(
      'quotes.updateHeader',
      { quoteId, introMessage: TOO_LONG },
      { via: 'test' },
    );
    expect(long.ok).toBe(false);
    const nan = await h.core.dispatch(
      'lineItems.update',
      { quoteId, lineItemId: lineItemIds[0]!, patch: { price: `${PRICE} ${CLIENT}` } },
      { via: 'test' },
    );
    expect(nan.ok).toBe(false);

    // A later edit, synced.
    await call('lineItems.update', {
      quoteId,
      lineItemId: lineItemIds[0]!,
      patch: { note: `${NOTE}, second floor` },
    });
    await synced(quoteId);

    // The office attaches the very file this computer attaches too, under another name: the
    // server refuses the upload, naming both files.
    await call('sync.pause');
    const plan = pdfBytes('Tamarind Ridge floor plan');
    await call('attachments.addFromBytes', {
      quoteId,
      files: [{ name: `${CLIENT} signed.pdf`, base64: plan.toString('base64') }],
    });
    const up = await remote.call('POST', `/v2/quotes/${first.header.serverId}/attachments`, {
      form: files('attachments', [{ name: `${CLIENT} plan.pdf`, data: plan }]),
    });
    expect(up.status, up.text).toBeLessThan(300);
    await call('sync.resume');
    await call('sync.runNow', {});
    const refusedSync = await h.waitFor('the refused upload', async () => {
      const d = await call('quotes.get', { quoteId });
      // The salesperson is told in full, naming the files.
      return d.sync.message?.includes(CLIENT) && d.sync;
    });
    expect(refusedSync.state).toBe('error');

    // The server goes away: a second quote waits, with errors in the log.
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();
    const q2 = await call('quotes.create', { clientId: CLIENT_ID });
    await call('quotes.updateHeader', { quoteId: q2.header.id, introMessage: MINE });
    await h.waitFor('a failed sync', async () => {
      await call('sync.runNow', {});
      return (await call('sync.status')).lastError;
    });
    server = await startServer({ seed: seedWithClient(seedDir), dataDir: serverDir, port });
    await synced(q2.header.id);
    await h.close();

    const logsDir = path.join(dataDir, 'logs');
    const logFiles = filesUnder(logsDir);
    expect(logFiles.length).toBeGreaterThan(0);
    const log = logFiles.map((f) => fs.readFileSync(f, 'utf8')).join('');
    // The session did leave a trace: sync cycles, the refused calls, the outage.
    expect(log).toContain('sync.cycle_started');
    expect(log).toContain('"outcome"');
    // The refusal and the outage are there, by field and code, without their words.
    expect(log).toContain('attachments[0]: [text not logged]');
    expect(log).toMatch(/network error ECONNREFUSED/);
    const texts = [CLIENT, String(PRICE), NOTE, MINE, THEIRS, 'Tamarind', 'Cobalt kennel'];
    expect(hitsOnDisk(logsDir, texts)).toEqual(new Map());
    // Crash output: nothing crash-like anywhere in the data folder.
    const crashLike = filesUnder(dataDir).filter((f) => /crash|\.dmp$|minidump|core\.\d+/i.test(f));
    expect(crashLike).toEqual([]);
    expect(hitsOnDisk(dataDir, texts)).toEqual(new Map());
  });
});

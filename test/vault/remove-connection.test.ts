// Removing a connection leaves nothing of it: not on disk (database, WAL, attachment files)
// and not in the real keychain (store key, secret, token). Needs gnome-keyring in
// dbus-run-session (see keychain-required.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeychain, readProtection, storeKeyAccount } from '../../main/vault';
import { EMBEDDED_DEMO } from '../helpers/server';
import { pdfBytes, startHarness, type Harness } from '../services/harness';
import { keychainGate } from './keychain-required';

const gate = await keychainGate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-remove-'));
let h: Harness | undefined;

afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .map((f) => path.join(dir, f))
    : [];

describe.runIf(gate.run)('removing a connection', () => {
  it('deletes its store key, store, WAL, attachment files, secret and token', async () => {
    h = await startHarness({ dataDir, platform: { mode: 'browser' }, embedded: EMBEDDED_DEMO });
    await h.waitFor('the demo quotes', async () => {
      const l = await h!.call('quotes.list', { limit: 5 });
      return l.page.totalElements > 0;
    });
    await h.call('sync.pause');
    const clients = await h.call('catalogue.clients', {});
    const q = await h.call('quotes.create', { clientId: clients.content[0]!.id });
    await h.call('attachments.addFromBytes', {
      quoteId: q.header.id,
      files: [{ name: 'Offer.pdf', base64: Buffer.from(pdfBytes('offer')).toString('base64') }],
    });
    const storeDir = path.join(dataDir, 'stores', 'demo');
    expect(walk(storeDir).some((f) => f.endsWith('quotedesk.sqlite'))).toBe(true);
    const keyId = readProtection(storeDir)?.keyId;
    const kc = await openKeychain();
    expect(await kc.get('demo')).toBeTruthy();
    if (keyId) expect(await kc.get(storeKeyAccount(keyId))).toBeTruthy();

    await h.call('profiles.remove', { profileId: 'demo' });

    expect(fs.existsSync(storeDir)).toBe(false);
    expect(walk(path.join(dataDir, 'stores')).filter((f) => f.includes('demo'))).toEqual([]);
    expect(await kc.get('demo')).toBeUndefined();
    expect(await kc.get('demo:token')).toBeUndefined();
    if (keyId) expect(await kc.get(storeKeyAccount(keyId))).toBeUndefined();
    expect((await h.call('profiles.list')).profiles).toEqual([]);
  });
});

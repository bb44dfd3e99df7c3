// Before a connection that is not in use is removed, what exists of it only on this computer
// is counted too: its store is read with its key from the real keychain (gnome-keyring in
// dbus-run-session), read-only — the file is left exactly as it was. Where the key is gone,
// the check says it could not count instead of saying there is nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain, readProtection, storeKeyAccount } from '../../main/vault';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { pdfBytes, startHarness, type Harness } from '../services/harness';
import { filesUnder } from '../store/disk-bytes';
import { keychainGate } from './keychain-required';

const gate = await keychainGate();
let server: StartedServer;
let h: Harness;

beforeAll(async () => {
  if (!gate.run) return;
  server = await startServer();
  h = await startHarness({ platform: { mode: 'browser' }, embedded: null });
});
afterAll(async () => {
  await h?.close();
  await server?.stop();
});

const digest = (dir: string) =>
  filesUnder(dir)
    .sort()
    .map(
      (f) =>
        `${path.relative(dir, f)}:${crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')}`,
    );

describe.runIf(gate.run)('removing a connection not in use', () => {
  it('counts its unsynced drafts and files from its encrypted store, leaving the store untouched', async () => {
    const add = (name: string, cred: { clientId: string; secret: string }) =>
      h.call('profiles.add', {
        name,
        baseUrl: server.baseUrl,
        clientId: cred.clientId,
        clientSecret: cred.secret,
        caPem: server.ca,
      });
    const ada = await add('Northwind (Ada)', DEMO.ada);
    const ben = await add('Northwind (Ben)', DEMO.ben);
    await h.call('profiles.switch', { profileId: ada.id });
    await h.call('sync.pause');
    // Offline work in Ada's connection: two new quotes, one with a file.
    const one = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    await h.call('quotes.create', { clientId: DEMO.clients.cedar });
    await h.call('attachments.addFromBytes', {
      quoteId: one.header.id,
      files: [{ name: 'Offer.pdf', base64: pdfBytes('offer').toString('base64') }],
    });
    const inUse = await h.call('profiles.removalCheck', { profileId: ada.id });
    expect(inUse).toMatchObject({ counted: true, drafts: 2, files: 1 });

    await h.call('profiles.switch', { profileId: ben.id });
    const adaDir = path.join(h.dataDir, 'stores', ada.id);
    expect(readProtection(adaDir)?.mode).toBe('keychain');
    const before = digest(adaDir);
    const check = await h.call('profiles.removalCheck', { profileId: ada.id });
    expect(check).toEqual({
      counted: true,
      drafts: 2,
      deletes: 0,
      conflicts: 0,
      files: 1,
      summary: '2 drafts not yet synced, 1 file not uploaded',
    });
    expect(digest(adaDir)).toEqual(before);

    // Its key gone from the keychain: the check says it could not count, not "nothing".
    const kc = await openKeychain();
    await kc.delete(storeKeyAccount(readProtection(adaDir)!.keyId!));
    const blind = await h.call('profiles.removalCheck', { profileId: ada.id });
    expect(blind).toMatchObject({ counted: false, summary: null });
  });
});

// How the quotes on this computer are protected, through the core as the app runs it: a key in
// the real keychain (gnome-keyring in dbus-run-session), a store from before encryption
// encrypted at start, a key gone from or wrong in the keychain (the file untouched, the lock
// screen's words and actions), and without a keychain the first-start choice and the passphrase.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import keytar from '@napi-rs/keyring/keytar';
import { describe, expect, it } from 'vitest';
import { isPlaintextDatabase, openStore } from '../../main/store';
import { KEYCHAIN_SERVICE, openVault, readProtection, storeKeyAccount } from '../../main/vault';
import { filesUnder } from '../store/disk-bytes';
import { keychainGate } from '../vault/keychain-required';
import type { Harness } from './harness';
import {
  CLIENT,
  cleanUpAfterEach,
  dataDirWithProfile,
  noKeychain,
  startProtected,
  stop,
  storeDirOf,
} from './protection-fixtures';

const gate = await keychainGate();
cleanUpAfterEach();

const start = (dataDir: string, keychain?: typeof noKeychain) =>
  startProtected(dataDir, keychain ? { keychain } : {});

const digest = (dir: string) =>
  filesUnder(dir)
    .filter((f) => !f.endsWith('-shm'))
    .sort()
    .map(
      (f) =>
        `${path.relative(dir, f)}:${crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')}`,
    );

async function aQuote(h: Harness): Promise<string> {
  const q = await h.call('quotes.create', { clientId: CLIENT.id });
  return q.header.id;
}

describe.runIf(gate.run)('with the system keychain', () => {
  it('encrypts a new store with a key kept in the keychain, and Settings says so', async () => {
    const dataDir = await dataDirWithProfile();
    const h = await start(dataDir);
    const access = await h.call('storeAccess.status');
    expect(access).toMatchObject({ state: 'open', protection: 'keychain' });
    if (access.state === 'open') expect(access.message).toMatch(/system keychain/);
    await aQuote(h);
    await stop(h);
    const dir = storeDirOf(dataDir);
    expect(isPlaintextDatabase(path.join(dir, 'quotedesk.sqlite'))).toBe(false);
    const rec = readProtection(dir)!;
    expect(rec.mode).toBe('keychain');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, storeKeyAccount(rec.keyId!))).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it('encrypts a store left by the version before encryption, with every quote in it', async () => {
    const dataDir = await dataDirWithProfile();
    const vault = await openVault({ dataDir, log: () => {} });
    const [profile] = await vault.listProfiles();
    const dir = path.join(dataDir, 'stores', profile!.id);
    const old = openStore(path.join(dir, 'quotedesk.sqlite'), {
      filesDir: path.join(dir, 'files'),
    });
    const q = old.createQuote({
      client: { ...CLIENT, isShadowCompany: false },
    });
    old.close();
    expect(isPlaintextDatabase(path.join(dir, 'quotedesk.sqlite'))).toBe(true);
    const h = await start(dataDir);
    expect((await h.call('quotes.get', { quoteId: q.id })).header.client.name).toBe(
      'Granite Peak Dental',
    );
    expect(isPlaintextDatabase(path.join(dir, 'quotedesk.sqlite'))).toBe(false);
  });

  it('when the keychain lost the key: says so by name, leaves the file untouched, and starts over only when confirmed', async () => {
    const dataDir = await dataDirWithProfile();
    let h = await start(dataDir);
    await aQuote(h);
    await stop(h);
    const dir = storeDirOf(dataDir);
    const rec = readProtection(dir)!;
    await keytar.deletePassword(KEYCHAIN_SERVICE, storeKeyAccount(rec.keyId!));
    const before = digest(dir);

    h = await start(dataDir);
    const access = await h.call('storeAccess.status');
    expect(access).toMatchObject({ state: 'locked', reason: 'missing-key', canStartOver: true });
    if (access.state !== 'locked') throw new Error('expected a lock');
    expect(access.message).toMatch(
      /^This computer's keychain no longer holds the key for Northwind's quotes/,
    );
    expect(access.loss).toMatch(/never synced cannot be counted/);
    const refused = await h.refuse('quotes.list', {});
    expect(refused).toMatchObject({ code: 'STORE_LOCKED' });
    expect(refused.message).toBe(access.message);
    // Not without the confirmation.
    expect((await h.refuse('storeAccess.startOver', {})).code).toBe('INVALID_INPUT');
    expect(digest(dir)).toEqual(before);

    const after = await h.call('storeAccess.startOver', { confirm: true });
    expect(after).toMatchObject({ state: 'open', protection: 'keychain' });
    expect((await h.call('quotes.list', {})).content).toEqual([]);
    // The unreadable copy is kept aside, still encrypted, byte for byte.
    const aside = fs.readdirSync(dir).find((f) => f.startsWith('unreadable-'))!;
    expect(digest(path.join(dir, aside))).toEqual(
      before.filter((l) => !l.startsWith('unreadable-')),
    );
  });

  it('when the keychain holds another key: a clear message, the file untouched', async () => {
    const dataDir = await dataDirWithProfile();
    let h = await start(dataDir);
    await aQuote(h);
    await stop(h);
    const dir = storeDirOf(dataDir);
    const rec = readProtection(dir)!;
    await keytar.setPassword(
      KEYCHAIN_SERVICE,
      storeKeyAccount(rec.keyId!),
      crypto.randomBytes(32).toString('hex'),
    );
    const before = digest(dir);
    h = await start(dataDir);
    const access = await h.call('storeAccess.status');
    expect(access).toMatchObject({ state: 'locked', reason: 'wrong-key' });
    if (access.state === 'locked')
      expect(access.message).toMatch(/does not open Northwind's quotes/);
    await stop(h);
    expect(digest(dir)).toEqual(before);
  });
});

describe('without a keychain', () => {
  it('asks at first start: a passphrase (too short refused at the field), then asks it at every start', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    let h = await start(dataDir, noKeychain);
    const first = await h.call('storeAccess.status');
    expect(first).toMatchObject({ state: 'locked', reason: 'choose', canStartOver: false });
    if (first.state === 'locked')
      expect(first.message).toMatch(/no system keychain to keep the key of Northwind's quotes/);
    const short = await h.refuse('storeAccess.choose', { mode: 'passphrase', passphrase: 'short' });
    expect(short).toMatchObject({ code: 'INVALID_INPUT', field: 'passphrase' });
    const chosen = await h.call('storeAccess.choose', {
      mode: 'passphrase',
      passphrase: 'correct horse battery',
    });
    expect(chosen).toMatchObject({ state: 'open', protection: 'passphrase' });
    const id = await aQuote(h);
    await stop(h);
    const dir = storeDirOf(dataDir);
    expect(isPlaintextDatabase(path.join(dir, 'quotedesk.sqlite'))).toBe(false);
    expect(readProtection(dir)).toMatchObject({
      mode: 'passphrase',
      scrypt: { N: 131072, r: 8, p: 1 },
    });

    h = await start(dataDir, noKeychain);
    expect(await h.call('storeAccess.status')).toMatchObject({
      state: 'locked',
      reason: 'passphrase',
      wrong: false,
    });
    const before = digest(dir);
    const wrong = await h.call('storeAccess.unlock', { passphrase: 'Correct horse battery' });
    expect(wrong).toMatchObject({ state: 'locked', reason: 'passphrase', wrong: true });
    if (wrong.state === 'locked') expect(wrong.message).toMatch(/does not open Northwind's quotes/);
    expect(digest(dir)).toEqual(before);
    const right = await h.call('storeAccess.unlock', { passphrase: 'correct horse battery' });
    expect(right).toMatchObject({ state: 'open', protection: 'passphrase' });
    expect((await h.call('quotes.get', { quoteId: id })).header.client.name).toBe(
      'Granite Peak Dental',
    );
  }, 60_000);

  it('keeps the store unencrypted when the user chooses so, and Settings says it plainly', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    const h = await start(dataDir, noKeychain);
    const chosen = await h.call('storeAccess.choose', { mode: 'none' });
    expect(chosen).toMatchObject({ state: 'open', protection: 'none' });
    if (chosen.state === 'open') expect(chosen.message).toMatch(/^Not encrypted/);
    await aQuote(h);
    expect(isPlaintextDatabase(path.join(storeDirOf(dataDir), 'quotedesk.sqlite'))).toBe(true);
  });
});

// The organisation's `dataProtection` (policy) decides how the quotes on this computer are
// protected, through the core as the app runs it: `keychain` never lets them stay unencrypted
// (the choice is not offered and the service refuses it), `passphrase` asks for one even where
// a keychain exists, `none` keeps them unencrypted without asking. Without a keychain the
// keychain is a fake that fails to load, as in store-protection.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataProtection } from '../../common/policy';
import { policyFrom } from '../../main/core/policy';
import { isPlaintextDatabase } from '../../main/store';
import { readProtection } from '../../main/vault';
import { keychainGate } from '../vault/keychain-required';
import {
  cleanUpAfterEach,
  dataDirWithProfile,
  noKeychain,
  startProtected,
  stop,
  storeDirOf,
} from './protection-fixtures';

const gate = await keychainGate();
cleanUpAfterEach();

/** The core as the organisation's policy file has it (`null`: a policy without the setting). */
const start = (
  dataDir: string,
  dataProtection: DataProtection | null,
  opts: { keychain?: typeof noKeychain; withoutKeychain?: 'ask' | 'unencrypted' } = {},
) =>
  startProtected(dataDir, {
    ...opts,
    policy: policyFrom('/etc/quotedesk/policy.json', dataProtection ? { dataProtection } : {}),
  });

describe('policy dataProtection, without a keychain', () => {
  it('`keychain`: "keep unencrypted" is not offered and the service refuses it; a passphrase encrypts', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    // Even where the build would keep the store unencrypted without asking.
    const h = await start(dataDir, 'keychain', {
      keychain: noKeychain,
      withoutKeychain: 'unencrypted',
    });
    const access = await h.call('storeAccess.status');
    expect(access).toMatchObject({ state: 'locked', reason: 'choose', canKeepUnencrypted: false });
    if (access.state === 'locked') expect(access.message).toMatch(/organisation requires/);
    const refused = await h.refuse('storeAccess.choose', { mode: 'none' });
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'mode' });
    expect(refused.message).toMatch(/organisation requires/);
    const dir = storeDirOf(dataDir);
    expect(readProtection(dir)).toBeNull();
    const opened = await h.call('storeAccess.choose', {
      mode: 'passphrase',
      passphrase: 'correct horse battery',
    });
    expect(opened).toMatchObject({ state: 'open', protection: 'passphrase' });
    await stop(h);
    expect(isPlaintextDatabase(path.join(dir, 'quotedesk.sqlite'))).toBe(false);
  });

  it('`keychain`: a store the salesperson had kept unencrypted is no longer opened unencrypted', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    const before = await start(dataDir, null, { keychain: noKeychain });
    expect(await before.call('storeAccess.choose', { mode: 'none' })).toMatchObject({
      state: 'open',
      protection: 'none',
    });
    await stop(before);
    const h = await start(dataDir, 'keychain', { keychain: noKeychain });
    expect(await h.call('storeAccess.status')).toMatchObject({
      state: 'locked',
      reason: 'choose',
      canKeepUnencrypted: false,
    });
    expect(
      await h.call('storeAccess.choose', {
        mode: 'passphrase',
        passphrase: 'correct horse battery',
      }),
    ).toMatchObject({ state: 'open', protection: 'passphrase' });
    // Encrypted on the way, with what was in it.
    const q = await h.call('quotes.create', { clientId: '1a1bd76a-3f0c-4ec9-b0e1-b7c4e1c1d001' });
    expect(q.header.client.name).toBe('Granite Peak Dental');
    await stop(h);
    expect(isPlaintextDatabase(path.join(storeDirOf(dataDir), 'quotedesk.sqlite'))).toBe(false);
  });

  it('`none`: unencrypted without asking, and Settings says so', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    const h = await start(dataDir, 'none', { keychain: noKeychain });
    expect(await h.call('storeAccess.status')).toMatchObject({ state: 'open', protection: 'none' });
    await stop(h);
    expect(readProtection(storeDirOf(dataDir))).toMatchObject({ mode: 'none' });
  });

  it('without a policy the choice stays the salesperson\'s ("keep unencrypted" offered)', async () => {
    const dataDir = await dataDirWithProfile(noKeychain);
    const h = await start(dataDir, null, { keychain: noKeychain });
    expect(await h.call('storeAccess.status')).toMatchObject({
      state: 'locked',
      reason: 'choose',
      canKeepUnencrypted: true,
    });
  });
});

describe.runIf(gate.run)('policy dataProtection, with the system keychain', () => {
  it('`passphrase`: asks for one although a keychain exists, never stores a key there', async () => {
    const dataDir = await dataDirWithProfile();
    const h = await start(dataDir, 'passphrase');
    const access = await h.call('storeAccess.status');
    expect(access).toMatchObject({ state: 'locked', reason: 'choose', canKeepUnencrypted: false });
    if (access.state === 'locked') expect(access.message).toMatch(/with a passphrase/);
    expect(
      await h.call('storeAccess.choose', {
        mode: 'passphrase',
        passphrase: 'correct horse battery',
      }),
    ).toMatchObject({ state: 'open', protection: 'passphrase' });
    expect(readProtection(storeDirOf(dataDir))).toMatchObject({ mode: 'passphrase' });
  });

  it('`none`: unencrypted without asking although a keychain exists', async () => {
    const dataDir = await dataDirWithProfile();
    const h = await start(dataDir, 'none');
    expect(await h.call('storeAccess.status')).toMatchObject({ state: 'open', protection: 'none' });
  });
});
if (!gate.run) console.log(`policy dataProtection with a keychain: not run (${gate.reason})`);

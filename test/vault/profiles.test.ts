// Profiles file: validation naming the field, atomic writes, an unreadable file kept aside.
// The keychain is deliberately made unavailable here (its loader throws): these tests are
// about the settings file, and the memory fallback keeps secrets for the session.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openVault,
  PROFILES_FILE_NAME,
  ProfileValidationError,
  type Vault,
} from '../../main/vault';

let dataDir: string;
let vault: Vault;
const noKeychain = {
  load: async () => {
    throw new Error('keychain deliberately unavailable in this test');
  },
};

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qd-profiles-'));
  vault = await openVault({ dataDir, keychain: noKeychain, log: () => undefined });
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function problemsOf(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProfileValidationError);
  return (err as ProfileValidationError).problems;
}

describe('connection profiles', () => {
  it('saves a profile to the settings file with defaults filled in, and lists it', async () => {
    const p = await vault.saveProfile({
      displayName: '  Northwind  ',
      baseUrl: 'https://quotes.example.test/',
      clientId: 'northwind-ada',
    });
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p).toMatchObject({
      displayName: 'Northwind',
      baseUrl: 'https://quotes.example.test',
      audience: 'https://quotes.example.test',
      clientId: 'northwind-ada',
    });
    const file = JSON.parse(await readFile(join(dataDir, PROFILES_FILE_NAME), 'utf8'));
    expect(file).toEqual({ version: 1, profiles: [p] });
    // Written through a temp file and renamed, with a copy of the list as written whole (for a
    // main file found damaged): nothing else is left behind.
    expect((await readdir(dataDir)).sort()).toEqual([
      PROFILES_FILE_NAME,
      `${PROFILES_FILE_NAME}.bak`,
    ]);
    const again = await openVault({ dataDir, keychain: noKeychain, log: () => undefined });
    expect(await again.listProfiles()).toEqual([p]);
  });

  it('replaces a profile with the same id and keeps the others', async () => {
    const a = await vault.saveProfile({
      id: 'a',
      displayName: 'A',
      baseUrl: 'https://a.test',
      clientId: 'x',
    });
    await vault.saveProfile({
      id: 'b',
      displayName: 'B',
      baseUrl: 'https://b.test',
      clientId: 'y',
    });
    await vault.saveProfile({ ...a, displayName: 'A renamed' });
    expect((await vault.listProfiles()).map((p) => [p.id, p.displayName])).toEqual([
      ['a', 'A renamed'],
      ['b', 'B'],
    ]);
  });

  it('refuses bad settings with an error naming each field, and saves nothing', async () => {
    const problems = await problemsOf(
      vault.saveProfile({
        id: 'has spaces',
        displayName: '',
        baseUrl: 'http://plain.example.test',
        clientId: '   ',
      }),
    );
    expect(problems.map((p) => p.field).sort()).toEqual([
      'baseUrl',
      'clientId',
      'displayName',
      'id',
    ]);
    expect(problems.find((p) => p.field === 'baseUrl')?.message).toMatch(/https/);
    expect(await vault.listProfiles()).toEqual([]);
  });

  it('refuses a CA file that cannot be read, naming the field', async () => {
    const problems = await problemsOf(
      vault.saveProfile({
        displayName: 'X',
        baseUrl: 'https://x.test',
        clientId: 'c',
        caFile: join(dataDir, 'missing-ca.pem'),
      }),
    );
    expect(problems).toEqual([
      { field: 'caFile', message: expect.stringContaining('missing-ca.pem') },
    ]);
  });

  it('refuses an empty secret, naming the field but never echoing a value', async () => {
    const problems = await problemsOf(
      vault.saveProfile({ displayName: 'X', baseUrl: 'https://x.test', clientId: 'c' }, ''),
    );
    expect(problems).toEqual([{ field: 'clientSecret', message: 'must not be empty' }]);
  });

  it('keeps an unreadable settings file aside instead of overwriting it', async () => {
    const path = join(dataDir, PROFILES_FILE_NAME);
    await writeFile(path, '{ this is not json');
    expect(await vault.listProfiles()).toEqual([]);
    const kept = (await readdir(dataDir)).filter((f) =>
      f.startsWith(`${PROFILES_FILE_NAME}.unreadable-`),
    );
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dataDir, kept[0]!), 'utf8')).toBe('{ this is not json');
    await vault.saveProfile({ displayName: 'Fresh', baseUrl: 'https://x.test', clientId: 'c' });
    expect(await vault.listProfiles()).toHaveLength(1);
  });

  it('a damaged list comes back from the copy of the last one written whole, the damaged file kept aside', async () => {
    const saved = await vault.saveProfile({
      displayName: 'Northwind',
      baseUrl: 'https://x.test',
      clientId: 'c',
    });
    const path = join(dataDir, PROFILES_FILE_NAME);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.slice(0, text.length / 2));
    const again = await openVault({ dataDir, keychain: noKeychain, log: () => undefined });
    expect((await again.listProfiles()).map((p) => p.id)).toEqual([saved.id]);
    expect(
      (await readdir(dataDir)).some((f) => f.startsWith(`${PROFILES_FILE_NAME}.unreadable-`)),
    ).toBe(true);
  });

  it('concurrent saves all land (no lost update)', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        vault.saveProfile({
          id: `p${i}`,
          displayName: `P${i}`,
          baseUrl: 'https://x.test',
          clientId: 'c',
        }),
      ),
    );
    expect((await vault.listProfiles()).map((p) => p.id).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i}`).sort(),
    );
  });

  it('without a keychain: says credentials will not be remembered, keeps the secret for the session', async () => {
    expect(await vault.status()).toMatchObject({
      remembered: false,
      message: expect.stringMatching(/^Credentials will not be remembered/),
    });
    const p = await vault.saveProfile(
      { displayName: 'X', baseUrl: 'https://x.test', clientId: 'c' },
      'sess-secret',
    );
    expect(await vault.getSecret(p.id)).toBe('sess-secret');
    const secretFree = await readFile(join(dataDir, PROFILES_FILE_NAME), 'utf8');
    expect(secretFree).not.toContain('sess-secret');
  });
});

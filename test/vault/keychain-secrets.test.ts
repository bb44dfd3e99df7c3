// The vault against the real Secret Service (gnome-keyring in dbus-run-session).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from '@napi-rs/keyring/keytar';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, openKeychain, openVault } from '../../main/vault';
import { keychainGate } from './keychain-required';

const gate = await keychainGate();

/** Every file under dir, recursively, as raw bytes. */
async function allFiles(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const p = join(e.parentPath, e.name);
    out.push({ path: p, bytes: await readFile(p) });
  }
  return out;
}

/** Captures everything this process prints while `fn` runs. */
async function capturingOutput<T>(fn: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = (c: unknown) => {
    chunks.push(typeof c === 'string' ? c : Buffer.from(c as Uint8Array).toString('utf8'));
    return true;
  };
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const saved = methods.map((m) => console[m]);
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  for (const m of methods)
    console[m] = (...args: unknown[]) => grab(args.map(String).join(' ') + '\n');
  try {
    const result = await fn();
    return { result, output: chunks.join('') };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    methods.forEach((m, i) => (console[m] = saved[i]!));
  }
}

describe.runIf(gate.run)('vault with the system keychain', () => {
  let dataDir: string;
  const ids: string[] = [];
  const newId = () => {
    const id = `test-${randomUUID()}`;
    ids.push(id);
    return id;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'qd-vault-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const id of ids) {
      await keytar.deletePassword(KEYCHAIN_SERVICE, id).catch(() => undefined);
      await keytar.deletePassword(KEYCHAIN_SERVICE, `${id}:token`).catch(() => undefined);
    }
  });

  it('finds a Secret Service to keep credentials in', async () => {
    const kc = await openKeychain();
    expect(await kc.status(), `keychain unreachable: ${gate.reason}`).toMatchObject({
      remembered: true,
    });
  });

  it('is found by every core that opens it at once (each probes an entry of its own)', async () => {
    // Six cores opening the keychain together, as a test run's apps or a second window do.
    const all = await Promise.all(Array.from({ length: 6 }, () => openKeychain()));
    expect((await Promise.all(all.map((kc) => kc.status()))).map((s) => s.remembered)).toEqual(
      Array(6).fill(true),
    );
  });

  it("reads a start's stored key back in one keychain call, and probes only where a read finds nothing", async () => {
    const account = newId();
    await keytar.setPassword(KEYCHAIN_SERVICE, account, 'the-store-key');
    const calls: string[] = [];
    // The real binding, its calls written down.
    const load = async () => ({
      getPassword: (s: string, a: string) => (calls.push('get'), keytar.getPassword(s, a)),
      setPassword: (s: string, a: string, p: string) => (
        calls.push('set'),
        keytar.setPassword(s, a, p)
      ),
      deletePassword: (s: string, a: string) => (calls.push('delete'), keytar.deletePassword(s, a)),
    });
    const kc = await openKeychain({ load });
    expect(await kc.get(account)).toBe('the-store-key');
    expect(await kc.status()).toMatchObject({ remembered: true });
    expect(calls).toEqual(['get']);

    const fresh = await openKeychain({ load });
    calls.length = 0;
    expect(await fresh.get(newId())).toBeUndefined();
    expect(await fresh.status()).toMatchObject({ remembered: true });
    // Nothing found proves nothing: a value written, read back and removed does.
    expect(calls).toEqual(['get', 'set', 'get', 'delete']);
  });

  it('saves, reads, replaces and deletes a client secret in the keychain, across restarts', async () => {
    const id = newId();
    const secret1 = `s1-${randomUUID()}`;
    const secret2 = `s2-${randomUUID()}`;
    const log: string[] = [];
    const vault = await openVault({ dataDir, log: (m) => log.push(m) });
    expect((await vault.status()).remembered).toBe(true);

    await vault.saveProfile(
      {
        id,
        displayName: 'Northwind',
        baseUrl: 'https://quotes.example.test/',
        clientId: 'northwind-ada',
      },
      secret1,
    );
    // Stored in the Secret Service itself, under service "quotedesk", account = profile id.
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBe(secret1);

    // A new vault (the app restarted) reads the same secret back.
    const reopened = await openVault({ dataDir, log: (m) => log.push(m) });
    expect(await reopened.getSecret(id)).toBe(secret1);
    expect(await reopened.getProfile(id)).toMatchObject({
      baseUrl: 'https://quotes.example.test',
      audience: 'https://quotes.example.test',
    });

    await reopened.setSecret(id, secret2);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBe(secret2);
    expect(await (await openVault({ dataDir, log: (m) => log.push(m) })).getSecret(id)).toBe(
      secret2,
    );

    await reopened.deleteSecret(id);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBeNull();
    expect(await reopened.hasSecret(id)).toBe(false);
    // The profile itself stays: only the credential went.
    expect(await reopened.getProfile(id)).toBeDefined();
  });

  it('deleting a profile removes its secret and cached token from the keychain', async () => {
    const id = newId();
    const vault = await openVault({ dataDir, log: () => undefined });
    const profile = await vault.saveProfile(
      { id, displayName: 'Gone soon', baseUrl: 'https://q.example.test', clientId: 'c' },
      'secret-to-delete',
    );
    await vault
      .tokenCache(profile)
      .save({ accessToken: 'a.b.c', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, `${id}:token`)).toContain('a.b.c');

    await vault.deleteProfile(id);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBeNull();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, `${id}:token`)).toBeNull();
    expect(await vault.listProfiles()).toEqual([]);
  });

  it('changing the server address forgets the cached token of the old one', async () => {
    const id = newId();
    const vault = await openVault({ dataDir, log: () => undefined });
    const p1 = await vault.saveProfile(
      { id, displayName: 'X', baseUrl: 'https://one.example.test', clientId: 'c' },
      'sec',
    );
    const token = {
      accessToken: 'tok-one',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    await vault.tokenCache(p1).save(token);
    expect(await vault.tokenCache(p1).load()).toEqual(token);

    const p2 = await vault.saveProfile({
      id,
      displayName: 'X',
      baseUrl: 'https://two.example.test',
      clientId: 'c',
    });
    expect(await vault.tokenCache(p2).load()).toBeUndefined();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, `${id}:token`)).toBeNull();
    // The secret was not touched by a settings change.
    expect(await vault.getSecret(id)).toBe('sec');
  });

  it('the secret appears in no file under the data directory and in no log output', async () => {
    const id = newId();
    const secret = `leak-check-${randomUUID()}`;
    const log: string[] = [];
    const { output } = await capturingOutput(async () => {
      const vault = await openVault({ dataDir, log: (m) => log.push(m) });
      await vault.saveProfile(
        { id, displayName: 'Leak check', baseUrl: 'https://q.example.test', clientId: 'c' },
        secret,
      );
      await vault.setSecret(id, `${secret}-2`);
      await vault.saveProfile({
        id,
        displayName: 'Leak check 2',
        baseUrl: 'https://q.example.test',
        clientId: 'c',
      });
      // A refused secret: the error names the field, not the value.
      await expect(vault.setSecret(id, '')).rejects.toThrow(/clientSecret/);
      console.log('vault log:', log.join('\n'));
    });
    const files = await allFiles(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.bytes.includes(secret), `secret found in ${f.path}`).toBe(false);
    }
    expect(log.length).toBeGreaterThan(0);
    expect(log.join('\n')).not.toContain(secret);
    expect(output).toContain('vault log:');
    expect(output).not.toContain(secret);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBe(`${secret}-2`);
  });
});

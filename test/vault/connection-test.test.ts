// "Test connection" against the real server: one message a salesperson can act on per
// failure. Unsaved settings (the form) need no keychain; saved profiles use the real one.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from '@napi-rs/keyring/keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, openVault, type Vault } from '../../main/vault';
import { startServer } from '../helpers/server';
import { keychainGate } from './keychain-required';

const gate = await keychainGate();
const SECRET = 'demo-secret-northwind-ada-7f3k';
let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let vault: Vault;
const logs: string[] = [];

beforeAll(async () => {
  server = await startServer();
  dataDir = await mkdtemp(join(tmpdir(), 'qd-conn-'));
  vault = await openVault({ dataDir, log: (m) => logs.push(m) });
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const settings = (over: Record<string, string | undefined> = {}) => ({
  displayName: 'Demo server',
  baseUrl: server.baseUrl,
  clientId: 'northwind-ada',
  caFile: server.caFile,
  ...over,
});

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('test connection with the settings typed in the form', () => {
  it('succeeds with the right settings and says how many quotes are visible', async () => {
    const r = await vault.testConnection({ profile: settings(), secret: SECRET });
    expect(r).toMatchObject({
      ok: true,
      message: expect.stringMatching(
        /^Connected to 127\.0\.0\.1:\d+\. \d+ quotes? (is|are) visible to you\.$/,
      ),
    });
  });

  it('wrong secret', async () => {
    const r = await vault.testConnection({ profile: settings(), secret: 'wrong-secret-value' });
    expect(r).toEqual({
      ok: false,
      problem: 'wrong-secret',
      message:
        'The client ID or client secret was not accepted. Check both with whoever gave you the credentials.',
    });
  });

  it('unreachable host', async () => {
    const port = await closedPort();
    const r = await vault.testConnection({
      profile: settings({ baseUrl: `https://127.0.0.1:${port}` }),
      secret: SECRET,
    });
    expect(r).toEqual({
      ok: false,
      problem: 'unreachable',
      message: `Quotedesk could not reach 127.0.0.1:${port}. Check the server address and your internet connection.`,
    });
  });

  it('certificate problem: the server CA is not trusted', async () => {
    const r = await vault.testConnection({
      profile: settings({ caFile: undefined }),
      secret: SECRET,
    });
    expect(r).toMatchObject({ ok: false, problem: 'certificate' });
    expect(r.message).toMatch(
      /security certificate of 127\.0\.0\.1:\d+ could not be verified, so nothing was sent/,
    );
  });

  it('certificate problem: the CA file chosen cannot be read', async () => {
    const missing = join(dataDir, 'no-such-ca.pem');
    const r = await vault.testConnection({
      profile: settings({ caFile: missing }),
      secret: SECRET,
    });
    expect(r).toEqual({
      ok: false,
      problem: 'certificate',
      message: `The certificate file chosen for this connection cannot be used (${missing}). Choose the file again.`,
    });
  });

  it('no access: credentials valid, but the token is for another audience', async () => {
    const r = await vault.testConnection({
      profile: settings({ audience: 'api://usage' }),
      secret: SECRET,
    });
    expect(r).toMatchObject({ ok: false, problem: 'no-access' });
    expect(r.message).toMatch(/^Signed in, but this account may not read quotes/);
  });

  it('an address that answers but is not a Quoting API', async () => {
    const r = await vault.testConnection({
      profile: settings({ baseUrl: `${server.baseUrl}/not-here` }),
      secret: SECRET,
    });
    expect(r).toMatchObject({ ok: false, problem: 'not-an-api' });
  });

  it('bad settings are named, not sent', async () => {
    const r = await vault.testConnection({
      profile: settings({ baseUrl: 'http://127.0.0.1:1' }),
      secret: SECRET,
    });
    expect(r).toMatchObject({
      ok: false,
      problem: 'unexpected',
      message: expect.stringContaining('baseUrl: must be an https:// address'),
    });
  });

  it('no message carries the secret', () => {
    expect(logs.join('\n')).not.toContain(SECRET);
  });
});

describe.runIf(gate.run)('test connection of a saved profile (system keychain)', () => {
  const id = `test-${randomUUID()}`;
  afterAll(async () => {
    await keytar.deletePassword(KEYCHAIN_SERVICE, id).catch(() => undefined);
    await keytar.deletePassword(KEYCHAIN_SERVICE, `${id}:token`).catch(() => undefined);
  });

  it('uses the keychain secret, caches the token there, and leaves neither in any file or log', async () => {
    await vault.saveProfile({ id, ...settings() }, SECRET);
    const r = await vault.testConnection(id);
    expect(r).toMatchObject({ ok: true });
    const stored = await keytar.getPassword(KEYCHAIN_SERVICE, `${id}:token`);
    expect(stored, 'the token is cached in the keychain').toBeTruthy();
    const token = JSON.parse(stored!).accessToken as string;

    // A client made by the vault later reuses that token and reads quotes.
    const client = await vault.createClient(id);
    expect(await client.getToken()).toBe(token);
    expect((await client.listQuotes({ limit: 1 })).page.size).toBe(1);
    await client.close();

    for (const f of await readdir(dataDir, { recursive: true })) {
      const bytes = await readFile(join(dataDir, f)).catch(() => Buffer.alloc(0));
      expect(bytes.includes(SECRET), `secret in ${f}`).toBe(false);
      expect(bytes.includes(token), `token in ${f}`).toBe(false);
    }
    expect(logs.join('\n')).not.toContain(SECRET);
    expect(logs.join('\n')).not.toContain(token);
  });
});

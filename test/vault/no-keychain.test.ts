// No keychain reachable (D-Bus pointing nowhere, the real keychain binding in a child process): the
// vault says plainly that credentials will not be remembered, and works for the session.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server';

const run = promisify(execFile);
const SECRET = 'demo-secret-northwind-ada-7f3k';
let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;

beforeAll(async () => {
  server = await startServer();
  dataDir = await mkdtemp(join(tmpdir(), 'qd-nokc-'));
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function session(mode: 'first' | 'second') {
  const { stdout, stderr } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/vault/no-keychain-session.ts',
      dataDir,
      server.baseUrl,
      server.caFile,
      mode,
    ],
    {
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
        QD_TEST_SECRET: SECRET,
      },
      timeout: 60_000,
    },
  );
  return { result: JSON.parse(stdout.trim().split('\n').pop()!), output: stdout + stderr };
}

describe('without a reachable keychain', () => {
  it('says credentials will not be remembered, and still works for the session', async () => {
    const { result, output } = await session('first');
    expect(result.status).toMatchObject({
      remembered: false,
      message: expect.stringMatching(/^Credentials will not be remembered/),
      reason: expect.stringMatching(/connect|D-Bus|nonexistent|No such file|platform storage/i),
    });
    expect(result.logs[0]).toMatch(/^Credentials will not be remembered/);
    expect(result.secretKept).toBe(true);
    expect(result.test).toMatchObject({ ok: true });
    expect(result.quotes).toBe(1);
    expect(output).not.toContain(SECRET);
    for (const f of await readdir(dataDir, { recursive: true })) {
      const bytes = await readFile(join(dataDir, f)).catch(() => Buffer.alloc(0));
      expect(bytes.includes(SECRET), `secret found in ${f}`).toBe(false);
    }
  });

  it('after a restart the profile is there, the secret is not, and the test says what to do', async () => {
    const { result } = await session('second');
    expect(result.profile).toMatchObject({ id: 'no-keychain', clientId: 'northwind-ada' });
    expect(result.hasSecret).toBe(false);
    expect(result.test).toEqual({
      ok: false,
      problem: 'missing-secret',
      message: 'Enter the client secret for this connection, then try again.',
    });
  });
});

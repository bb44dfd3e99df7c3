// What the installer ships, started as a user's machine starts it: the bundled Quoting API
// (out/server/cli.cjs) on plain Node — to its ready line, a token, the demo quotes — and the
// embedded server's life tied to the app's: it ends when the app is killed, and a start
// copes with a run left over from before.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftoverPid, startEmbeddedServer } from '../../main/core/embedded-server';
import { silentLogger } from '../../main/core/log';
import { DEMO, login } from '../helpers/server-api';
import { REPO_ROOT } from '../helpers/server';
import { buildPackagedOut, type PackagedOut } from './packaged-build';

let built: PackagedOut;
const started: ChildProcess[] = [];
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-packaged-server-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  built = await buildPackagedOut();
}, 120_000);
afterAll(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  built?.remove();
});

function readyLine(child: ChildProcess): Promise<{ baseUrl: string; caFile: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)) as { baseUrl: string; caFile: string });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready: ${err}`)));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitUntil(what: string, cond: () => boolean, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('the bundled Quoting API (out/server/cli.cjs) on plain Node', () => {
  it('starts to its ready line, issues a token and lists the demo quotes', async () => {
    const child = spawn(
      process.execPath,
      [built.serverCjs, '--port', '0', '--data-dir', tempDir(), '--seed', built.seedFile],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.push(child);
    const ready = await readyLine(child);
    expect(ready.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const api = await login(ready.baseUrl, fs.readFileSync(ready.caFile, 'utf8'), DEMO.ada);
    expect(api.token).toBeTruthy();
    const list = await api.call('GET', '/v2/quotes?limit=5');
    expect(list.status).toBe(200);
    const page = list.json as { content: Array<{ referenceCode: string }> };
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content[0]!.referenceCode).toMatch(/^Q-\d{4}-\d{6}$/);
    child.kill('SIGTERM');
  }, 60_000);
});

describe('the embedded server ends with the app', () => {
  it.each(['spawn', 'fork'] as const)(
    'exits when the app process is killed (kill -9), started by %s',
    async (mode) => {
      const dataDir = tempDir();
      const parent = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'test/electron/embedded-parent.ts'),
          built.serverCjs,
          dataDir,
          built.seedFile,
          mode,
        ],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      started.push(parent);
      const { pid } = (await readyLine(parent)) as unknown as { pid: number };
      expect(alive(pid)).toBe(true);
      expect(leftoverPid(dataDir)).toBe(pid);
      parent.kill('SIGKILL');
      await waitUntil('the embedded server to exit after its parent was killed', () => !alive(pid));
      expect(alive(pid)).toBe(false);
    },
    60_000,
  );

  it('a start with a leftover server on the same data directory and port still works', async () => {
    const dataDir = tempDir();
    // A run left from before (an app version without the parent watch, say): no parent tie.
    const leftover = spawn(
      process.execPath,
      [built.serverCjs, '--port', '0', '--data-dir', dataDir, '--seed', built.seedFile],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    started.push(leftover);
    const old = await readyLine(leftover);
    const oldPort = Number(new URL(old.baseUrl).port);
    const server = await startEmbeddedServer({
      run: { command: process.execPath, args: [built.serverCjs] },
      dataDir,
      seedFile: built.seedFile,
      preferredPort: oldPort,
      clientSecret: 'secret-of-this-installation',
      log: silentLogger,
    });
    try {
      await waitUntil(
        'the leftover to end',
        () => leftover.exitCode !== null || leftover.signalCode !== null,
      );
      expect(server.port).toBe(oldPort);
      const ca = fs.readFileSync(server.caFile, 'utf8');
      const api = await login(server.baseUrl, ca, {
        clientId: DEMO.ada.clientId,
        secret: 'secret-of-this-installation',
      });
      expect((await api.call('GET', '/v2/quotes?limit=1')).status).toBe(200);
      // The secret published in the seed opens nothing on this installation's server.
      await expect(login(server.baseUrl, ca, DEMO.ada)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  }, 60_000);
});

// A first start on a slow machine: the embedded server seeding a large demo takes longer than
// the ready limit, but says how far it got; the app waits as long as it goes on, and gives up
// only on a server that says nothing. The slow server is a stand-in (a script that reports
// progress as the seeding server does, then its ready line): the real one cannot be made slow
// on demand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer, type EmbeddedServer } from '../../main/core/embedded-server';
import { silentLogger } from '../../main/core/log';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-embedded-slow-'));
const started: EmbeddedServer[] = [];

afterAll(async () => {
  for (const s of started) await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A stand-in server: `lines` progress lines 250 ms apart on stderr, then the ready line. */
function standIn(name: string, lines: number): string {
  const file = path.join(dir, `${name}.cjs`);
  fs.writeFileSync(
    file,
    `let n = 0;
const tick = setInterval(() => {
  if (n++ < ${lines}) {
    process.stderr.write(JSON.stringify({ level: 'info', event: 'seed.progress', quotes: n * 1000 }) + '\\n');
    return;
  }
  clearInterval(tick);
  process.stdout.write(JSON.stringify({ event: 'listening', baseUrl: 'https://127.0.0.1:4443', caFile: '/ca.pem' }) + '\\n');
  setInterval(() => {}, 1000);
}, 250);
`,
  );
  return file;
}

function start(script: string, dataDir: string) {
  return startEmbeddedServer({
    run: { command: process.execPath, args: [script] },
    dataDir: path.join(dir, dataDir),
    seedFile: path.join(dir, 'seed.json'),
    clientSecret: 'this-installation',
    log: silentLogger,
    readyTimeoutMs: 3000,
  });
}

describe('the embedded server while it seeds (a stand-in: the real one is not slow on demand)', () => {
  it('is waited for past the ready limit while it reports progress', async () => {
    // 32 lines 250 ms apart: 8 s, well past the 3 s limit, never 3 s without a line.
    const server = await start(standIn('seeding', 32), 'seeding');
    started.push(server);
    expect(server.baseUrl).toBe('https://127.0.0.1:4443');
  });

  it('is given up on after the limit of silence, with a message that says so', async () => {
    const silent = path.join(dir, 'silent.cjs');
    fs.writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    await expect(start(silent, 'silent')).rejects.toThrow(/nothing from it for 3 s/);
  });
});

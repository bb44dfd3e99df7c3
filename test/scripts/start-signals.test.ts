// `npm start` as a developer runs it, ended the two ways it is ended: Ctrl+C (SIGINT) and a
// plain `kill` or a process manager (SIGTERM), each sent to the npm process alone. Afterwards
// nothing it started is left running: not the app, not the embedded Quoting API; and the app
// stopped in order (it said so), also when it was too busy to answer the signal at once.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/server';

const started: number[] = [];

afterEach(() => {
  // Whatever a failed run left behind is ended here, not in the next test.
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Every process below `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    let children: number[] = [];
    try {
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const text = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        if (text) children = children.concat(text.split(/\s+/).map(Number));
      }
    } catch {
      return; // gone meanwhile
    }
    for (const c of children) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** The command line of a live process; null when there is none (or only its zombie). */
function commandOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return null;
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null; // no such process
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `busyMs`: the app is frozen (SIGSTOP) while the signal arrives and for that long after,
 *  standing in for a laptop too loaded to run it for a moment (a real load can't be made on
 *  demand): a relay between npm and the app must not kill it for not answering at once. */
async function startAndStop(signal: NodeJS.Signals, busyMs = 0) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-start-'));
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, QUOTEDESK_MODE: 'browser', QUOTEDESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm.pid!);
  let output = '';
  npm.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
  npm.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
  await expect
    .poll(() => output, { timeout: 150_000, interval: 250 })
    .toContain('Press Ctrl+C to stop');
  const tree = descendants(npm.pid!);
  started.push(...tree);
  const commands = tree.map((p) => commandOf(p) ?? '');
  // What is running: tsx with the start script, and the embedded server (tsx, server/cli.ts).
  expect(commands.some((c) => c.includes('scripts/start.ts'))).toBe(true);
  expect(commands.some((c) => c.includes('server/cli.ts'))).toBe(true);

  // The app itself: the deepest process running the start script.
  const app = tree.filter((_, i) => commands[i]?.includes('scripts/start.ts')).at(-1)!;
  if (busyMs) process.kill(app, 'SIGSTOP');
  npm.kill(signal);
  if (busyMs) {
    await new Promise((resolve) => setTimeout(resolve, busyMs));
    if (commandOf(app) !== null) process.kill(app, 'SIGCONT');
  }
  await exited(npm);
  await expect
    .poll(() => tree.map((p) => commandOf(p)).filter((c) => c !== null), {
      timeout: 30_000,
      interval: 250,
    })
    .toEqual([]);
  // It stopped as asked (its output may still be on its way when npm has gone).
  await expect.poll(() => output, { timeout: 10_000 }).toContain(`Stopping on ${signal}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

describe('npm start', () => {
  if (!fs.existsSync('/proc/self/task')) {
    console.log('npm start signal tests skipped: they read the process tree from /proc (Linux)');
    return;
  }

  it('ends the app and the embedded server on SIGTERM', async () => {
    await startAndStop('SIGTERM');
  }, 240_000);

  it('ends the app and the embedded server on SIGINT (Ctrl+C)', async () => {
    await startAndStop('SIGINT');
  }, 240_000);

  it('stops in order on Ctrl+C while the app is too busy to answer at once (frozen with SIGSTOP for 0.5 s)', async () => {
    await startAndStop('SIGINT', 500);
  }, 240_000);
});

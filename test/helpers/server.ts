// Starts the real Quoting API as its own process, exactly as `npm run server` does, and reads
// its one JSON ready line. Used by every test that needs a server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_SEED = join(REPO_ROOT, 'test/fixtures/demo-seed.json');

/** The app's embedded demo Quoting API as tests have the core start it: the real CLI, the demo data. */
export const EMBEDDED_DEMO = {
  run: {
    command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
    args: [join(REPO_ROOT, 'server/cli.ts')],
    cwd: REPO_ROOT,
  },
  seedFile: join(REPO_ROOT, 'server/seed/demo.json'),
};

export interface StartedServer {
  baseUrl: string;
  caFile: string;
  ca: string;
  dataDir: string;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Everything the process wrote to stderr so far (its structured log). */
  stderr(): string;
  /** Waits (bounded) until stderr holds a complete line containing `text`; the log arrives a little after the response. */
  waitForLog(text: string, timeoutMs?: number): Promise<void>;
  process: ChildProcess;
}

export interface StartOptions {
  seed?: string;
  /** Reused across restarts when given (and then kept); otherwise a fresh temp dir, removed on stop. */
  dataDir?: string;
  port?: number;
  /** Extra CLI arguments, e.g. to test how bad ones are refused. */
  args?: string[];
  /**
   * Runs only when the machine's cores are otherwise idle (Linux SCHED_IDLE, via `chrt`): a
   * bench whose server stands for another machine keeps it off the core of the app it measures.
   */
  idle?: boolean;
  /** How long seeding and start may take (default 60 s; a 100,000-quote seed takes longer). */
  readyTimeoutMs?: number;
}

/**
 * `command` run only on cores nothing else wants (Linux SCHED_IDLE, through util-linux's
 * `chrt`); elsewhere as it is.
 */
export function atIdlePriority(command: string, args: string[]): [string, string[]] {
  return process.platform === 'linux'
    ? ['chrt', ['--idle', '0', command, ...args]]
    : [command, args];
}

export async function startServer(opts: StartOptions = {}): Promise<StartedServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'quotedesk-server-'));
  const args = [
    join(REPO_ROOT, 'server/cli.ts'),
    '--port',
    String(opts.port ?? 0),
    '--data-dir',
    dataDir,
    '--seed',
    opts.seed ?? DEMO_SEED,
    ...(opts.args ?? []),
  ];
  // tsx's own binary (what `npx tsx` runs) relays SIGTERM to the server process.
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  const [command, argv] = opts.idle ? atIdlePriority(tsx, args) : [tsx, args];
  const child = spawn(command, argv, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));

  const ready = await new Promise<{ baseUrl: string; caFile: string }>((res, rej) => {
    const limit = opts.readyTimeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`server did not get ready in ${limit / 1000} s; stderr:\n${stderr}`));
    }, limit);
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const nl = stdout.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      try {
        res(JSON.parse(stdout.slice(0, nl)) as { baseUrl: string; caFile: string });
      } catch (e) {
        rej(new Error(`ready line is not JSON: ${stdout.slice(0, nl)} (${(e as Error).message})`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      rej(new Error(`server exited with ${code} before it was ready; stderr:\n${stderr}`));
    });
  });

  let stopping: Promise<number | null> | undefined;
  return {
    baseUrl: ready.baseUrl,
    caFile: ready.caFile,
    ca: readFileSync(ready.caFile, 'utf8'),
    dataDir,
    process: child,
    stderr: () => stderr,
    async waitForLog(text: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const complete = () => stderr.slice(0, stderr.lastIndexOf('\n') + 1);
      while (!complete().includes(text)) {
        if (Date.now() > deadline) throw new Error(`no log line with ${text} in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        const code = await exited;
        clearTimeout(timer);
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
        return code;
      })();
      return stopping;
    },
  } as StartedServer;
}

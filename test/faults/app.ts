// The app as browser mode ships it, for the fault suite: main/browser.ts bundled (the core and
// its loopback bridge, out/main/browser.cjs) with the bundled embedded Quoting API, started on
// plain Node in a process of its own and driven only through the bridge (calls over HTTP, events
// over its event stream). Faults are made for real around it: its files, its disk, its process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, vi } from 'vitest';
import {
  TOKEN_HEADER,
  type CallName,
  type EventName,
  type IpcInput,
  type IpcOutput,
  type IpcResult,
} from '../../common/ipc';
import { buildBrowser, buildServer } from '../../scripts/build';
import { REPO_ROOT } from '../helpers/server';

/** Longest a call may take to be answered, whatever the fault (the bound). */
export const ANSWER_WITHIN_MS = 5_000;

/** Builds the bundles once per test file, inside the repository (they find node_modules). */
export async function buildApp(): Promise<string> {
  fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
  const out = fs.mkdtempSync(path.join(REPO_ROOT, 'test-results', 'fault-app-'));
  // Readable by every user: a case runs the app as an ordinary account.
  fs.chmodSync(out, 0o755);
  await Promise.all([buildBrowser(out), buildServer(out)]);
  return out;
}

/**
 * A test file's apps: the bundle built once before its cases, every app a case starts killed
 * after them and the bundle removed. `defaults` are the file's own start options.
 */
export function faultApps(defaults: Partial<StartOptions> = {}) {
  // A case starts the bundle, makes its fault, waits it out and starts the app again: on a
  // loaded machine more than the suite's 60 s default (CI timed out a case whose every step
  // was still under its own bound). Each wait inside a case has its own, shorter bound.
  vi.setConfig({ testTimeout: 240_000 });
  let out = '';
  const running: StartedApp[] = [];
  beforeAll(async () => {
    out = await buildApp();
  });
  afterAll(async () => {
    for (const app of running) await app.kill();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });
  return async (opts: StartOptions): Promise<StartedApp> => {
    const app = await startApp(out, { ...defaults, ...opts });
    running.push(app);
    return app;
  };
}

export interface AppEvent {
  event: EventName;
  payload: Record<string, unknown>;
}

export interface StartedApp {
  pid: number;
  origin: string;
  /** Calls through the bridge; the raw result (never throws for an error value). */
  call<N extends CallName>(name: N, input?: IpcInput<N>): Promise<IpcResult<IpcOutput<N>>>;
  /** Like `call`, but the value, failing the test on an error. */
  value<N extends CallName>(name: N, input?: IpcInput<N>): Promise<IpcOutput<N>>;
  /** Every event the app pushed since it started. */
  events: AppEvent[];
  /** True while the process runs. */
  alive(): boolean;
  /** What the process printed (stdout and stderr). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM, waiting for it to close in order. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** No keychain reachable: the store stays unencrypted (`--without-keychain unencrypted`). */
  noKeychain?: boolean;
  /** Extra environment (a fake time, say). */
  env?: Record<string, string>;
  /** A script Node runs in the app's process before it (`--require`): a test's own fault. */
  preload?: string;
  /** Run as this user and group (as a salesperson's account, which a folder's permissions bind). */
  user?: { uid: number; gid: number };
  /** Same address and token as an earlier run, so a client keeps talking to it. */
  port?: number;
  token?: string;
}

export async function startApp(out: string, opts: StartOptions): Promise<StartedApp> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  if (opts.noKeychain) delete env.DBUS_SESSION_BUS_ADDRESS;
  const args = [
    ...(opts.preload ? ['--require', opts.preload] : []),
    path.join(out, 'main', 'browser.cjs'),
    '--data-dir',
    opts.dataDir,
    ...(opts.noKeychain ? ['--without-keychain', 'unencrypted'] : []),
    ...(opts.port ? ['--port', String(opts.port)] : []),
    ...(opts.token ? ['--token', opts.token] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.user ?? {}),
  });
  let printed = '';
  child.stderr!.on('data', (d: Buffer) => (printed += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ origin: string; token: string }>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`the app ended before it was ready (${code ?? signal}):\n${printed}`)),
    );
    // The first line says where the page is (the core still opening), the second that the core
    // is open: the suite's calls are timed from there (main/browser.ts).
    let first: { origin: string; token: string } | null = null;
    const onLine = (line: string) => {
      if (!first) first = JSON.parse(line) as { origin: string; token: string };
      else if ((JSON.parse(line) as { open?: boolean }).open) {
        lines.off('line', onLine);
        resolve(first);
      }
    };
    lines.on('line', onLine);
  });
  lines.on('line', (l) => (printed += `${l}\n`));
  const events: AppEvent[] = [];
  const stream = listen(ready.origin, ready.token, events);

  const call = async <N extends CallName>(name: N, input?: IpcInput<N>) => {
    try {
      const res = await fetch(`${ready.origin}/ipc/${name}`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: ready.token, 'content-type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      return (await res.json()) as IpcResult<IpcOutput<N>>;
    } catch (error) {
      const alive = child.exitCode === null && child.signalCode === null;
      throw new Error(
        `${name} was not answered within ${ANSWER_WITHIN_MS} ms (${String(error)}); the app ${alive ? 'runs' : 'has ended'}:\n${printed.slice(-2000)}`,
      );
    }
  };
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    pid: child.pid!,
    origin: ready.origin,
    call,
    async value(name, input) {
      const r = await call(name, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    events,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => printed,
    async kill(signal = 'SIGKILL') {
      stream.abort();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async stop() {
      stream.abort();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Reads the bridge's event stream into `into` until aborted. */
function listen(origin: string, token: string, into: AppEvent[]): AbortController {
  const ac = new AbortController();
  void (async () => {
    const res = await fetch(`${origin}/events?token=${encodeURIComponent(token)}`, {
      signal: ac.signal,
    });
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) into.push(JSON.parse(data.slice(6)) as AppEvent);
      }
    }
  })().catch(() => {});
  return ac;
}

/**
 * Text no answer may hold: a database driver's or Node's own words, which tell a salesperson
 * nothing (and may hold a path).
 */
export const RAW_ERROR_TEXT =
  /SQLITE_|database disk image|malformed|ENOSPC|EROFS|EACCES|ENOENT|errno|no such table|at [\w.<>]+ \(/;

/** Waits (bounded) until `check` holds, polling. */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

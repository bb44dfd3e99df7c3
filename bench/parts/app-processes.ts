// The app's own processes for the `memory` suite: the core bundled as main is and started on
// plain Node (`core-process.ts`), its embedded Quoting API (the bundled server, its child), and
// the renderer in Chromium; what each holds, read from the process itself (RSS from /proc
// before any collection the bench makes, the V8 heap after a full collection) and, for the
// renderer, through the DevTools protocol.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, CDPSession } from 'playwright-core';
import { TOKEN_HEADER, type CallName, type IpcInput, type IpcOutput } from '../../common/ipc';
import { buildMain, buildServer, NATIVE_MODULES } from '../../scripts/build';
import { REPO_ROOT } from '../../test/helpers/server';

export const MB = 2 ** 20;

export interface Bundles {
  dir: string;
  coreCjs: string;
  serverCjs: string;
  remove(): void;
}

/** The core child and the server as CommonJS bundles, as the installer ships main and server. */
export async function buildBundles(): Promise<Bundles> {
  // Inside the repository, so the bundles find node_modules (the native SQLite driver).
  fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'test-results', 'bench-memory-'));
  await buildServer(dir);
  const coreCjs = path.join(dir, 'bench', 'core-process.cjs');
  await buildMain({
    entry: path.join(REPO_ROOT, 'bench/parts/core-process.ts'),
    outfile: coreCjs,
    external: ['electron', ...NATIVE_MODULES],
    sourcemap: false,
    coreApart: true,
  });
  return {
    dir,
    coreCjs,
    serverCjs: path.join(dir, 'server', 'cli.cjs'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A line of /proc/<pid>/status in bytes (0 when the process is gone). */
function statusBytes(pid: number | undefined, field: string): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident set size of a process, from /proc (0 when it is gone). */
export function rssOf(pid: number | undefined): number {
  return statusBytes(pid, 'VmRSS');
}

/** Of the RSS, what is anonymous memory (heaps, malloc) rather than mapped files (code, ICU). */
export function anonRssOf(pid: number | undefined): number {
  return statusBytes(pid, 'RssAnon');
}

export interface CoreMemory {
  /** As the app holds it: read before the bench's collection. */
  rss: number;
  /** After it (what a full collection made now would leave). */
  rssAfterGc?: number;
  /** Anonymous RSS, read by the bench from /proc. */
  anon?: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The heap's resident bytes per V8 space (`new_space`, `old_space`, `code_space`…). */
  spaces?: Record<string, number>;
}

/** Milliseconds since the core process started (`startedAt`, wall clock in ms). */
export interface CoreTimings {
  startedAt: number;
  /** The entry's modules evaluated (the bridge's; the core's are loaded later). */
  loadedMs: number;
  /** The bridge listening: the page can be opened. */
  bridgeMs: number;
  /** CPU time (user + system) the process had used by then. */
  loadedCpuMs: number;
  bridgeCpuMs: number;
}

/** Once the core is open (its modules loaded, vault, store, first session): as above. */
export interface CoreOpenTimings {
  coreMs: number;
  coreCpuMs: number;
}

export interface CoreChild {
  pid: number;
  pageUrl: string;
  timings: CoreTimings;
  /** Answered once the core is open. */
  openTimings(): Promise<CoreOpenTimings>;
  /** The embedded server's process id (from its pid file), once it runs. */
  serverPid(): number | undefined;
  call<N extends CallName>(name: N, input?: IpcInput<N>): Promise<IpcOutput<N>>;
  memory(): Promise<CoreMemory>;
  snapshot(file: string): Promise<string>;
  close(): Promise<void>;
}

// long: the child's start, its ready line and the two channels to it (fork IPC, the bridge's HTTP) share its handle
export async function startCoreChild(
  bundles: Bundles,
  dataDir: string,
  staticDir: string,
  /** The embedded server's seed; null: no embedded server. */
  seedFile: string | null,
  launch: {
    /** Where the bundles' code cache is kept (main/code-cache.ts); default: the user's. */
    codeCacheDir?: string;
    /** The bridge's port; default: any free one. */
    port?: number;
  } = {},
): Promise<CoreChild> {
  // Talked to over its stdin and stdout, not an IPC channel: Node sets one up before the
  // entry runs (tens of ms of the start the launch figure counts), which the app's own
  // processes do not have.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--expose-gc',
      bundles.coreCjs,
      ...(seedFile ? [dataDir, staticDir, bundles.serverCjs, seedFile] : [dataDir, staticDir, '-']),
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...(launch.codeCacheDir ? { QUOTEDESK_CODE_CACHE_DIR: launch.codeCacheDir } : {}),
        ...(launch.port ? { QUOTEDESK_BENCH_PORT: String(launch.port) } : {}),
      },
    },
  );
  let next = 0;
  const pending = new Map<number, (v: unknown) => void>();
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{
    pageUrl: string;
    origin: string;
    token: string;
    timings: CoreTimings;
  }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`core child exited (${code}) before ready`)));
    let first = true;
    lines.on('line', (line) => {
      if (first) {
        first = false;
        resolve(JSON.parse(line));
        return;
      }
      if (!line.startsWith('{"id":')) return;
      const { id, value } = JSON.parse(line) as { id: number; value: unknown };
      pending.get(id)?.(value);
      pending.delete(id);
    });
  });
  let closing = false;
  child.on('exit', (code, signal) => {
    if (!closing) process.stderr.write(`the core child ended (code ${code}, signal ${signal})\n`);
  });
  const ask = <T>(op: string, extra: object = {}) =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve as (v: unknown) => void);
      child.stdin!.write(`${JSON.stringify({ id, op, ...extra })}\n`);
    });
  const pidFile = path.join(dataDir, 'embedded-server', 'server.pid');
  return {
    pid: child.pid!,
    pageUrl: ready.pageUrl,
    timings: ready.timings,
    openTimings: () => ask<CoreOpenTimings>('timings'),
    serverPid: () => {
      try {
        return Number(fs.readFileSync(pidFile, 'utf8').trim()) || undefined;
      } catch {
        return undefined;
      }
    },
    async call(name, input) {
      const send = () =>
        fetch(`${ready.origin}/ipc/${name}`, {
          method: 'POST',
          headers: { [TOKEN_HEADER]: ready.token, 'content-type': 'application/json' },
          body: input === undefined ? '' : JSON.stringify(input),
        });
      // A kept-alive connection the bridge closed as idle just as this call took it fails
      // before the call reaches the core: sent again once on a fresh one.
      const res = await send().catch((error: unknown) => {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
        return send();
      });
      const body = (await res.json()) as
        { ok: true; value: IpcOutput<typeof name> } | { ok: false; error: { message: string } };
      if (!body.ok) throw new Error(`${name}: ${body.error.message}`);
      return body.value;
    },
    // The anonymous RSS read first: the core's answer comes after its collection.
    memory: async () => {
      const anon = anonRssOf(child.pid);
      return { ...(await ask<CoreMemory>('mem')), anon };
    },
    snapshot: (file) => ask<string>('snapshot', { file }),
    async close() {
      closing = true;
      const exited = new Promise((r) => child.once('exit', r));
      await Promise.race([
        ask('close'),
        new Promise((r) => setTimeout(r, 30_000)), // a close that hangs is ended below
      ]);
      // Its own exit first, as the app's at quit: a start shorter than the code cache's
      // few seconds writes the cache then (main/code-cache.ts), which a kill would prevent.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface RendererMemory {
  /** The page's JS heap after a full collection (the main isolate). */
  heapUsed: number;
  heapTotal: number;
  /** The renderer process's RSS (the largest renderer, where Chromium runs several). */
  rss: number;
}

/** The renderer: its RSS from /proc, then its JS heap through CDP after a full collection. */
export async function rendererMemory(browser: Browser, cdp: CDPSession): Promise<RendererMemory> {
  const bcdp = await browser.newBrowserCDPSession();
  let rss = 0;
  try {
    const info = (await bcdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: Array<{ type: string; id: number }>;
    };
    // Before the collection below, as for the core.
    rss = info.processInfo
      .filter((p) => p.type === 'renderer')
      .reduce((m, p) => Math.max(m, rssOf(p.id)), 0);
  } finally {
    await bcdp.detach().catch(() => {});
  }
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return { heapUsed: heap.usedSize, heapTotal: heap.totalSize, rss };
}

/** A renderer heap snapshot through CDP's HeapProfiler, written to `file`. */
export async function rendererSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const onChunk = (e: { chunk: string }) => out.write(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await new Promise<void>((r) => out.end(r));
}

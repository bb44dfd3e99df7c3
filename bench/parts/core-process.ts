// The app's core in a process of its own for the `memory` and `ui` suites, bundled and run on
// plain Node as the installer ships main: the core (store, vault, sync engine, services), the
// loopback bridge the renderer talks to, and the embedded Quoting API (the bundled server, a
// child of this process, seeded with the partner's quotes; `-` for none), started as browser
// mode starts them (main/bridge/browser-app.ts: the bridge first, the core loaded and opened
// while the page loads). Prints one JSON line once the bridge listens:
// {"pageUrl","origin","token","pid","timings"}, the timings in ms since the process started
// (`startedAt`, wall clock): the entry's modules loaded, the bridge listening, and the CPU time
// it had used by each (a figure a busy machine does not inflate). Answers the bench's requests,
// a JSON line each on stdin, with a line {"id","value"} on stdout (no IPC channel: the app's
// own processes have none, and setting one up costs the start tens of ms):
//   {op: 'timings'}            → once the core is open: {coreMs, coreCpuMs}, as above
//   {op: 'mem'}                → this process's RSS, then its heap after a full GC
//   {op: 'snapshot', file}     → a V8 heap snapshot written to `file`
//   {op: 'close'}              → the core closed (the embedded server with it), then exit
//   node --expose-gc core-process.cjs <dataDir> <staticDir> <serverCjs|-> [seedFile]
import { createInterface } from 'node:readline';
import v8 from 'node:v8';
import { runBrowserApp } from '../../main/bridge/browser-app';
import { silentLogger } from '../../main/core/log';

type Request = { id: number; op: 'mem' | 'timings' | 'snapshot' | 'close'; file?: string };

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * The RSS as the app holds it, read before the bench's own collection (a full collection made
 * while little is allocated gives back space V8 kept, which the app on its own may not do);
 * the heap's live size after two full collections (garbage not yet collected is no leak).
 */
function memory() {
  const rss = process.memoryUsage.rss();
  // Where the heap's committed size sits: a young generation grown by a burst of allocation
  // stays committed (and resident) after the burst, though nothing lives in it.
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]),
  );
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  return {
    ...m,
    rss,
    rssAfterGc: m.rss,
    totalHeapSize: heap.total_heap_size,
    mallocedMemory: heap.malloced_memory,
    spaces,
  };
}

// A CommonJS bundle has no top-level await.
async function main(): Promise<void> {
  // The bundle's entry is evaluated before this runs: the bridge's modules; the core's load
  // when it is first wanted (main/bridge/browser-app.ts).
  const loadedMs = performance.now();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const loadedCpuMs = cpu();
  const [dataDir, staticDir, serverCjs, seedFile] = process.argv.slice(2);
  const app = runBrowserApp({
    core: {
      dataDir: dataDir!,
      platform: { mode: 'browser' },
      version: 'bench',
      log: silentLogger,
      embedded:
        serverCjs && serverCjs !== '-'
          ? { run: { command: process.execPath, args: [serverCjs] }, seedFile: seedFile! }
          : null,
      // No keychain session here: the store as a salesperson who chose "keep unencrypted" has it.
      withoutKeychain: 'unencrypted',
    },
    staticDir: staticDir!,
    // A port the bench keeps across its starts, as the app's own page keeps its origin
    // (`quotedesk://app`): the renderer's cache and code cache are per origin.
    ...(process.env.QUOTEDESK_BENCH_PORT ? { port: Number(process.env.QUOTEDESK_BENCH_PORT) } : {}),
    // The page is opened as soon as the bridge listens, as main/browser.ts says it can be.
    onListening: (bridge) => {
      const timings = {
        startedAt: performance.timeOrigin,
        loadedMs,
        bridgeMs: performance.now(),
        loadedCpuMs,
        bridgeCpuMs: cpu(),
      };
      process.stdout.write(
        `${JSON.stringify({ pageUrl: bridge.pageUrl, origin: bridge.origin, token: bridge.token, pid: process.pid, timings })}\n`,
      );
    },
  });
  const opened = app.then(() => ({ coreMs: performance.now(), coreCpuMs: cpu() }));

  // The bench's requests, a JSON line each on stdin, read once the core is open (all of
  // them come after); the answers are JSON lines on stdout after the first.
  const reply = (id: number, value: unknown) =>
    process.stdout.write(`${JSON.stringify({ id, value })}\n`);
  const serve = (req: Request) => {
    if (req.op === 'mem') reply(req.id, memory());
    else if (req.op === 'timings') void opened.then((t) => reply(req.id, t));
    else if (req.op === 'snapshot') {
      gc?.();
      reply(req.id, v8.writeHeapSnapshot(req.file));
    } else if (req.op === 'close') {
      void app
        .then((a) => a.close())
        .then(() =>
          process.stdout.write(`${JSON.stringify({ id: req.id, value: true })}\n`, () =>
            process.exit(0),
          ),
        );
    }
  };
  void app.then(() =>
    createInterface({ input: process.stdin }).on('line', (line) =>
      serve(JSON.parse(line) as Request),
    ),
  );
  await app;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

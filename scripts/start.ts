// `npm start`: the desktop app where the Electron runtime is installed; otherwise browser
// mode — the same core behind the loopback bridge, with the URL to open printed.
//   QUOTEDESK_DATA_DIR   data directory (default: the platform's app-data folder)
//   QUOTEDESK_MODE       force `browser` or `electron`
//   QUOTEDESK_PORT       bridge port in browser mode (default: any free port)
// SIGTERM and SIGINT (Ctrl+C) alike end everything it started: the Electron app, or the
// bridge, the core and the embedded Quoting API in browser mode. The npm script `exec`s Node
// with tsx as a loader (`node --import tsx`), not the tsx command: npm's signal reaches this
// process itself. The tsx command would relay it and SIGKILL this process when it has not
// acknowledged within 30 ms (a loaded laptop), so nothing would be stopped in order.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runBrowserApp } from '../main/bridge';
import { resolveDataDir } from '../main/core';
import {
  buildElectron,
  buildRenderer,
  buildServer,
  electronRuntime,
  OUT,
  rendererIsStale,
  ROOT,
} from './build';

/** What is running, ended last-started-first when a signal asks to stop. */
const running: (() => Promise<void>)[] = [];
let stopping = false;

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n[quotedesk] Stopping on ${signal} (letting a running sync step finish)…`);
  for (const end of running.reverse()) {
    try {
      await end();
    } catch (error) {
      console.error(`[quotedesk] While stopping: ${String(error)}`);
    }
  }
  process.exit(0);
}

/** Ends a child with `signal`, then SIGKILL if it is still there after 10 s. */
function endChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

async function startElectron(bin: string): Promise<void> {
  console.log('[quotedesk] Building the desktop app…');
  if (rendererIsStale()) await buildRenderer();
  await buildElectron();
  await buildServer();
  // Native modules in node_modules are built for Node (the tests use them); the app needs
  // them built for Electron's ABI, in out/node_modules, which the main bundle finds first.
  const native = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/.bin/tsx'), 'scripts/build-native.ts', '--dev'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (native.status !== 0) {
    console.log(
      '[quotedesk] Native modules could not be built for Electron; starting browser mode instead.',
    );
    return startBrowser();
  }
  const child = spawn(bin, [ROOT], { stdio: 'inherit', env: { ...process.env } });
  // Electron ends its embedded server (a utility process) itself.
  running.push(() => endChild(child, 'SIGTERM'));
  child.on('exit', (code) => {
    if (!stopping) process.exit(code ?? 0);
  });
}

async function startBrowser(reason?: string): Promise<void> {
  if (reason) console.log(`[quotedesk] No Electron runtime (${reason}): starting in browser mode.`);
  if (rendererIsStale()) {
    console.log('[quotedesk] Building the user interface (vite build)…');
    await buildRenderer();
  }
  const dataDir = resolveDataDir();
  console.log(`[quotedesk] Data directory: ${dataDir}`);
  const version = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const port = process.env.QUOTEDESK_PORT ? Number(process.env.QUOTEDESK_PORT) : 0;
  // The same app as the bundle main/browser.ts: the core behind the bridge, guarded so that no
  // fault ends it (docs/architecture.md#faults).
  const app = await runBrowserApp({
    core: {
      dataDir,
      platform: { mode: 'browser' },
      version,
      fontsDir: path.join(ROOT, 'node_modules/pdfmake/fonts/Roboto'),
      embedded: {
        run: {
          // Node with the tsx loader, for the same reason as above: the server's SIGTERM
          // reaches it, it is not killed by a relay that waited 30 ms.
          command: process.execPath,
          args: ['--import', 'tsx', path.join(ROOT, 'server/cli.ts')],
          cwd: ROOT,
        },
        seedFile: path.join(ROOT, 'server/seed/demo.json'),
      },
    },
    staticDir: path.join(OUT, 'renderer'),
    port,
  });
  running.push(() => app.close());
  const info = app.core().info();
  const { bridge } = app;
  if (info.embeddedServerUrl)
    console.log(`[quotedesk] Embedded Quoting API (demo data): ${info.embeddedServerUrl}`);
  console.log(`[quotedesk] Logs: ${info.logsDir}`);
  console.log(
    '[quotedesk] Quotedesk is running in browser mode. Open this address in Chromium or Chrome:',
  );
  console.log(`\n  ${bridge.pageUrl}\n`);
  console.log('[quotedesk] Press Ctrl+C to stop.');
}

async function main(): Promise<void> {
  // From the start: a signal while building or starting ends what has started so far (the
  // embedded server also ends with this process, which it watches).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  const forced = process.env.QUOTEDESK_MODE;
  if (forced === 'browser') return startBrowser();
  const runtime = electronRuntime();
  if ('path' in runtime) return startElectron(runtime.path);
  if (forced === 'electron') throw new Error(`QUOTEDESK_MODE=electron, but ${runtime.missing}`);
  return startBrowser(runtime.missing);
}

main().catch((error) => {
  console.error(
    `[quotedesk] Could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});

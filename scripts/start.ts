// `npm start`: the desktop app where the Electron runtime is installed; otherwise browser
// mode — the same core behind the loopback bridge, with the URL to open printed.
//   QUOTEDESK_DATA_DIR   data directory (default: the platform's app-data folder)
//   QUOTEDESK_MODE       force `browser` or `electron`
//   QUOTEDESK_PORT       bridge port in browser mode (default: any free port)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startBridge } from '../main/bridge';
import { createCore, resolveDataDir } from '../main/core';
import {
  buildElectron,
  buildRenderer,
  buildServer,
  electronRuntime,
  OUT,
  rendererIsStale,
  ROOT,
} from './build';

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
  child.on('exit', (code) => process.exit(code ?? 0));
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
  const core = await createCore({
    dataDir,
    platform: { mode: 'browser' },
    version,
    fontsDir: path.join(ROOT, 'node_modules/pdfmake/fonts/Roboto'),
    embedded: {
      run: {
        command: path.join(ROOT, 'node_modules/.bin/tsx'),
        args: [path.join(ROOT, 'server/cli.ts')],
        cwd: ROOT,
      },
      seedFile: path.join(ROOT, 'server/seed/demo.json'),
    },
  });
  const info = core.info();
  if (info.embeddedServerUrl)
    console.log(`[quotedesk] Embedded Quoting API (demo data): ${info.embeddedServerUrl}`);
  const port = process.env.QUOTEDESK_PORT ? Number(process.env.QUOTEDESK_PORT) : 0;
  const bridge = await startBridge({
    dispatch: core.dispatch,
    hub: core.hub,
    staticDir: path.join(OUT, 'renderer'),
    port,
    log: core.log,
  });
  console.log(`[quotedesk] Logs: ${info.logsDir}`);
  console.log(
    '[quotedesk] Quotedesk is running in browser mode. Open this address in Chromium or Chrome:',
  );
  console.log(`\n  ${bridge.pageUrl}\n`);
  console.log('[quotedesk] Press Ctrl+C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[quotedesk] Stopping (letting a running sync step finish)…');
    await bridge.close();
    await core.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function main(): Promise<void> {
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

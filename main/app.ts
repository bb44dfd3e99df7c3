// Electron's entry (bundled to out/main/app.cjs): resolves where things are, then hands
// over to the shell. The only other file besides main/electron/ that imports electron.
import { app } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import {
  createCore,
  createFileLogger,
  dataPaths,
  keepNewFilesPrivate,
  LOG_FILE_NAME,
  resolveDataDir,
  type Logger,
} from './core';
import { runShell } from './electron';
import { electronUpdates } from './electron/updater';
import { utilityLauncher } from './electron/utility-launcher';

// In the bundle __dirname is out/main; out/ holds renderer/, preload/ and server/.
const outDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(outDir, '..');
const dataDir = resolveDataDir();
const paths = dataPaths(dataDir);
keepNewFilesPrivate();
// The log exists before anything else, so even a failed start leaves its reason there. If
// even the log cannot be opened (the data folder is unusable), lines go to stderr and the
// start fails below with the reason in an error box.
const logFile = path.join(paths.logsDir, LOG_FILE_NAME);
const log: Logger = openLog();

function openLog(): Logger {
  try {
    return createFileLogger(paths.logsDir);
  } catch {
    const line = (level: string) => (event: string, fields?: Record<string, unknown>) =>
      process.stderr.write(`${JSON.stringify({ level, event, ...fields })}\n`);
    return {
      log: (level, event, fields) => line(level)(event, fields),
      info: line('info'),
      warn: line('warn'),
      error: line('error'),
    };
  }
}

function embeddedServer() {
  const bundle = path.join(outDir, 'server', 'cli.cjs');
  if (app.isPackaged) {
    // The server bundle runs as a utility process on Electron's own Node, with the native
    // modules rebuilt for it (no ELECTRON_RUN_AS_NODE: that fuse is off).
    return {
      run: utilityLauncher(bundle),
      seedFile: path.join(outDir, 'server', 'seed', 'demo.json'),
    };
  }
  // From a checkout: the server's sources on plain Node, whose ABI node_modules is built for.
  const tsx = path.join(
    repoRoot,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
  );
  if (!fs.existsSync(tsx)) return null;
  return {
    run: { command: tsx, args: [path.join(repoRoot, 'server', 'cli.ts')], cwd: repoRoot },
    seedFile: path.join(repoRoot, 'server', 'seed', 'demo.json'),
  };
}

log.info('app.starting', { version: app.getVersion(), packaged: app.isPackaged });
runShell({
  outDir,
  dataDir,
  log,
  logFile,
  startCore: (platform) =>
    createCore({
      dataDir,
      platform,
      log,
      version: app.getVersion(),
      packaged: app.isPackaged,
      embedded: embeddedServer(),
      updates: electronUpdates({
        packaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        dataDir,
      }),
    }),
});

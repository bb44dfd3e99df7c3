// Electron's entry (bundled to out/main/app.cjs): resolves where things are, then hands
// over to the shell. The only other file besides main/electron/ that imports electron.
import { app } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { createCore, resolveDataDir } from './core';
import { runShell } from './electron';

// In the bundle __dirname is out/main; out/ holds renderer/, preload/ and server/.
const outDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(outDir, '..');
const dataDir = resolveDataDir();

function embeddedServer() {
  if (app.isPackaged) {
    // The server bundle runs on Electron's own Node, with the native modules rebuilt for it.
    return {
      run: {
        command: process.execPath,
        args: [path.join(outDir, 'server', 'cli.cjs')],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
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

runShell({
  outDir,
  dataDir,
  startCore: (platform) =>
    createCore({ dataDir, platform, version: app.getVersion(), embedded: embeddedServer() }),
});

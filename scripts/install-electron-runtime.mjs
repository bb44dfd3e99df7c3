// Runs Electron's own runtime download as our postinstall instead of Electron's.
// Electron's postinstall exits non-zero where its download host is unreachable, which
// would fail the whole install; package.json's allowScripts denies it and this script
// runs the same installer, tolerating that failure so the type definitions stay and
// `npm start` falls back to browser mode.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let installer;
try {
  installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
} catch {
  console.log('[quotedesk] electron is not installed; skipping its runtime download.');
  process.exit(0);
}
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('[quotedesk] ELECTRON_SKIP_BINARY_DOWNLOAD is set; Electron runtime not downloaded.');
  process.exit(0);
}
if (!existsSync(installer)) process.exit(0);
const result = spawnSync(process.execPath, [installer], {
  stdio: ['ignore', 'inherit', 'pipe'],
  timeout: 5 * 60 * 1000,
  encoding: 'utf8',
});
if (result.status === 0) {
  console.log('[quotedesk] Electron runtime installed.');
} else {
  const reason = (result.stderr || '').split('\n').find((l) => l.trim()) ?? 'timed out';
  console.log(
    `[quotedesk] The Electron runtime could not be downloaded (${reason.trim()}).\n` +
      '[quotedesk] Its type definitions are installed; `npm start` will run Quotedesk in browser mode.',
  );
}

// The end-to-end tests drive the built renderer, as the app ships it. Built once per change of
// the renderer's sources; a lock keeps parallel test files from building at the same time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/server';

export const RENDERER_OUT = path.join(REPO_ROOT, 'out/renderer');

function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** A build made with NODE_ENV=test or development carries React's development code. */
function isDevelopmentBuild(): boolean {
  const assets = path.join(RENDERER_OUT, 'assets');
  if (!fs.existsSync(assets)) return false;
  return fs
    .readdirSync(assets)
    .filter((f) => f.startsWith('index-') && f.endsWith('.js'))
    .some((f) =>
      fs.readFileSync(path.join(assets, f), 'utf8').includes('react.dev/link/warning-keys'),
    );
}

export function ensureRendererBuilt(): string {
  const index = path.join(RENDERER_OUT, 'index.html');
  const sources = Math.max(
    newest(path.join(REPO_ROOT, 'renderer')),
    fs.statSync(path.join(REPO_ROOT, 'vite.config.ts')).mtimeMs,
  );
  const fresh = () =>
    fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources && !isDevelopmentBuild();
  if (fresh()) return RENDERER_OUT;
  execFileSync(
    'flock',
    [
      path.join(REPO_ROOT, 'node_modules/.vite-build.lock'),
      'sh',
      '-c',
      `${path.join(REPO_ROOT, 'node_modules/.bin/vite')} build --logLevel error`,
    ],
    // Under vitest NODE_ENV is "test", which would bundle React's development build.
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return RENDERER_OUT;
}

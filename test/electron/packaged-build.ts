// Builds what the installer ships (main, preload, the embedded server and its seed, the
// renderer) into a private `out/` for one test file, so parallel test files and a developer's
// own build never change it underneath. Inside the repository, so the bundles find
// node_modules (built for Node: these tests run the bundles on Node).
import fs from 'node:fs';
import path from 'node:path';
import { buildElectron, buildServer } from '../../scripts/build';
import { ensureRendererBuilt } from '../e2e/build';
import { REPO_ROOT } from '../helpers/server';

export interface PackagedOut {
  out: string;
  appCjs: string;
  serverCjs: string;
  seedFile: string;
  remove(): void;
}

export async function buildPackagedOut(opts: { renderer?: boolean } = {}): Promise<PackagedOut> {
  fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
  const base = fs.mkdtempSync(path.join(REPO_ROOT, 'test-results', 'packaged-'));
  const out = path.join(base, 'out');
  await buildElectron(out);
  await buildServer(out);
  if (opts.renderer) {
    fs.cpSync(ensureRendererBuilt(), path.join(out, 'renderer'), { recursive: true });
  }
  return {
    out,
    appCjs: path.join(out, 'main', 'app.cjs'),
    serverCjs: path.join(out, 'server', 'cli.cjs'),
    seedFile: path.join(out, 'server', 'seed', 'demo.json'),
    remove: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

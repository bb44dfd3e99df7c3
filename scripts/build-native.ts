// Builds the native modules for Electron's ABI, away from node_modules, which stays built
// for Node so the tests keep working: better-sqlite3-multiple-ciphers (SQLite with SQLCipher-compatible encryption) is rebuilt; the keychain binding
// (@napi-rs/keyring, N-API) is prebuilt for every ABI and only copied, with the platform
// package that holds its binary.
//
//   npx tsx scripts/build-native.ts            → out/native/node_modules   (packaging)
//   npx tsx scripts/build-native.ts --dev      → out/node_modules          (npm start with Electron)
//   … --allow-node-abi   when the rebuild cannot run (no Electron headers reachable), keep
//                        the Node builds and say so: good for checking the package layout
//                        only, never for a release (the marker file NODE-ABI says it).
//
// @electron/rebuild downloads Electron's headers (electronjs.org/headers, or the mirror in
// ELECTRON_MIRROR / npm_config_disturl); where that host is unreachable the rebuild fails
// and this script says so plainly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The native modules and what they need at run time (better-sqlite3-multiple-ciphers loads via `bindings`). */
export const NATIVE = ['better-sqlite3-multiple-ciphers'];

/** `@napi-rs/keyring` loads its binary from a per-platform package (e.g. …-linux-x64-gnu). */
export function keyringPlatformPackages(): string[] {
  const dir = path.dirname(require.resolve('@napi-rs/keyring/package.json'));
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  return Object.keys(pkg.optionalDependencies ?? {}).filter((name) => {
    try {
      require.resolve(`${name}/package.json`, { paths: [dir] });
      return true;
    } catch {
      return false;
    }
  });
}

export const RUNTIME_MODULES = [
  'better-sqlite3-multiple-ciphers',
  'bindings',
  'file-uri-to-path',
  '@napi-rs/keyring',
  ...keyringPlatformPackages(),
];

export function electronVersion(): string {
  return (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

/**
 * A module built for Electron must refuse to load in Node (a different NODE_MODULE_VERSION).
 * If it loads, the build used Node's headers, whatever the tool said.
 */
export function assertNotNodeAbi(moduleDir: string): void {
  const script = `new (require(${JSON.stringify(moduleDir)}))(':memory:')`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const name = path.basename(moduleDir);
  if (r.status === 0) {
    throw new Error(
      `${name} was built for Node's ABI (${process.versions.modules}), not Electron's`,
    );
  }
  if (!/NODE_MODULE_VERSION/.test(r.stderr)) {
    throw new Error(`${name} does not load at all: ${r.stderr.split('\n').find((l) => l.trim())}`);
  }
}

export async function buildNative(opts: { dev?: boolean; allowNodeAbi?: boolean } = {}): Promise<{
  dir: string;
  abi: 'electron' | 'node';
}> {
  const base = opts.dev ? path.join(ROOT, 'out') : path.join(ROOT, 'out', 'native');
  const modulesDir = path.join(base, 'node_modules');
  const version = electronVersion();
  const stamp = path.join(modulesDir, '.electron-abi');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === version) {
    try {
      assertNotNodeAbi(path.join(modulesDir, 'better-sqlite3-multiple-ciphers'));
      return { dir: modulesDir, abi: 'electron' };
    } catch {
      // a stale or wrong build: rebuild below
    }
  }

  fs.rmSync(modulesDir, { recursive: true, force: true });
  fs.mkdirSync(modulesDir, { recursive: true });
  const deps: Record<string, string> = {};
  for (const name of RUNTIME_MODULES) {
    const src = path.dirname(require.resolve(`${name}/package.json`));
    fs.cpSync(src, path.join(modulesDir, name), { recursive: true, dereference: true });
    deps[name] = (
      JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8')) as { version: string }
    ).version;
  }
  fs.writeFileSync(
    path.join(base, 'package.json'),
    JSON.stringify({ name: 'quotedesk-native', private: true, dependencies: deps }, null, 2),
  );

  try {
    const { rebuild } = await import('@electron/rebuild');
    console.log(`[native] rebuilding ${NATIVE.join(', ')} for Electron ${version}…`);
    // A `nodedir` in the npm config points node-gyp at Node's own headers, which would build
    // for Node's ABI under an Electron label: it must not apply here.
    process.env.npm_config_nodedir = '';
    await rebuild({
      buildPath: base,
      electronVersion: version,
      onlyModules: NATIVE,
      force: true,
      mode: 'sequential',
    });
    assertNotNodeAbi(path.join(modulesDir, 'better-sqlite3-multiple-ciphers'));
    fs.writeFileSync(stamp, version);
    fs.rmSync(path.join(modulesDir, 'NODE-ABI'), { force: true });
    return { dir: modulesDir, abi: 'electron' };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    if (!opts.allowNodeAbi)
      throw new Error(`could not rebuild the native modules for Electron ${version}: ${reason}`);
    console.warn(
      `[native] WARNING: could not rebuild for Electron ${version} (${reason}).\n` +
        '[native] Keeping the Node builds: the package layout can be checked, but this app would not start.',
    );
    // A failed node-gyp run has already cleaned the build folders: copy the Node builds back.
    for (const name of NATIVE) {
      const src = path.dirname(require.resolve(`${name}/package.json`));
      fs.rmSync(path.join(modulesDir, name), { recursive: true, force: true });
      fs.cpSync(src, path.join(modulesDir, name), { recursive: true, dereference: true });
    }
    fs.writeFileSync(
      path.join(modulesDir, 'NODE-ABI'),
      `Node ${process.versions.node} ABI ${process.versions.modules}\n`,
    );
    return { dir: modulesDir, abi: 'node' };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  buildNative({ dev: args.has('--dev'), allowNodeAbi: args.has('--allow-node-abi') }).then(
    (r) => console.log(`[native] ${r.dir} (${r.abi} ABI)`),
    (error) => {
      console.error(`[native] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

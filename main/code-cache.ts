// Starts one of main's bundles (out/main/app.cjs, browser.cjs, browser.core.cjs) through V8's
// code cache: the bundle is compiled with the bytecode V8 made of it at an earlier start,
// instead of parsed and compiled again at every start. scripts/build.ts writes each bundle as `<name>.code.cjs`
// and, under the bundle's own name, a few lines that call `runBundle` with the bundle's
// content hash (the cache is made for that content only: V8 checks no more than the source's
// length).
//
// The cache is made once per build and machine: when a start found none (or V8 refused it),
// then either a few seconds in, or at exit if the process ends sooner — by then V8 has compiled
// what the start ran, so the cache holds those functions too. It lives in the user's cache
// folder (`QUOTEDESK_CODE_CACHE_DIR` elsewhere, `off` for none): an unwritable folder, a
// damaged file or a refused cache only cost the compile the start would make anyway.
// Node 22 and Electron's Node offer `module.enableCompileCache`; Node 20, which the app's
// browser mode and the benches run on, does not: `vm.Script`'s cachedData works on both.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/** How long after the start the cache is written (the start's functions compiled by then). */
const WRITE_AFTER_MS = 5_000;

/** The user's cache folder for this app, by the platform's custom. */
function cacheDir(): string | null {
  const set = process.env.QUOTEDESK_CODE_CACHE_DIR;
  if (set === 'off') return null;
  if (set) return set;
  const home = os.homedir();
  if (process.platform === 'win32') {
    const local = process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local');
    return path.join(local, 'Quotedesk', 'Cache', 'code');
  }
  if (process.platform === 'darwin')
    return path.join(home, 'Library', 'Caches', 'Quotedesk', 'code');
  return path.join(process.env.XDG_CACHE_HOME || path.join(home, '.cache'), 'quotedesk', 'code');
}

function readCache(file: string | null): Buffer | undefined {
  if (!file) return undefined;
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the cache beside others of the same bundle, which it replaces (older builds). */
function writeCache(file: string, data: Buffer): void {
  try {
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data, { mode: 0o600 });
    fs.renameSync(tmp, file);
    const prefix = path.basename(file).split('-')[0]!;
    for (const f of fs.readdirSync(dir)) {
      if (f !== path.basename(file) && f.startsWith(`${prefix}-`)) fs.rmSync(path.join(dir, f));
    }
  } catch {
    // No cache this time: the next start compiles the bundle as this one did.
  }
}

/**
 * Runs the CommonJS bundle `file` as Node would (its own `require`, `module`, `__filename`,
 * `__dirname`), compiled with the cached bytecode of the same content (`hash`) where there is
 * some; `parent` is the loader's module. Returns the bundle's exports.
 */
export function runBundle(file: string, hash: string, parent: NodeJS.Module): unknown {
  const dir = cacheDir();
  const name = path.basename(file).replace(/\W/g, '_');
  const cacheFile = dir
    ? path.join(dir, `${name}-${hash}-${process.versions.v8}-${process.arch}.bin`)
    : null;
  const cachedData = readCache(cacheFile);
  const source = fs.readFileSync(file, 'utf8');
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, parent);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(file),
  );
  const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;

  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      clearTimeout(timer);
      process.off('exit', write);
      writeCache(cacheFile, script.createCachedData());
    };
    const timer = setTimeout(write, WRITE_AFTER_MS);
    timer.unref();
    process.on('exit', write);
  }
  run.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return mod.exports;
}

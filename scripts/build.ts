// Builds what the app runs from out/: the renderer (Vite, the renderer's own config), the
// Electron main process and preload (esbuild, CommonJS: the sandboxed preload must be one
// CommonJS file), and the Quoting API as a bundle the packaged app runs on Electron's Node.
//   npx tsx scripts/build.ts [renderer] [electron] [server]   (default: all)
import { build as esbuild, type BuildOptions, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { callNames } from '../common/ipc/calls';
import { eventNames } from '../common/ipc/events';

const require = createRequire(import.meta.url);

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = path.join(ROOT, 'out');
/** Loaded at run time from node_modules (asar-unpacked when packaged), never bundled. */
export const NATIVE_MODULES = ['better-sqlite3-multiple-ciphers', '@napi-rs/keyring'];

/** esbuild options of every Node bundle (main, server): CommonJS for Node 20. */
export const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
  // V8 keeps a script's whole source text on the heap for as long as it runs: unminified, with
  // comments in a character beyond Latin-1 (an em dash), main's 6 MB bundle was held as a
  // two-byte string of 12 MB. Minified it is under 3 MB of ASCII, parsed sooner at every start;
  // names are kept for stack traces, and the linked source map leads back to the sources.
  minify: true,
  keepNames: true,
  absWorkingDir: ROOT,
  // The sources are ES modules; in a CommonJS bundle `import.meta` is empty, so its `url`
  // is given the bundle's own file URL — and any other use of `import.meta` fails the build
  // instead of leaving an `undefined` for the packaged app to trip over at start.
  define: { 'import.meta.url': '__quotedeskImportMetaUrl' },
  banner: {
    js: "var __quotedeskImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  logOverride: { 'empty-import-meta': 'error' },
};

export async function buildRenderer(out = OUT): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(out, 'renderer'), emptyOutDir: true },
  });
}

export async function buildElectron(out = OUT): Promise<void> {
  await buildMain({
    entry: path.join(ROOT, 'main/app.ts'),
    outfile: path.join(out, 'main/app.cjs'),
    external: ['electron', ...NATIVE_MODULES],
  });
  await esbuild(preloadOptions(path.join(out, 'preload/index.cjs')));
}

/**
 * The preload's bundle: the contract's call and event names are put in by the build, read
 * from the contract's maps themselves (common/ipc), since a sandboxed preload gets a tiny
 * require (electron, events, timers, url) and must not carry zod.
 */
export function preloadOptions(outfile: string): BuildOptions {
  return {
    ...common,
    entryPoints: [path.join(ROOT, 'preload/index.ts')],
    outfile,
    external: ['electron'],
    sourcemap: false,
    define: {
      ...common.define,
      QUOTEDESK_CALL_NAMES: JSON.stringify(callNames),
      QUOTEDESK_EVENT_NAMES: JSON.stringify(eventNames),
    },
  };
}

/**
 * Browser mode's bridge (out/main/browser.cjs, main/browser.ts) and its core beside it
 * (browser.core.cjs, loaded once the bridge listens), beside main's: run on plain Node, with the
 * server bundle and the renderer under the same `out`.
 */
export async function buildBrowser(out = OUT): Promise<void> {
  await buildMain({
    entry: path.join(ROOT, 'main/browser.ts'),
    outfile: path.join(out, 'main/browser.cjs'),
    external: ['electron', ...NATIVE_MODULES],
    coreApart: true,
  });
}

/** The proposal's PDF libraries: a bundle of their own beside main's, loaded on the first
 * proposal (main/proposal/pdf-libs.ts says why). */
const PDF_LIBS = path.join(ROOT, 'main/proposal/pdf-libs');
export const PDF_LIBS_BUNDLE = 'pdf-libs.cjs';

/**
 * Main's imports of `./pdf-libs` become a `require` of the bundle beside it, run on the first
 * proposal (a lazy module of main's bundle holds the `require`). A `require`, not an `import()`:
 * Node loads it as the CommonJS it is, from inside the app's asar archive too.
 */
const pdfLibsApart: Plugin = {
  name: 'pdf-libs-apart',
  setup(b) {
    b.onResolve({ filter: /[\\/]pdf-libs$/ }, (args) =>
      path.join(args.resolveDir, args.path) === PDF_LIBS
        ? { path: PDF_LIBS, namespace: 'pdf-libs-apart' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'pdf-libs-apart' }, () => ({
      contents: `module.exports = require('./${PDF_LIBS_BUNDLE}');`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\/pdf-libs\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** Browser mode's core (main/core/core.ts), as browser-app.ts loads it once the bridge listens. */
const CORE = path.join(ROOT, 'main/core/core');

/**
 * browser-app.ts's `import('../core/core')` becomes a `require` of the core's own bundle beside
 * the entry's (`<entry>.core.cjs`): the bridge listens once Node has read and compiled its own
 * few modules, and the core's ~1 MB is read and compiled while the page loads.
 */
function coreApart(coreFile: string): Plugin {
  return {
    name: 'core-apart',
    setup(b) {
      b.onResolve({ filter: /[\\/]core[\\/]core$/ }, (args) =>
        args.kind === 'dynamic-import' &&
        path.join(args.resolveDir, args.path) === CORE &&
        args.importer.endsWith(path.join('bridge', 'browser-app.ts'))
          ? { path: CORE, namespace: 'core-apart' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'core-apart' }, () => ({
        contents: `module.exports = require('./${coreFile}');`,
        loader: 'js',
      }));
      b.onResolve({ filter: /\.core\.cjs$/ }, (args) =>
        args.path === `./${coreFile}` ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * A bundle of main's code (the app's main process, or a test's or bench's entry into it) at
 * `outfile`, and beside it what it loads at run time: the proposal's PDF libraries and fonts,
 * and with `coreApart` (an entry that starts browser mode's app) the core, in a bundle of its
 * own that the entry loads once its bridge listens.
 */
export async function buildMain(opts: {
  entry: string;
  outfile: string;
  external?: string[];
  sourcemap?: boolean;
  coreApart?: boolean;
}): Promise<void> {
  const dir = path.dirname(opts.outfile);
  const sourcemap = opts.sourcemap === false ? { sourcemap: false } : {};
  const code = opts.outfile.replace(/\.cjs$/, '') + CODE_SUFFIX;
  const coreOut = opts.outfile.replace(/\.cjs$/, '') + CORE_SUFFIX;
  const coreCode = coreOut.replace(/\.cjs$/, '') + CODE_SUFFIX;
  await Promise.all([
    esbuild({
      ...common,
      ...sourcemap,
      entryPoints: [opts.entry],
      outfile: code,
      external: opts.external,
      plugins: [pdfLibsApart, ...(opts.coreApart ? [coreApart(path.basename(coreOut))] : [])],
    }).then(() => writeCodeCacheLoader(opts.outfile, code)),
    ...(opts.coreApart
      ? [
          esbuild({
            ...common,
            ...sourcemap,
            entryPoints: [`${CORE}.ts`],
            outfile: coreCode,
            external: opts.external,
            plugins: [pdfLibsApart],
          }).then(() => writeCodeCacheLoader(coreOut, coreCode)),
        ]
      : []),
    esbuild({
      ...common,
      ...sourcemap,
      entryPoints: [`${PDF_LIBS}.ts`],
      outfile: path.join(dir, PDF_LIBS_BUNDLE),
    }),
  ]);
  copyProposalFonts(path.join(dir, 'fonts'));
}

/** Main's code beside the small file named for it: `app.cjs` runs `app.code.cjs`. */
export const CODE_SUFFIX = '.code.cjs';
/** Browser mode's core beside the entry that starts it: `browser.cjs` loads `browser.core.cjs`. */
export const CORE_SUFFIX = '.core.cjs';

/**
 * The file Node or Electron starts (`outfile`): a few lines that run the bundle `code`
 * through V8's code cache (main/code-cache.ts), named by a hash of the bundle's content, and
 * export what it exports (browser mode's core, required by the bundle that starts it).
 */
async function writeCodeCacheLoader(outfile: string, code: string): Promise<void> {
  const hash = createHash('sha256').update(fs.readFileSync(code)).digest('hex').slice(0, 16);
  await esbuild({
    ...common,
    sourcemap: false,
    banner: {},
    define: {},
    stdin: {
      contents: `module.exports = require('./main/code-cache.ts').runBundle(require('node:path').join(__dirname, ${JSON.stringify(path.basename(code))}), ${JSON.stringify(hash)}, module);`,
      resolveDir: ROOT,
      sourcefile: 'code-cache-loader.js',
      loader: 'js',
    },
    outfile,
  });
}

/** The proposal PDF's fonts, read at run time beside out/main/app.cjs (main/proposal/fonts.ts):
 * out/main/** is what electron-builder packs, so the installed app has them too. */
export function copyProposalFonts(dest: string): void {
  const src = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  fs.mkdirSync(dest, { recursive: true });
  for (const f of fs.readdirSync(src)) {
    if (f.endsWith('.ttf')) fs.copyFileSync(path.join(src, f), path.join(dest, f));
  }
}

export async function buildServer(out = OUT): Promise<void> {
  await esbuild({
    ...common,
    entryPoints: [path.join(ROOT, 'server/cli.ts')],
    outfile: path.join(out, 'server/cli.cjs'),
    external: NATIVE_MODULES,
  });
  fs.mkdirSync(path.join(out, 'server/seed'), { recursive: true });
  fs.copyFileSync(
    path.join(ROOT, 'server/seed/demo.json'),
    path.join(out, 'server/seed/demo.json'),
  );
}

/** True when the built renderer is older than any of its sources (or missing). */
export function rendererIsStale(): boolean {
  const index = path.join(OUT, 'renderer/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const sources = ['renderer', 'common'].map((d) => newest(path.join(ROOT, d)));
  return Math.max(...sources, fs.statSync(path.join(ROOT, 'vite.config.ts')).mtimeMs) > built;
}

/** The installed electron package's folder; null without one. */
function electronPackageDir(): string | null {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const NOT_INSTALLED =
  'not installed — npm ci downloads it where its host is reachable, or node scripts/install-electron-runtime.mjs';

/**
 * Path of the Electron binary, or why there is none — read from what the install left
 * (`path.txt`, `dist/`), the way the electron package finds it. Never `require('electron')`:
 * where the runtime is missing, that downloads it at every start and, offline, prints the
 * failed download's stack trace. Installing it is the postinstall's job
 * (scripts/install-electron-runtime.mjs). `pkgDir` is for the tests.
 */
export function electronRuntime(
  pkgDir: string | null = electronPackageDir(),
): { path: string } | { missing: string } {
  if (!pkgDir) return { missing: 'the electron package is not installed' };
  const pathFile = path.join(pkgDir, 'path.txt');
  const exe = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : '';
  // Electron's own variable: the runtime is in that folder instead of dist/.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override && !exe) return { missing: NOT_INSTALLED };
  const bin = override ? path.join(override, exe || 'electron') : path.join(pkgDir, 'dist', exe);
  return fs.existsSync(bin) ? { path: bin } : { missing: NOT_INSTALLED };
}

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const all = wanted.size === 0;
  if (all || wanted.has('renderer')) {
    console.log('[build] renderer (vite) → out/renderer');
    await buildRenderer();
  }
  if (all || wanted.has('electron')) {
    console.log('[build] main + preload (esbuild) → out/main, out/preload');
    await buildElectron();
  }
  if (all || wanted.has('server')) {
    console.log('[build] embedded server (esbuild) → out/server');
    await buildServer();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

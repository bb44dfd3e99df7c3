// The packaging check CI runs: validates electron-builder.yml, packs the app with
// `--dir` against a stand-in Electron (the real runtime cannot be downloaded everywhere),
// and asserts the packed app holds main, preload, renderer, the embedded server and the
// native modules, unpacked from the asar.
//   npx tsx scripts/pack-check.ts [--keep]
// Set QUOTEDESK_REQUIRE_ELECTRON_ABI=1 where Electron's headers are reachable: then the
// native modules must really be rebuilt for Electron.
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectron, buildRenderer, buildServer, ROOT } from './build';
import { buildNative, electronVersion, keyringPlatformPackages } from './build-native';
import { checkUpdateInfo, writeUpdateInfo } from './update-info';

const require = createRequire(import.meta.url);

export interface PackReport {
  ok: boolean;
  problems: string[];
  appDir: string;
  nativeAbi: 'electron' | 'node';
  asarFiles: number;
  /** The fuses read back from the packed binary (on: true). */
  fuses: Record<string, boolean>;
  /** The feed the packed app asks (its resources/app-update.yml). */
  updateUrl?: string;
  /** Where latest-linux.yml and the file it names were written. */
  metadataDir?: string;
}

type Config = Record<string, unknown> & {
  files?: unknown[];
  asarUnpack?: string[];
  linux?: { target?: unknown[] };
  win?: { target?: unknown[] };
  mac?: { target?: unknown[] };
};

/** electron-builder.yml, read with the YAML parser electron-builder itself uses. */
export function readConfig(): Config {
  const builderDir = path.dirname(require.resolve('app-builder-lib/package.json'));
  const yaml = require(require.resolve('js-yaml', { paths: [builderDir] })) as {
    load(s: string): unknown;
  };
  return yaml.load(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Config;
}

const targetsOf = (t: unknown[] | undefined) =>
  (t ?? []).map((x) => (typeof x === 'string' ? x : (x as { target: string }).target));

export function checkConfig(config: Config): string[] {
  const problems: string[] = [];
  const want = (cond: boolean, message: string) => {
    if (!cond) problems.push(message);
  };
  want(targetsOf(config.linux?.target).includes('AppImage'), 'linux target AppImage missing');
  want(targetsOf(config.linux?.target).includes('deb'), 'linux target deb missing');
  want(targetsOf(config.win?.target).includes('nsis'), 'windows target nsis missing');
  want(targetsOf(config.mac?.target).includes('dmg'), 'macOS target dmg missing');
  want(config.asar === true, 'asar must be on');
  want(
    (config.asarUnpack ?? []).includes('**/*.node'),
    'native .node files must be unpacked from the asar',
  );
  want(
    config.npmRebuild === false,
    "electron-builder's in-place rebuild must be off (it would break the tests)",
  );
  want(
    (config.extraMetadata as { main?: string } | undefined)?.main === 'out/main/app.cjs',
    'main must be out/main/app.cjs',
  );
  const fuses = (config.electronFuses ?? {}) as Record<string, unknown>;
  want(fuses.runAsNode === false, 'electronFuses.runAsNode must be false');
  want(
    fuses.enableNodeOptionsEnvironmentVariable === false,
    'electronFuses.enableNodeOptionsEnvironmentVariable must be false',
  );
  want(
    fuses.enableNodeCliInspectArguments === false,
    'electronFuses.enableNodeCliInspectArguments must be false',
  );
  want(fuses.onlyLoadAppFromAsar === true, 'electronFuses.onlyLoadAppFromAsar must be true');
  want(
    fuses.enableEmbeddedAsarIntegrityValidation === true,
    'electronFuses.enableEmbeddedAsarIntegrityValidation must be true',
  );
  const publish = (Array.isArray(config.publish) ? config.publish : [config.publish]) as Array<
    { provider?: string; url?: string } | undefined
  >;
  want(
    publish.some((p) => p?.provider === 'generic' && /^https:\/\//.test(p.url ?? '')),
    'publish must name a generic https:// update feed',
  );
  for (const part of ['out/main/**', 'out/preload/**', 'out/renderer/**', 'out/server/**']) {
    want((config.files ?? []).includes(part), `files must include ${part}`);
  }
  return problems;
}

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;
/** Electron's own fuse defaults, in wire order (RunAsNode … GrantFileProtocolExtraPrivileges). */
const FUSE_DEFAULTS = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];

/** The fuses electron-builder.yml must set, by @electron/fuses' option index. */
export const WANTED_FUSES: Record<string, { index: number; on: boolean }> = {
  RunAsNode: { index: FuseV1Options.RunAsNode, on: false },
  EnableNodeOptionsEnvironmentVariable: {
    index: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
    on: false,
  },
  EnableNodeCliInspectArguments: { index: FuseV1Options.EnableNodeCliInspectArguments, on: false },
  EnableEmbeddedAsarIntegrityValidation: {
    index: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
    on: true,
  },
  OnlyLoadAppFromAsar: { index: FuseV1Options.OnlyLoadAppFromAsar, on: true },
  GrantFileProtocolExtraPrivileges: {
    index: FuseV1Options.GrantFileProtocolExtraPrivileges,
    on: false,
  },
};

/** The fuses of a packed Electron binary, and what is wrong with them (empty: all as wanted). */
export async function checkFuses(
  binary: string,
): Promise<{ fuses: Record<string, boolean>; problems: string[] }> {
  const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
  const fuses = Object.fromEntries(
    Object.entries(WANTED_FUSES).map(([name, w]) => [name, wire[w.index] === ON]),
  );
  const problems = Object.entries(WANTED_FUSES)
    .filter(([name, w]) => fuses[name] !== w.on)
    .map(([name, w]) => `fuse ${name} must be ${w.on ? 'on' : 'off'} in the packed app`);
  return { fuses, problems };
}

/** A folder shaped like Electron's Linux distribution, without Electron in it. */
function standInElectronDist(dir: string): string {
  fs.mkdirSync(path.join(dir, 'resources'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  // Carries a fuse wire like Electron's (sentinel, version 1, length, Electron's defaults),
  // so the packaging step's fuse flipping runs on it and can be read back.
  const defaults = Buffer.from([1, FUSE_DEFAULTS.length, ...FUSE_DEFAULTS]);
  fs.writeFileSync(
    path.join(dir, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in Electron: packaging check only" >&2\nexit 1\n# '),
      Buffer.from(SENTINEL),
      defaults,
      Buffer.from('\n'),
    ]),
    { mode: 0o755 },
  );
  fs.writeFileSync(path.join(dir, 'version'), electronVersion());
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'stand-in');
  fs.writeFileSync(path.join(dir, 'LICENSES.chromium.html'), 'stand-in');
  fs.writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '');
  return dir;
}

export async function packCheck(
  opts: { keep?: boolean; log?: (m: string) => void } = {},
): Promise<PackReport> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const problems = checkConfig(readConfig());

  // Everything is built into a private staging project, so a build running in out/ at the
  // same time (another test, a developer) cannot change what is packed.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-pack-'));
  const project = path.join(work, 'app');
  const out = path.join(project, 'out');
  log('[pack] building the app into a staging folder …');
  await buildRenderer(out);
  await buildElectron(out);
  await buildServer(out);
  // The native build is slow when it really rebuilds: it is kept in out/native and copied.
  const native = await buildNative({ allowNodeAbi: !process.env.QUOTEDESK_REQUIRE_ELECTRON_ABI });
  fs.cpSync(native.dir, path.join(out, 'native', 'node_modules'), {
    recursive: true,
    dereference: true,
  });
  // The app's package.json without its dependency lists: every dependency is in the bundles
  // except the native modules, which come from out/native.
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const appPkg = {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    private: true,
    main: 'out/main/app.cjs',
    author: { name: 'Quotedesk', email: 'support@quotedesk.example' },
  };
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(appPkg, null, 2));
  fs.copyFileSync(
    path.join(ROOT, 'electron-builder.yml'),
    path.join(project, 'electron-builder.yml'),
  );

  const dist = standInElectronDist(path.join(work, 'electron-dist'));
  const output = path.join(work, 'dist');
  log('[pack] electron-builder --linux dir with a stand-in electronDist …');
  const builder = path.join(ROOT, 'node_modules', '.bin', 'electron-builder');
  const r = spawnSync(
    builder,
    [
      '--linux',
      'dir',
      '--projectDir',
      project,
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${dist}`,
      `-c.electronVersion=${electronVersion()}`,
      `-c.directories.output=${output}`,
      '--publish',
      'never',
    ],
    {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
      timeout: 10 * 60_000,
    },
  );
  const appDir = path.join(output, 'linux-unpacked');
  if (r.status !== 0) {
    problems.push(
      `electron-builder failed (${r.status}): ${(r.stderr || r.stdout).split('\n').slice(-15).join('\n')}`,
    );
    return { ok: false, problems, appDir, nativeAbi: native.abi, asarFiles: 0, fuses: {} };
  }

  const asar = path.join(appDir, 'resources', 'app.asar');
  const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked');
  const files = fs.existsSync(asar)
    ? listPackage(asar, { isPack: false }).map((f) => f.replace(/\\/g, '/'))
    : [];
  const inAsar = (f: string) => files.includes(f.startsWith('/') ? f : `/${f}`);
  const want = (cond: boolean, message: string) => {
    if (!cond) problems.push(message);
  };
  want(fs.existsSync(asar), 'resources/app.asar missing');
  want(fs.existsSync(path.join(appDir, 'quotedesk')), 'the quotedesk executable is missing');
  for (const f of [
    'out/main/app.cjs',
    'out/main/app.code.cjs',
    'out/main/pdf-libs.cjs',
    'out/preload/index.cjs',
    'out/renderer/index.html',
    'out/server/cli.cjs',
    'out/server/seed/demo.json',
    'out/main/fonts/Roboto-Regular.ttf',
    'out/main/fonts/Roboto-Medium.ttf',
    'package.json',
  ]) {
    want(inAsar(f), `${f} is not in the asar`);
  }
  want(
    files.some((f) => f.startsWith('/out/renderer/assets/') && f.endsWith('.js')),
    'the renderer bundle is not in the asar',
  );
  for (const m of [
    'better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node',
    ...keyringPlatformPackages().map(
      (p) =>
        `${p}/${fs.readdirSync(path.join(ROOT, 'node_modules', p)).find((f) => f.endsWith('.node'))}`,
    ),
  ]) {
    want(
      fs.existsSync(path.join(unpacked, 'node_modules', m)),
      `${m} is not unpacked from the asar`,
    );
  }
  want(
    inAsar('node_modules/bindings/package.json'),
    'bindings (needed by better-sqlite3-multiple-ciphers) is missing',
  );
  // Everything else is bundled: no stray dependency, no source map, no native build debris.
  want(
    !files.some((f) => f.startsWith('/node_modules/react')),
    'node_modules/react is packed although it is bundled',
  );
  want(!files.some((f) => f.endsWith('.map')), 'source maps are packed');
  want(
    inAsar('node_modules/@napi-rs/keyring/package.json'),
    'the keychain binding (@napi-rs/keyring) is missing',
  );
  want(!files.some((f) => f.startsWith('/node_modules/keytar')), 'keytar is packed');
  const fuseCheck = await checkFuses(path.join(appDir, 'quotedesk'));
  problems.push(...fuseCheck.problems);
  want(
    !files.some((f) => f.includes('/deps/sqlite3')),
    "better-sqlite3-multiple-ciphers' C sources are packed",
  );
  if (native.abi === 'node')
    log('[pack] NOTE: native modules kept at Node ABI (Electron headers unreachable).');

  // The feed the app asks, as electron-builder wrote it from `publish`.
  const appUpdate = path.join(appDir, 'resources', 'app-update.yml');
  const updateUrl = fs.existsSync(appUpdate)
    ? /^url:\s*(\S+)/m.exec(fs.readFileSync(appUpdate, 'utf8'))?.[1]
    : undefined;
  want(!!updateUrl, 'resources/app-update.yml (the update feed) is missing');
  // The update metadata, over an archive of the packed app (no AppImage without the runtime).
  const file = `Quotedesk-${appPkg.version as string}-linux-unpacked.tar.gz`;
  const tar = spawnSync('tar', ['-C', output, '-czf', path.join(output, file), 'linux-unpacked']);
  want(tar.status === 0, `tar of the packed app failed: ${String(tar.stderr)}`);
  writeUpdateInfo(output, appPkg.version as string, file);
  problems.push(...checkUpdateInfo(output, appPkg.version as string));

  if (!opts.keep) fs.rmSync(work, { recursive: true, force: true });
  return {
    ok: problems.length === 0,
    problems,
    appDir,
    nativeAbi: native.abi,
    asarFiles: files.length,
    fuses: fuseCheck.fuses,
    ...(updateUrl ? { updateUrl } : {}),
    metadataDir: output,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  packCheck({ keep: process.argv.includes('--keep') }).then(
    (report) => {
      for (const p of report.problems) console.error(`[pack] PROBLEM: ${p}`);
      console.log(
        `[pack] ${report.ok ? 'OK' : 'FAILED'}: ${report.asarFiles} files in app.asar, native modules ${report.nativeAbi} ABI, fuses ${JSON.stringify(report.fuses)}`,
      );
      process.exit(report.ok ? 0 : 1);
    },
    (error) => {
      console.error(`[pack] ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}

// Loads the bundled main process (out/main/app.cjs) under Node, with `require('electron')`
// answered by the recording stand-in. One load per scenario; `unload` removes the process
// handlers it installed and ends the processes it started.
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { createElectronStandin, type ElectronStandin, type StandinOptions } from './electron';

const STANDIN_ID = path.join(import.meta.dirname, '__electron-standin__.cjs');
type ModuleInternals = typeof Module & {
  _resolveFilename(request: string, parent: unknown, ...rest: unknown[]): string;
  _cache: Record<string, Module>;
};
const M = Module as ModuleInternals;
let hooked = false;

function hookElectron(): void {
  if (hooked) return;
  hooked = true;
  const original = M._resolveFilename;
  M._resolveFilename = function (request: string, parent: unknown, ...rest: unknown[]) {
    if (request === 'electron') return STANDIN_ID;
    return original.call(this, request, parent, ...rest);
  };
}

/**
 * Answers `require('electron')` with a fresh recording stand-in, for code that requires it
 * itself (electron-updater); returns the stand-in.
 */
export function installElectronStandin(options: StandinOptions = {}): ElectronStandin {
  hookElectron();
  const standin = createElectronStandin(options);
  const mod = new Module(STANDIN_ID);
  mod.filename = STANDIN_ID;
  mod.exports = standin.electron;
  mod.loaded = true;
  M._cache[STANDIN_ID] = mod;
  return standin;
}

export interface LoadedApp {
  standin: ElectronStandin;
  unload(): Promise<void>;
}

const EVENTS = ['uncaughtException', 'unhandledRejection'] as const;
type Listener = (...args: unknown[]) => void;
const listenersOf = (e: (typeof EVENTS)[number]): Listener[] =>
  (process as unknown as NodeJS.EventEmitter).listeners(e) as Listener[];

export function loadBundledApp(
  appCjs: string,
  dataDir: string,
  options: StandinOptions = {},
): LoadedApp {
  const standin = installElectronStandin(options);
  const before = Object.fromEntries(EVENTS.map((e) => [e, listenersOf(e)]));
  const previousDataDir = process.env.QUOTEDESK_DATA_DIR;
  process.env.QUOTEDESK_DATA_DIR = dataDir;
  const require = createRequire(import.meta.url);
  delete require.cache[appCjs];
  try {
    require(appCjs);
  } finally {
    if (previousDataDir === undefined) delete process.env.QUOTEDESK_DATA_DIR;
    else process.env.QUOTEDESK_DATA_DIR = previousDataDir;
  }
  return {
    standin,
    async unload() {
      for (const e of EVENTS) {
        for (const l of listenersOf(e)) {
          if (!before[e]!.includes(l)) (process as unknown as NodeJS.EventEmitter).off(e, l);
        }
      }
      if (!standin.electron.app.hasQuit) standin.electron.app.quit();
      // The quit waits for the core to close (which stops the embedded server).
      for (let i = 0; i < 200 && !standin.electron.app.hasQuit; i++)
        await new Promise((r) => setTimeout(r, 50));
      await Promise.all(
        standin.forks.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

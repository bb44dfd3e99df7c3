import os from 'node:os';
import path from 'node:path';

/**
 * The app's one data directory: `QUOTEDESK_DATA_DIR`, else the platform's application-data
 * folder. Kept free of Electron so the browser mode and the tests resolve the same place.
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const override = env.QUOTEDESK_DATA_DIR?.trim();
  if (override) return path.resolve(override);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Quotedesk');
  if (platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Quotedesk');
  }
  const xdg = env.XDG_DATA_HOME?.trim();
  return path.join(
    xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.local', 'share'),
    'quotedesk',
  );
}

export interface DataPaths {
  dataDir: string;
  logsDir: string;
  /** The local draft store's SQLite file. */
  storeFile: string;
  /** Content-addressed attachment files. */
  filesDir: string;
  /** The embedded demo server's own data directory. */
  embeddedServerDir: string;
  /** Remembered window size and the like. */
  windowStateFile: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    logsDir: path.join(dataDir, 'logs'),
    storeFile: path.join(dataDir, 'quotedesk.sqlite'),
    filesDir: path.join(dataDir, 'files'),
    embeddedServerDir: path.join(dataDir, 'embedded-server'),
    windowStateFile: path.join(dataDir, 'window-state.json'),
  };
}

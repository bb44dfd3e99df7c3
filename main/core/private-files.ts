// Local data is the signed-in user's alone (docs/architecture.md#conventions): on POSIX the data directory and
// every folder in it are 0700, every file 0600 — stores and their WAL, logs, settings,
// attachment files. New files get it from the process's umask; files an older version left
// with wider modes are tightened when the app starts.
import fs from 'node:fs';
import path from 'node:path';

const posix = process.platform !== 'win32';

/** New files and folders of this process (and of the processes it starts) are private. */
export function keepNewFilesPrivate(): void {
  if (!posix) return;
  try {
    process.umask(0o077);
  } catch {
    // A worker thread may not set it; the explicit modes below still apply.
  }
}

/** Creates `dir` if needed, private to the user. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (posix) fs.chmodSync(dir, 0o700);
}

/** Folders 0700, files 0600 under `dir` (symbolic links are left alone, never followed). */
export function tightenTree(dir: string): void {
  if (!posix) return;
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      try {
        if (e.isDirectory()) {
          fs.chmodSync(p, 0o700);
          walk(p);
        } else if (e.isFile()) {
          fs.chmodSync(p, 0o600);
        }
      } catch {
        // a file that vanished meanwhile, or one we do not own: nothing to tighten
      }
    }
  };
  fs.chmodSync(dir, 0o700);
  walk(dir);
}

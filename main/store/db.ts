import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { StoreCorruptError, StoreTooNewError } from './errors';
import { LATEST_VERSION, migrate, schemaVersion } from './migrations';

/**
 * `auto` (default): `quick_check` when the last session did not end cleanly (its WAL file is
 * still there) or the last check is over a week old; otherwise a structural check (header,
 * schema). A full check reads the whole file, which at 100,000 quotes costs seconds.
 */
export type IntegrityCheck = 'auto' | 'quick' | 'full' | 'none';

const RECHECK_MS = 7 * 86_400_000;

/**
 * Opens (or creates) the store's SQLite file. An existing file is checked before anything
 * writes to it: a damaged or too-new file raises a typed error and is left as found.
 */
export function openDatabase(file: string, integrity: IntegrityCheck): Database.Database {
  const existed = fs.existsSync(file) && fs.statSync(file).size > 0;
  if (!existed) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const checked = existed ? checkExisting(file, integrity) : false;
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit survives a crash of the app (the WAL is written before
    // the call returns); journal writes are synced to disk on top (see Store.planRequest).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -16000');
    // Checkpoints run when the store is idle (see Store), not inside an edit's commit.
    db.pragma('wal_autocheckpoint = 0');
    migrate(db);
    if (checked || !existed) {
      db.prepare(
        "INSERT INTO meta (key, value) VALUES ('integrity.checkedAt', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      ).run(JSON.stringify(new Date().toISOString()));
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Integrity and version checks on a read-only connection. A read-write connection that
 * closes as the last one checkpoints the WAL into the file and deletes it, so refusing a
 * file through one would rewrite the very file it refused; a read-only one never writes the
 * file or its WAL. It may create the `-shm` index beside them (SQLite rebuilds it from the
 * WAL; it holds no data), which is what lets it read a WAL left by a crash at all.
 * Returns whether a quick or full check ran.
 */
function checkExisting(file: string, integrity: IntegrityCheck): boolean {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  try {
    const mode = integrity === 'auto' ? autoMode(db, file) : integrity;
    checkIntegrity(db, file, mode);
    const version = schemaVersion(db);
    if (version > LATEST_VERSION) throw new StoreTooNewError(file, version, LATEST_VERSION);
    return mode === 'quick' || mode === 'full';
  } finally {
    db.close();
  }
}

function autoMode(db: Database.Database, file: string): IntegrityCheck {
  if (fs.existsSync(`${file}-wal`)) return 'quick';
  try {
    const r = db.prepare("SELECT value FROM meta WHERE key = 'integrity.checkedAt'").get() as
      { value: string } | undefined;
    const at = r ? Date.parse(JSON.parse(r.value) as string) : NaN;
    return Number.isFinite(at) && Date.now() - at < RECHECK_MS ? 'none' : 'quick';
  } catch {
    return 'quick';
  }
}

function checkIntegrity(db: Database.Database, file: string, integrity: IntegrityCheck): void {
  let rows: { [k: string]: string }[];
  try {
    if (integrity === 'none') {
      // Still proves the file is a database whose schema can be read.
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
      return;
    }
    rows = db.pragma(integrity === 'full' ? 'integrity_check(20)' : 'quick_check(20)') as {
      [k: string]: string;
    }[];
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  const problems = rows.map((r) => String(Object.values(r)[0]));
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new StoreCorruptError(file, problems);
  }
}

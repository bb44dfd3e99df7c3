import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { applyDbKey, isPlaintextDatabase, OLD_DB_SCHEME, opensWithOldScheme } from './cipher';
import { encryptDatabase, encryptionPending, type EncryptPoint } from './encrypt-migration';
import { StoreCorruptError, StoreKeyError, StoreTooNewError } from '../errors';
import { LATEST_VERSION, migrate, schemaVersion } from '../migrations';

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
 * With `key` (the database key), the file is encrypted: a new one is created so, a
 * plaintext one is encrypted first (`encrypt-migration.ts`), one the key opens only in the
 * earlier scheme (SQLCipher 4 settings) is converted the same way, and one the key does not
 * open raises `StoreKeyError`, the file untouched.
 */
export function openDatabase(
  file: string,
  integrity: IntegrityCheck,
  key: Buffer | null = null,
  at?: (p: EncryptPoint) => void,
): { db: Database.Database; created: boolean } {
  if (key && (encryptionPending(file) || isPlaintextDatabase(file))) {
    encryptDatabase(file, key, at);
  }
  const existed = fs.existsSync(file) && fs.statSync(file).size > 0;
  if (!existed) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let checked = false;
  try {
    checked = existed ? checkExisting(file, integrity, key) : false;
  } catch (err) {
    if (!(err instanceof OldScheme) || !key) throw err;
    // The conversion checks the new copy whole (`quick_check`) before it takes its place.
    encryptDatabase(file, key, at);
    checkExisting(file, 'none', key);
    checked = true;
  }
  let db: Database.Database;
  try {
    db = new Database(file);
    if (key) applyDbKey(db, key);
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  try {
    // Sorts, temporary tables and VACUUM's copy stay in memory: SQLite's temporary files
    // are not encrypted.
    db.pragma('temp_store = MEMORY');
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
    return { db, created: !existed };
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * A read-only connection to an existing file (nothing written to it or its WAL); one in the
 * earlier encryption scheme is read as it is (another profile's store, a damaged file).
 */
export function openForReading(file: string, key: Buffer | null = null): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  if (!key) return db;
  applyDbKey(db, key);
  if (keyFits(db) || !opensWithOldScheme(file, key)) return db;
  db.close();
  const old = new Database(file, { readonly: true, fileMustExist: true });
  applyDbKey(old, key, OLD_DB_SCHEME);
  return old;
}

/** Whether the key set on `db` opens its file (any other failure is left for the caller). */
function keyFits(db: Database.Database): boolean {
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return true;
  } catch (err) {
    return (err as { code?: string }).code !== 'SQLITE_NOTADB';
  }
}

/** The key opens the file only in the earlier scheme: it is converted before it is opened. */
class OldScheme extends Error {}

/**
 * Integrity and version checks on a read-only connection. A read-write connection that
 * closes as the last one checkpoints the WAL into the file and deletes it, so refusing a
 * file through one would rewrite the very file it refused; a read-only one never writes the
 * file or its WAL. It may create the `-shm` index beside them (SQLite rebuilds it from the
 * WAL; it holds no data), which is what lets it read a WAL left by a crash at all.
 * Returns whether a quick or full check ran.
 */
function checkExisting(file: string, integrity: IntegrityCheck, key: Buffer | null): boolean {
  // Looked at before the first read: reading a WAL-mode file creates its (empty) `-wal`, and
  // an encrypted file is read at once to prove its key — it would always look uncleanly shut.
  const walLeft = fs.existsSync(`${file}-wal`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    if (key) applyDbKey(db, key);
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  try {
    if (key) proveKey(db, file, key);
    const mode = integrity === 'auto' ? autoMode(db, walLeft) : integrity;
    checkIntegrity(db, file, mode);
    const version = schemaVersion(db);
    if (version > LATEST_VERSION) throw new StoreTooNewError(file, version, LATEST_VERSION);
    return mode === 'quick' || mode === 'full';
  } finally {
    db.close();
  }
}

/** The first read of an encrypted file tells whether the key is its key. */
function proveKey(db: Database.Database, file: string, key: Buffer): void {
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_NOTADB') {
      if (opensWithOldScheme(file, key)) throw new OldScheme();
      throw new StoreKeyError(file);
    }
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
}

function autoMode(db: Database.Database, walLeft: boolean): IntegrityCheck {
  if (walLeft) return 'quick';
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

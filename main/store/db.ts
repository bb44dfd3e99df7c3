import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StoreCorruptError, StoreTooNewError } from './errors';
import { LATEST_VERSION, migrate, schemaVersion } from './migrations';

export type IntegrityCheck = 'quick' | 'full' | 'none';

/**
 * Opens (or creates) the store's SQLite file. An existing file is checked before anything
 * writes to it: a damaged or too-new file raises a typed error and is left as found.
 */
export function openDatabase(file: string, integrity: IntegrityCheck): Database.Database {
  const existed = fs.existsSync(file) && fs.statSync(file).size > 0;
  if (!existed) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (err) {
    throw new StoreCorruptError(file, [(err as Error).message]);
  }
  try {
    if (existed) {
      checkIntegrity(db, file, integrity);
      const version = schemaVersion(db);
      if (version > LATEST_VERSION) throw new StoreTooNewError(file, version, LATEST_VERSION);
    }
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit survives a crash of the app (the WAL is written before
    // the call returns); journal writes switch to FULL to survive power loss too.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -16000');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
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

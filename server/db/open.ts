import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { DatabaseTooNewError } from './errors';
import { LATEST_VERSION, migrate, schemaVersion } from './migrations';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  const file = join(dataDir, 'quoting.sqlite');
  refuseNewer(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Reads the version on a read-only connection: a read-write one would switch the journal
 * mode, and on closing checkpoint the log into the file, rewriting the file it refuses.
 */
function refuseNewer(file: string): void {
  if (!existsSync(file) || statSync(file).size === 0) return;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = schemaVersion(db);
    if (version > LATEST_VERSION) throw new DatabaseTooNewError(file, version, LATEST_VERSION);
  } finally {
    db.close();
  }
}

/** The database with its log checkpointed off the serving thread (see checkpointer.ts). */
export function openServingDatabase(dataDir: string): { db: Db; checkpointer: Checkpointer } {
  const db = openDatabase(dataDir);
  return { db, checkpointer: startCheckpointer(db) };
}

import Database from 'better-sqlite3-multiple-ciphers';
import { join } from 'node:path';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { migrate } from './migrations';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  const db = new Database(join(dataDir, 'quoting.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** The database with its log checkpointed off the serving thread (see checkpointer.ts). */
export function openServingDatabase(dataDir: string): { db: Db; checkpointer: Checkpointer } {
  const db = openDatabase(dataDir);
  return { db, checkpointer: startCheckpointer(db) };
}

import Database from 'better-sqlite3';
import { join } from 'node:path';
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

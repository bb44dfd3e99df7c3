import type Database from 'better-sqlite3-multiple-ciphers';
import { runSteps } from '../../../common/migrations/registry';
import { checkOrder, type Migration } from './migration';
import { v01Initial } from './v01-initial';
import { v02ListIndex } from './v02-list-index';
import { v03SortIndexes } from './v03-sort-indexes';
import { v04DraftsUnpublished } from './v04-drafts-unpublished';

export { checkOrder, type Migration } from './migration';
export { schemaVersion } from '../../../common/migrations/registry';

/**
 * The server's schema migrations, tracked in `PRAGMA user_version`, in order: a released
 * data directory is upgraded by running the steps it has not seen yet. A new one is a new
 * file `vNN-what.ts` appended here (see server/README.md, Migrations); the order is checked
 * when this module loads, so a gap or a reused version fails every start and every test.
 */
export const MIGRATIONS: readonly Migration[] = checkOrder([
  v01Initial,
  v02ListIndex,
  v03SortIndexes,
  v04DraftsUnpublished,
]);

export const LATEST_VERSION = MIGRATIONS.length;

/** Runs every migration above the database's version, each in its own transaction. */
export function migrate(db: Database.Database): number {
  return runSteps(db, MIGRATIONS);
}

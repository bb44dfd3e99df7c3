import type Database from 'better-sqlite3-multiple-ciphers';
import { runSteps } from '../../../common/migrations/registry';
import { checkOrder, type Migration } from './migration';
import { v01Initial } from './v01-initial';
import { v02ListAndSearch } from './v02-list-and-search';
import { v03AmountsInMemory } from './v03-amounts-in-memory';
import { v04SearchPending } from './v04-search-pending';
import { v05RecurringPeriods } from './v05-recurring-periods';
import { v06QuoteStubs } from './v06-quote-stubs';
import { v07QuoteSync } from './v07-quote-sync';
import { v08PublishRefused } from './v08-publish-refused';
import { v09Kits } from './v09-kits';
import { v10QuoteVersions } from './v10-quote-versions';
import { v11FollowUps } from './v11-follow-ups';
import { v12ListedOnlyQuotes } from './v12-listed-only-quotes';
import { v13LeanListIndexes } from './v13-lean-list-indexes';
import { v14DeskResponses } from './v14-desk-responses';
import { v15QuoteOptions } from './v15-quote-options';
import { v16VersionChain } from './v16-version-chain';
import { v17ListedWithoutIdMap } from './v17-listed-without-id-map';

export { checkOrder, type Migration } from './migration';
export { schemaVersion } from '../../../common/migrations/registry';

/**
 * The store's schema migrations, tracked in `PRAGMA user_version`, in order. A new one is a
 * new file `vNN-what.ts` appended here (see ../README.md, Migrations); the order is checked
 * when this module loads, so a gap or a reused version fails every start and every test.
 */
export const MIGRATIONS: readonly Migration[] = checkOrder([
  v01Initial,
  v02ListAndSearch,
  v03AmountsInMemory,
  v04SearchPending,
  v05RecurringPeriods,
  v06QuoteStubs,
  v07QuoteSync,
  v08PublishRefused,
  v09Kits,
  v10QuoteVersions,
  v11FollowUps,
  v12ListedOnlyQuotes,
  v13LeanListIndexes,
  v14DeskResponses,
  v15QuoteOptions,
  v16VersionChain,
  v17ListedWithoutIdMap,
]);

export const LATEST_VERSION = MIGRATIONS.length;

/** Runs every migration above the file's version, up to `target` (tests stop early). Each runs in its own transaction. */
export function migrate(db: Database.Database, target: number = LATEST_VERSION): number {
  return runSteps(db, MIGRATIONS, target);
}

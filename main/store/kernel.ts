// What the store's sides (`store.sync`, `store.caches`) share with the store itself: one
// connection, one transaction wrapper (events after commit), one clock. Not exported from
// the folder.
import type Database from 'better-sqlite3-multiple-ciphers';
import type { BlobStore } from './disk/blobs';
import type { ChangeBus } from './events';
import type { ChangeOrigin } from './types';
import type { QuoteMeta, QuoteRepo } from './quote/quote-repo';
import type { StubTable } from './syncing/stubs';
import type { SyncTables } from './syncing/sync-tables';
import type { UndoSteps } from './quote/undo-steps';

export interface StoreKernel {
  readonly db: Database.Database;
  readonly repo: QuoteRepo;
  readonly tables: SyncTables;
  /** Quotes known only by their list entry (first sign-in lists first). */
  readonly stubs: StubTable;
  readonly blobs: BlobStore;
  /** Every undoable change of a working copy goes on its quote's undo stack through here. */
  readonly steps: UndoSteps;
  readonly bus: ChangeBus;
  /** The database file (`:memory:` in some tests). */
  readonly file: string;
  newId(): string;
  /** Runs `fn` as one transaction (nested calls become savepoints); events after commit,
   * with the first origin given (see Store.transaction). */
  transaction<T>(fn: () => T, origin?: ChangeOrigin): T;
  /** Throws StoreClosedError once the store is closed. */
  open(): void;
  now(): string;
  /** The quote's row; throws QuoteNotFoundError. */
  row(quoteId: string): QuoteMeta;
  /** Forgets a quote entirely. */
  purge(r: QuoteMeta): void;
}

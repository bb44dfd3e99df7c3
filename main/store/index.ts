/**
 * The local draft store: every quote's working copy, its last server state, the id map,
 * the request journal and the conflicts, in one SQLite file. See README.md.
 */
import { SqliteStore, type StoreOptions } from './store';
import type { Store } from './surface';

export function openStore(file: string, opts?: StoreOptions): Store {
  return new SqliteStore(file, opts);
}

export type { Store, StoreReads, StoreWrites, StoreLifecycle, StoreTables } from './surface';
export { DELETE_HOLD_MS, type StoreOptions } from './store';
export { repairStore, type RepairReport } from './disk/repair';
export type { IntegrityCheck } from './disk/db';
export { ENCRYPT_POINTS, type EncryptPoint } from './disk/encrypt-migration';
export { isPlaintextDatabase } from './disk/cipher';
export { countUnsyncedInFile } from './syncing/unsynced';
export type { ChangeListener } from './events';
export type { StoreCondition } from './disk/health';
export {
  StoreError,
  StoreValidationError,
  QuoteNotFoundError,
  StoreCorruptError,
  StoreFullError,
  StoreUnwritableError,
  StoreTooNewError,
  StoreKeyError,
  StoreClosedError,
} from './errors';
export { LATEST_VERSION as STORE_SCHEMA_VERSION } from './migrations';
export {
  SYNC_STATES,
  SYNC_EVENTS,
  nextSyncState,
  IllegalSyncTransition,
} from './syncing/sync-state';
export type { SyncEventDetail } from './syncing/quote-sync';
export { UNDO_DEPTH } from './quote/quote-repo';
export { workFromRemote } from './syncing/remote';
export type { PipelineRow } from './list/pipeline';
export type { HeldCounts, StubRef } from './syncing/stubs';
export { isPdf } from './quote/edits/attachments';
export {
  EDITS,
  type ApplyOptions,
  type Brought,
  type EditResult,
  type EditRow,
} from './quote/edits/registry';
export {
  combinationProblem,
  groupSections,
  isChosen,
  markLine,
  markSection,
  unmark,
} from './quote/edits/options';
export { ME as OWNER_ME } from './quote/edits/ownership';
export type * from './types';
export type { UnsyncedCounts } from './syncing/unsynced';
export type { LocalDraft, LocalDelete, LocalDrafts, PutBackOutcome } from './local/drafts';
export type { Caches } from './caches';
export { KitNotFoundError, type KitTable, type StoredKit } from './local/kits';
export type { KitPlan, KitPriceChange } from './quote/edits/kits';
export type {
  QuoteVersions,
  VersionRecord,
  SaveVersionInput,
  StoredVersion,
} from './local/versions';
export { versionHash } from './local/versions';
export { assertCanAnswer } from './quote/edits/desk';
export type { DeskResponses, DeskResponseRecord } from './local/desk-responses';
export type { FollowUpTable, FollowUpFacts, FollowUpMark, FollowUpKey } from './local/follow-ups';
export { OPEN_STATUSES } from './local/follow-ups';

/**
 * The local draft store: every quote's working copy, its last server state, the id map,
 * the request journal and the conflicts, in one SQLite file. See README.md.
 */
import { Store, type StoreOptions } from './store';

export function openStore(file: string, opts?: StoreOptions): Store {
  return new Store(file, opts);
}

export { DELETE_HOLD_MS, Store, type StoreOptions } from './store';
export { repairStore, type RepairReport } from './repair';
export type { IntegrityCheck } from './db';
export { ENCRYPT_POINTS, type EncryptPoint } from './encrypt-migration';
export { isPlaintextDatabase } from './cipher';
export { countUnsyncedInFile } from './unsynced';
export type { ChangeListener } from './events';
export type { StoreCondition } from './health';
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
export { SYNC_STATES, SYNC_EVENTS, nextSyncState, IllegalSyncTransition } from './sync-state';
export type { SyncEventDetail } from './quote-sync';
export { UNDO_DEPTH } from './quote-repo';
export { workFromRemote } from './remote';
export type { PipelineRow } from './pipeline';
export type { HeldCounts, StubRef } from './stubs';
export { isPdf } from './edits/attachments';
export { ME as OWNER_ME } from './edits/ownership';
export type * from './types';
export type { StoreSync } from './sync-side';
export type { UnsyncedCounts } from './unsynced';
export type { LocalDraft, LocalDelete, LocalDrafts, PutBackOutcome } from './drafts';
export type { Caches } from './caches';
export { KitNotFoundError, type KitTable, type StoredKit } from './kits';
export type { KitPlan, KitPriceChange } from './edits/kits';
export type { QuoteVersions, VersionRecord, SaveVersionInput } from './versions';
export { versionHash } from './versions';
export { assertCanAnswer } from './edits/desk';
export type { DeskResponses, DeskResponseRecord } from './desk-responses';
export type { FollowUpTable, FollowUpFacts, FollowUpMark, FollowUpKey } from './follow-ups';
export { OPEN_STATUSES } from './follow-ups';

/** The sync engine (docs/architecture.md#data-flow): see README.md in this folder. */
export {
  SyncEngine,
  knownServerQuotes,
  type EngineOptions,
  type EngineEvent,
  type CycleReport,
} from './engine';
export { merge, type Conflict, type ConflictKind, type MergeResult } from './merge';
export { nextStep, type Step } from './plan';
export { fromWork, fromRemote } from './translate';
export { matchLostQuote, matchLostEntities } from './lost-create';
export { takeMine, takeTheirs, saveMineAsNew, resolveParkedCreate } from './resolve';
export { PARKED_CREATE } from './conflict-store';
export { PREVIEW_BUDGET, previewBudgetMiB, DEFAULT_PREVIEW_BUDGET_MIB } from './previews';
export { KEEP_ALL_OFFLINE, HOLD_RECENT_DAYS } from './pull';
export type { SyncApi, SyncStore } from './ports';
export { publishRefusal, clearPublishRefusal } from './publish-refused';

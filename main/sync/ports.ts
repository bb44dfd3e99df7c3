// What the engine needs of the API client and of the draft store. The simulation hands in
// the same real parts, wrapped in a fault injector (API side) and a crash injector (store).
import type { ApiClient } from '../api';
import type { Store } from '../store';
import { engineStore, type EngineStore } from '../store/engine';

export type SyncApi = Pick<
  ApiClient,
  | 'listQuotes'
  | 'getQuote'
  | 'createQuote'
  | 'updateQuote'
  | 'deleteQuote'
  | 'getAccessList'
  | 'addAccessList'
  | 'deleteAccessEntry'
  | 'addLineItems'
  | 'updateLineItems'
  | 'bulkDeleteLineItems'
  | 'getSections'
  | 'createSection'
  | 'replaceSections'
  | 'uploadQuoteAttachments'
  | 'copyLibraryAttachmentsToQuote'
  | 'updateQuoteAttachments'
  | 'deleteQuoteAttachment'
  | 'quoteAttachmentBytes'
  | 'takeOwnership'
>;

/** The store as the engine uses it: its sync side, two caches, and the quote itself. */
export type SyncStore = Pick<
  EngineStore,
  | 'transaction'
  | 'getQuote'
  | 'listQuotes'
  | 'purgeQuote'
  | 'saveAsNewQuote'
  | 'getMeta'
  | 'setMeta'
  | 'identity'
  | 'setIdentity'
  | 'readFile'
  | 'setAttachmentFile'
  | 'filesBytes'
  | 'collectGarbage'
> & {
  readonly sync: EngineStore['sync'];
  readonly caches: Pick<EngineStore['caches'], 'library' | 'preferences'>;
  /** Answers given at the desk and the versions they froze (desk-guard.ts, desk-refused.ts). */
  readonly desk?: Pick<EngineStore['desk'], 'latest' | 'setState'>;
  readonly versions?: Pick<EngineStore['versions'], 'save'>;
};

/**
 * The engine's view of a store handed down by the core or a service (they hold the public
 * surface, without the sync side): only main/sync may reach the sync side (store/engine.ts).
 */
export function syncView(store: Store | SyncStore): SyncStore {
  return engineStore(store);
}

/** What one quote's round (`push.ts`) and its steps (`steps.ts`) work with. */
export interface RoundContext {
  api: SyncApi;
  store: SyncStore;
  newId: () => string;
  /** Shared across rounds: false once a server refused new section ids in PUT sections. */
  sectionsByPut: { value: boolean };
  onStep?: (quoteId: string, step: string) => void;
}

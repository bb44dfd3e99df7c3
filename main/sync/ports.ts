// What the engine needs of the API client and of the draft store. The simulation hands in
// the same real parts, wrapped in a fault injector (API side) and a crash injector (store).
import type { ApiClient } from '../api';
import type { Store } from '../store';

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
  | 'downloadQuoteAttachment'
  | 'takeOwnership'
>;

export type SyncStore = Pick<
  Store,
  | 'transaction'
  | 'getQuote'
  | 'listDirty'
  | 'serverQuoteIds'
  | 'listQuotes'
  | 'mapId'
  | 'serverIdOf'
  | 'localIdOf'
  | 'planRequest'
  | 'planRequestDurable'
  | 'markRequest'
  | 'listJournal'
  | 'removeRequest'
  | 'commitSync'
  | 'replaceWork'
  | 'importRemote'
  | 'purgeQuote'
  | 'saveAsNewQuote'
  | 'setSyncState'
  | 'recordConflicts'
  | 'replaceConflicts'
  | 'listConflicts'
  | 'resolveConflict'
  | 'getMeta'
  | 'setMeta'
  | 'identity'
  | 'setIdentity'
  | 'filePath'
  | 'setAttachmentFile'
  | 'library'
  | 'preferences'
  | 'collectGarbage'
>;

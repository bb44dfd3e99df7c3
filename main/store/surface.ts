// The store's public surface: what the services and the core may read (`StoreReads`), what
// they may write (`StoreWrites`), and the store's life (`StoreLifecycle`), declared here and
// implemented by `SqliteStore` (store.ts) behind them. The sync engine's side — the id map
// written, server state in and out, the journal, the conflicts — is not part of it: only
// main/sync reaches it, through `engineStore` of engine.ts (ESLint keeps everyone else out).
import type Database from 'better-sqlite3-multiple-ciphers';
import type { QuoteStatus } from '../../common/api';
import type { IpcParsedInput } from '../../common/ipc/calls';
import type { DeskResponseKind } from '../../common/ipc/desk';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { QuoteOptions } from '../../common/quote-options';
import type { ListContent } from '../../common/api';
import type { Caches } from './caches';
import type { StoreCondition, ConditionListener } from './disk/health';
import type { ChangeListener } from './events';
import type { PipelineRow } from './list/pipeline';
import type { DeskResponses } from './local/desk-responses';
import type { LocalDraft, LocalDrafts, PutBackOutcome } from './local/drafts';
import type { FollowUpTable } from './local/follow-ups';
import type { KitTable, StoredKit } from './local/kits';
import type { QuoteOptionsTable } from './local/quote-options';
import type { QuoteVersions } from './local/versions';
import type { EditContext } from './quote/edits/context';
import type { KitPlan, KitPriceChange } from './quote/edits/kits';
import type { ApplyOptions, EditResult } from './quote/edits/registry';
import type { HeldCounts } from './syncing/stubs';
import type { UnsyncedCounts } from './syncing/unsynced';
import type {
  AccessEntryInput,
  AddLineItemInput,
  AttachmentInput,
  AttachmentPatch,
  ChangeOrigin,
  Conflict,
  CreateQuoteInput,
  EditOptions,
  EntityKind,
  HeaderPatch,
  Identity,
  LineItemPatch,
  ListQuery,
  ListResult,
  QuoteRecord,
  QuoteSyncRecord,
  WorkQuote,
} from './types';

/** What the services and the core may read. Reads write nothing and emit nothing. */
export interface StoreReads {
  /** The database file (`:memory:` in some tests). */
  readonly file: string;
  /** Whether the file and its attachment files are encrypted. */
  readonly encrypted: boolean;
  /** The raw connection, for diagnostics and tests only. */
  readonly database: Database.Database;
  /** Whether a call found the file damaged (edits refused from then on) or the disk full. */
  condition(): StoreCondition;
  identity(): Identity | null;
  getMeta<T = unknown>(key: string): T | null;

  getQuote(quoteId: string): QuoteRecord | null;
  /**
   * The quote as the edit just applied left it (its base not read), for that edit's answer:
   * read it at once, never keep or change it (it shares its parts with the edit's copy).
   */
  editedQuote(quoteId: string): Omit<QuoteRecord, 'base'> | null;
  /** The working copy; throws QuoteNotFoundError for an unknown or deleted quote. */
  getWork(quoteId: string): WorkQuote;
  listQuotes(query?: ListQuery): ListResult;
  /** Totals per status and currency over every quote the list's filters (but status) match. */
  pipeline(
    query?: Pick<ListQuery, 'search' | 'account' | 'partnerId' | 'intentType'>,
  ): PipelineRow[];
  /** Everything the store knows about one quote, as JSON for support (no file contents). */
  exportQuote(quoteId: string): Record<string, unknown>;
  /** What inserting a kit would do (room, today's prices, new sections); changes nothing. */
  previewKit(quoteId: string, kitId: string): KitPlan;

  /** What exists only here: unsynced drafts and deletes, open conflicts, files not uploaded. */
  unsynced(): UnsyncedCounts;
  /** Every quote with changes not yet on the server, whole (local/drafts.ts): for the export. */
  localDrafts(): LocalDrafts;
  /** The partner id of the quotes held here, when the server has named it (null: not yet). */
  knownPartnerId(): string | null;

  /** The server's id of a local entity; null until sync has created it there. */
  serverIdOf(kind: EntityKind, localId: string): string | null;
  /** The local id of an entity the server knows by `serverId`; null when not held here. */
  localIdOf(kind: EntityKind, serverId: string): string | null;
  /** The list entry a quote held only by its entry stands for; null for a quote held whole. */
  stubEntry(quoteId: string): ListContent | null;
  /** A quote's sync state, its message and the engine's bookkeeping; null for an unknown quote. */
  syncRecord(quoteId: string): QuoteSyncRecord | null;
  /** Open conflicts, of one quote or all, oldest first. */
  openConflicts(quoteId?: string): Conflict[];
  /** Quotes held whole and listed only, with the disk each takes (about). */
  heldCounts(): HeldCounts;
  /** How many quotes wait to be sent (edits, deletes) and how many conflicts are open. */
  syncCounts(): { pending: number; conflicts: number };

  /** Where the file of a content address is on disk: sealed when the store is encrypted, so
   * read it with `readFile`. */
  filePath(sha256: string): string;
  /** Whether the file of a content address is on this computer. */
  hasFile(sha256: string): boolean;
  readFile(sha256: string): Buffer;
  /** Bytes of the files held beside the database (attachments, library copies). */
  filesBytes(): number;
}

/**
 * What the services and the core may write. Each call is one transaction; an edit of a quote
 * is one undo step, announced once after commit with who made it (README.md, Edits).
 */
export interface StoreWrites {
  /** Runs `fn` as one transaction (nested calls become savepoints); events after commit, with
   * the first `origin` given. */
  transaction<T>(fn: () => T, origin?: ChangeOrigin): T;
  setIdentity(identity: Identity | null): void;
  setMeta(key: string, value: unknown): void;

  /** A new draft for a client, with the preferences' defaults. */
  createQuote(input: CreateQuoteInput): WorkQuote;
  /** A copy of a quote's working copy as a new, never-synced quote (e.g. "save mine as new"). */
  saveAsNewQuote(quoteId: string): WorkQuote;
  /** Applies an edit of the registry (quote/edits/registry.ts): one transaction, one undo step. */
  applyEdit<N extends EditCallName>(
    name: N,
    input: IpcParsedInput<N>,
    opts?: ApplyOptions<N>,
  ): EditResult<N>;
  /** `opts.coalesce`: edits with the same key in a row are one undo step (one field visit). */
  updateHeader(quoteId: string, patch: HeaderPatch, opts?: EditOptions): void;
  takeOwnership(quoteId: string): void;
  addLineItems(quoteId: string, items: AddLineItemInput[], sectionId?: string): string[];
  updateLineItems(quoteId: string, patches: LineItemPatch[], opts?: EditOptions): void;
  deleteLineItems(quoteId: string, lineItemIds: string[]): void;
  createSection(quoteId: string, name: string): string;
  renameSection(quoteId: string, sectionId: string, name: string): void;
  deleteSection(quoteId: string, sectionId: string): void;
  reorderSections(quoteId: string, sectionIds: string[]): void;
  moveLineItems(
    quoteId: string,
    lineItemIds: string[],
    to: { sectionId: string | null; index?: number },
  ): void;
  moveLineItem(
    quoteId: string,
    lineItemId: string,
    to: { sectionId: string | null; index?: number },
  ): void;
  addAccessEntries(quoteId: string, entries: AccessEntryInput[]): string[];
  removeAccessEntry(quoteId: string, entryId: string): void;
  addAttachments(quoteId: string, files: AttachmentInput[]): string[];
  copyLibraryAttachments(quoteId: string, libraryAttachmentIds: string[]): string[];
  updateAttachments(quoteId: string, patches: AttachmentPatch[]): void;
  removeAttachment(quoteId: string, attachmentId: string): void;
  /** Keeps the given line items (and the parents of add-ons among them) as a kit. */
  saveKit(
    quoteId: string,
    lineItemIds: string[],
    name: string,
  ): { kit: StoredKit; addedParents: string[] };
  /** Inserts a kit as one edit, so one undo step; refused whole when it does not fit. */
  insertKit(
    quoteId: string,
    kitId: string,
  ): { lineItemIds: string[]; priceChanges: KitPriceChange[] };
  /** Changes a quote's options and alternatives as `fn` says (no undo step). */
  changeOptions<T extends { doc: QuoteOptions }>(
    quoteId: string,
    fn: (w: WorkQuote, doc: QuoteOptions, ctx: EditContext) => T,
  ): T;
  /** The client's answer at the desk: one edit; answers the attachment's id. */
  answerAtDesk(quoteId: string, kind: DeskResponseKind, file: AttachmentInput): string;
  /** An answer never sent, withdrawn: the server's status again, its PDF detached. */
  withdrawDeskAnswer(quoteId: string, status: QuoteStatus, attachmentId: string | null): void;
  /** Makes version `number` of the quote its working copy again: one edit, one undo step. */
  restoreVersion(quoteId: string, number: number): void;
  /** Deletes a quote as one step of its own undo history; the delete is held `holdMs`. */
  deleteQuote(quoteId: string, holdMs?: number): void;
  /** Steps back one local edit. Returns false when there is nothing to undo. */
  undo(quoteId: string): boolean;
  redo(quoteId: string): boolean;
  /** Puts exported drafts back as pending changes, in one transaction (local/drafts.ts). */
  putBackDrafts(input: { quotes: LocalDraft[]; deletes: string[] }): {
    quotes: { outcome: PutBackOutcome; quoteId: string }[];
    deletes: number;
  };

  /** Stores a file content-addressed; returns its address. */
  putFile(bytes: Uint8Array): { sha256: string; size: number };
  /** Records the local copy of an attachment's file (not an edit: no undo, no generation). */
  setAttachmentFile(quoteId: string, attachmentId: string, bytes: Uint8Array): void;
  /** Deletes attachment files nothing refers to any more (see store.ts). */
  collectGarbage(opts?: { olderThanMs?: number }): { removed: number };
  /** Queues every quote only listed here for download ("keep all quotes offline" with no
   * engine running); answers how many. */
  queueListedForDownload(): number;
}

/** Opening is `openStore`; these end the store and tell of its changes. */
export interface StoreLifecycle {
  close(): void;
  /** Subscribes to change events, delivered after commit. Returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void;
  /** Subscribes to changes of `condition()`. Returns the unsubscribe function. */
  onCondition(listener: ConditionListener): () => void;
  /** Moves the WAL into the database file now (otherwise done when idle). */
  checkpoint(): void;
}

/** The store's tables of their own, each with its reads and writes (see their files). */
export interface StoreTables {
  /** Offline copies of the catalogue, preferences and attachment library. */
  readonly caches: Caches;
  /** Kits of line items: this profile's own, never sent to the server. */
  readonly kits: KitTable;
  readonly quoteOptions: QuoteOptionsTable;
  /** Versions of quotes: frozen at publish or saved by hand; local only. */
  readonly versions: QuoteVersions;
  /** The client's answers given at the desk; local only. */
  readonly desk: DeskResponses;
  /** "Needs attention": the facts of quotes that may need the user, snoozes, notices. */
  readonly followUps: FollowUpTable;
}

/** The store as everyone outside it but the sync engine sees it. */
export interface Store extends StoreReads, StoreWrites, StoreLifecycle, StoreTables {}

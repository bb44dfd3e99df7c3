// Over 500 lines: one class holds the edit kernel (transaction, edit cache, undo) and the ~40
// short read/edit methods built on it; the sync side, caches and checkpoints live beside it.
import crypto from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';
import { BlobStore } from './disk/blobs';
import { Caches } from './caches';
import { FollowUpTable } from './local/follow-ups';
import { CheckpointScheduler } from './disk/checkpoints';
import type { StoreKernel } from './kernel';
import type { EngineStore } from './engine';
import { StoreSync } from './syncing/sync-side';
import { KitTable, type StoredKit } from './local/kits';
import { QuoteOptionsTable } from './local/quote-options';
import type { QuoteOptions } from '../../common/quote-options';
import { countUnsynced, type UnsyncedCounts } from './syncing/unsynced';
import {
  knownPartnerId,
  localDrafts,
  putBackDraft,
  type LocalDraft,
  type LocalDrafts,
  type PutBackOutcome,
} from './local/drafts';
import { deriveStoreKeys, FileCipher } from './disk/cipher';
import { openDatabase, type IntegrityCheck } from './disk/db';
import type { EncryptPoint } from './disk/encrypt-migration';
import * as accessList from './quote/edits/access-list';
import * as attachments from './quote/edits/attachments';
import type { EditContext } from './quote/edits/context';
import * as header from './quote/edits/header';
import * as kits from './quote/edits/kits';
import * as lineItems from './quote/edits/line-items';
import { freshCopy } from './quote/edits/fresh-copy';
import {
  EDITS,
  type ApplyOptions,
  type BroughtBy,
  type EditResult,
  type EditRow,
} from './quote/edits/registry';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { IpcParsedInput } from '../../common/ipc/calls';
import * as sections from './quote/edits/sections';
import { QuoteNotFoundError, StoreClosedError, StoreError } from './errors';
import { DocWriter } from './quote/doc-writer';
import { ChangeBus, type ChangeListener } from './events';
import {
  guardMethods,
  refuseMarked,
  StoreHealth,
  type ConditionListener,
  type StoreCondition,
} from './disk/health';
import { applyEntry } from './quote/history';
import { listQuotes } from './list/list';
import { QuoteVersions } from './local/versions';
import { DeskResponses } from './local/desk-responses';
import * as desk from './quote/edits/desk';
import type { DeskResponseKind } from '../../common/ipc/desk';
import type { ListContent, QuoteStatus } from '../../common/api';
import { pipelineTotals, type PipelineRow } from './list/pipeline';
import { QuoteRepo, type QuoteMeta } from './quote/quote-repo';
import { SyncTables } from './syncing/sync-tables';
import { UndoSteps } from './quote/undo-steps';
import { notDownloadedError, StubTable, type HeldCounts } from './syncing/stubs';
import { parseDoc, recomputeTotals, storedDoc } from './quote/totals';
import { searchDoc, type SearchDoc } from './list/list-row';
import type {
  AccessEntryInput,
  AddLineItemInput,
  AttachmentInput,
  AttachmentPatch,
  ChangeOrigin,
  ChangeWhat,
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
  RemoteAggregate,
  WorkQuote,
} from './types';

/** How long a deleted quote's delete waits for Undo before sync sends it (the notice: 8 s). */
export const DELETE_HOLD_MS = 10_000;
/** The undo step a delete is in its quote's history. */
const DELETE_LABEL = 'Delete quote';

export interface StoreOptions {
  /** Where attachment files live; default `attachments/` beside the database file. */
  filesDir?: string;
  /** Check run on an existing file before use; default `auto` (see IntegrityCheck). */
  integrityCheck?: IntegrityCheck;
  /**
   * The profile's 256-bit store key: the database (AEGIS-256) and attachment files
   * (AES-256-GCM) are encrypted with keys derived from it; a plaintext store is encrypted on
   * open. Without it the store is plaintext (the user chose no encryption).
   */
  key?: Uint8Array | null;
  /** For tests: called at each step of encrypting a plaintext store (see encrypt-migration.ts). */
  encryptAt?: (point: EncryptPoint) => void;
  /** For tests: the clock and the id generator. */
  clock?: () => Date;
  newId?: () => string;
}

/**
 * The local draft store behind its public surface (surface.ts) and the engine's side
 * (engine.ts). See README.md beside this file for the contract.
 */
export class SqliteStore implements EngineStore {
  private db: Database.Database;
  private repo: QuoteRepo;
  /** Offline copies of the catalogue, preferences and attachment library. */
  readonly caches: Caches;
  /** The sync engine's side: id map, server state in and out, journal, conflicts. */
  readonly sync: StoreSync;
  /** Kits of line items: this profile's own, never sent to the server. */
  readonly kits: KitTable;
  readonly quoteOptions: QuoteOptionsTable;
  /** Versions of quotes: frozen at publish or saved by hand; local only (versions.ts). */
  readonly versions: QuoteVersions;
  /** The client's answers given at the desk; local only (desk-responses.ts). */
  readonly desk: DeskResponses;
  /** "Needs attention": the facts of quotes that may need the user, snoozes, notices. */
  readonly followUps: FollowUpTable;
  private blobs: BlobStore;
  private tables: SyncTables;
  private kernel: StoreKernel;
  private stubs: StubTable;
  private steps: UndoSteps;
  private bus = new ChangeBus();
  private health: StoreHealth;
  private checkpoints: CheckpointScheduler;
  private clock: () => Date;
  private newId: () => string;
  private closed = false;
  /** One transaction wrapper for every call: creating one per call costs more than a small edit. */
  private runTx!: Database.Transaction<(fn: () => unknown) => unknown>;
  /**
   * The last parsed working copy per quote row with the stored text it came from and its
   * search entry: an edit reuses it instead of reading and parsing a full quote again, once
   * SQLite confirmed the text is still the stored one. Dropped whenever an edit fails, as a
   * failing edit may have changed it half-way.
   */
  private parsed = new Map<
    number,
    { doc: string; w: WorkQuote; search: SearchDoc; writer: DocWriter }
  >();

  constructor(
    readonly file: string,
    opts: StoreOptions = {},
  ) {
    this.health = new StoreHealth(file);
    refuseMarked(file);
    const keys = opts.key ? deriveStoreKeys(opts.key) : null;
    let opened: ReturnType<typeof openDatabase>;
    try {
      opened = openDatabase(file, opts.integrityCheck ?? 'auto', keys?.db, opts.encryptAt);
    } catch (err) {
      // A full disk at open (migrations, pragmas) is said like one during an edit.
      throw this.health.classify(err);
    }
    this.db = opened.db;
    this.encrypted = keys !== null;
    this.repo = new QuoteRepo(this.db);
    this.blobs = new BlobStore(
      this.db,
      opts.filesDir ?? path.join(path.dirname(path.resolve(file)), 'attachments'),
      keys ? new FileCipher(keys) : null,
    );
    if (keys) this.sealFiles(opened.created, () => opts.encryptAt?.('file-sealed'));
    this.tables = new SyncTables(this.db);
    // A quote's sync state is announced by its one writer, the transition, and only so.
    this.repo.sync.onChange = (qrow) => {
      const quoteId = this.repo.idOf(qrow);
      if (quoteId) this.bus.emit({ quoteId, what: 'syncState' });
    };
    this.stubs = new StubTable(this.db, this.repo, this.tables);
    this.steps = new UndoSteps(this.repo);
    this.runTx = this.db.transaction((fn: () => unknown) => fn());
    this.clock = opts.clock ?? (() => new Date());
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    const kernel: StoreKernel = (this.kernel = {
      db: this.db,
      repo: this.repo,
      tables: this.tables,
      stubs: this.stubs,
      blobs: this.blobs,
      steps: this.steps,
      bus: this.bus,
      file,
      newId: () => this.newId(),
      transaction: (fn, origin) => this.transaction(fn, origin),
      open: () => this.open(),
      now: () => this.now(),
      row: (quoteId) => this.row(quoteId),
      purge: (r) => this.purge(r),
    });
    this.caches = new Caches(kernel);
    // What the sync side writes is sync's, unless a call of the user's holds it (a resolution).
    this.sync = new StoreSync({ ...kernel, transaction: (fn) => this.transaction(fn, 'sync') });
    this.kits = new KitTable(kernel);
    this.quoteOptions = new QuoteOptionsTable(kernel);
    this.versions = new QuoteVersions(kernel);
    this.desk = new DeskResponses(kernel);
    this.followUps = new FollowUpTable(kernel, () => this.caches.identity());
    this.checkpoints = new CheckpointScheduler({
      flushSearch: (slice) => this.flushSearch(slice),
      checkpoint: () => this.checkpoint(),
    });
    // A damaged page or a full disk can surface in any call: each comes out typed.
    guardMethods(this, this.health);
    guardMethods(this.sync, this.health);
    guardMethods(this.caches, this.health);
    guardMethods(this.kits, this.health);
    guardMethods(this.quoteOptions, this.health);
    guardMethods(this.versions, this.health);
    guardMethods(this.desk, this.health);
    guardMethods(this.followUps, this.health);
    // Search entries a crash left behind are brought up to date once the store is idle.
    if (this.repo.search.behind) this.checkpoints.arm();
  }

  /** Whether a call found the file damaged (edits refused from then on) or the disk full. */
  condition(): StoreCondition {
    return this.health.condition();
  }

  /** Subscribes to changes of `condition()`. Returns the unsubscribe function. */
  onCondition(listener: ConditionListener): () => void {
    return this.health.on(listener);
  }

  // ------------------------------------------------------------------------ lifecycle

  /** Whether the file and its attachment files are encrypted. */
  readonly encrypted: boolean;

  /**
   * Attachment files from before the store was encrypted are sealed once (a meta flag
   * records that it is done, so later opens do not walk the folder).
   */
  private sealFiles(created: boolean, sealedOne: () => void): void {
    const flag = this.db.prepare<[], { value: string }>(
      "SELECT value FROM meta WHERE key = 'files.sealed'",
    );
    if (!created && flag.get()) return;
    this.blobs.sealPlainFiles(sealedOne);
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES ('files.sealed', 'true') ON CONFLICT(key) DO NOTHING",
      )
      .run();
  }

  close(): void {
    if (this.closed) return;
    try {
      this.flushSearch();
    } catch {
      // The records stay in the file; the next session flushes them.
    }
    this.closed = true;
    this.checkpoints.stop();
    try {
      this.db.pragma('optimize');
    } catch {
      // best effort
    }
    this.db.close();
  }

  /** Subscribes to change events, delivered after commit. Returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    return this.bus.on(listener);
  }

  /**
   * Runs `fn` as one transaction (nested calls become savepoints); events after commit, each
   * carrying who made the change: the first `origin` given, by this call or a nested one (the
   * store's own edits give theirs: `user`; the sync side's, `sync`; a drafts import, `import`).
   */
  transaction<T>(fn: () => T, origin?: ChangeOrigin): T {
    this.open();
    this.health.refuseWrites();
    const outer = !this.db.inTransaction;
    if (outer) {
      this.repo.facts.begin();
      this.steps.begin();
    }
    let result: T;
    try {
      result = this.bus.hold(() => this.runTx.immediate(fn) as T, origin);
    } catch (err) {
      // Rolled back (in part or whole): in-memory list facts may describe rows that are gone.
      this.repo.facts.rolledBack();
      throw err;
    }
    if (outer) {
      this.health.wrote();
      this.checkpoints.afterCommit();
    }
    return result;
  }

  /**
   * Moves the WAL into the database file. Runs after a second without writes, or right
   * after the commit that made it due once the caller yields, never inside an edit (a
   * checkpoint of a thousand edits costs about a hundred of them).
   */
  checkpoint(): void {
    if (this.closed || this.health.condition().damaged !== null) return;
    this.flushSearch();
    this.checkpoints.done();
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /**
   * Rewrites the search entries edits left behind (see SearchIndex), all of them or a slice:
   * before a search, with every checkpoint, and in slices when idle. Returns whether some may
   * remain. Not counted as a commit: a checkpoint follows or is already due.
   */
  private flushSearch(slice = -1): boolean {
    if (!this.repo.search.behind) return false;
    this.health.refuseWrites();
    const outer = !this.db.inTransaction;
    const taken = this.runTx.immediate(() =>
      this.repo.search.flush((qrow) => this.searchOf(qrow), slice),
    ) as number;
    const more = slice >= 0 && taken >= slice;
    // Inside another transaction the flush may still be rolled back with it.
    if (outer && !more) this.repo.search.flushed();
    return more;
  }

  /** The search text of a quote's stored working copy, from the edit cache when it is current. */
  private searchOf(qrow: number): SearchDoc {
    const cached = this.parsed.get(qrow);
    if (cached && this.repo.workIs(qrow, cached.doc)) return cached.search;
    return searchDoc(JSON.parse(this.repo.workDoc(qrow)) as WorkQuote);
  }

  /** The raw connection, for diagnostics and tests only. */
  get database(): Database.Database {
    return this.db;
  }

  private open(): void {
    if (this.closed) throw new StoreClosedError();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private context(): EditContext {
    const now = this.now();
    return {
      now,
      newId: this.newId,
      identity: () => this.caches.identity(),
      preferences: () => this.caches.preferences(),
      product: (id) => this.caches.product(id),
      pricing: (id) => this.caches.pricing(id),
      commitmentTerm: (id) => this.caches.commitmentTerm(id),
      libraryAttachment: (id) => this.caches.libraryAttachment(id),
      putBlob: (bytes) => this.blobs.put(bytes, now),
      options: this.quoteOptions,
      kit: (id) => this.kits.require(id),
      version: (quoteId, number) => {
        const v = this.versions.get(quoteId, number);
        if (v) return v.work;
        throw new StoreError('VERSION_NOT_FOUND', `Quote ${quoteId} has no version ${number}.`);
      },
    };
  }

  private row(quoteId: string): QuoteMeta {
    const r = this.repo.byId(quoteId);
    if (!r) throw new QuoteNotFoundError(quoteId);
    return r;
  }

  /**
   * One local edit: load the working copy, apply `fn`, recompute totals, write it with its
   * list row and search entry, push the previous copy on the undo stack, bump the generation.
   */
  private edit<T>(
    quoteId: string,
    what: ChangeWhat,
    label: string,
    fn: (w: WorkQuote, ctx: EditContext) => T,
    coalesce?: string,
    origin: ChangeOrigin = 'user',
  ): T {
    return this.transaction(() => {
      const r = this.row(quoteId);
      if (r.deleted) throw new QuoteNotFoundError(quoteId);
      if (this.stubs.has(r.qrow)) throw notDownloadedError();
      const cached = this.parsed.get(r.qrow);
      this.parsed.delete(r.qrow);
      const hit = cached !== undefined && this.repo.workIs(r.qrow, cached.doc);
      const prevDoc = hit ? cached.doc : this.repo.workDoc(r.qrow);
      // Stored documents carry no totals; fn needs none, and they are computed once after it.
      const w = hit ? cached.w : (JSON.parse(prevDoc) as WorkQuote);
      const prevSearch = hit ? cached.search : searchDoc(w);
      const writer = hit ? cached.writer : new DocWriter();
      const ctx = this.context();
      const result = fn(w, ctx);
      recomputeTotals(w, false);
      w.updatedOn = ctx.now;
      const doc = writer.write(w);
      // One step per call (its transaction) and per field visit: see undo-steps.ts.
      this.steps.record(r.qrow, label, prevDoc, doc, ctx.now, coalesce);
      this.repo.clearStack(r.qrow, 'redo');
      const search = this.repo.writeWork(r.qrow, prevSearch, w, doc, 'handled');
      if (this.parsed.size >= 64) this.parsed.clear();
      this.parsed.set(r.qrow, { doc, w, search, writer });
      this.repo.bumpGeneration(r.qrow);
      this.bus.emit({ quoteId, what, generation: r.generation + 1 });
      return result;
    }, origin);
  }

  // --------------------------------------------------------------------- identity, meta

  setIdentity(identity: Identity | null): void {
    this.open();
    this.caches.setMeta('identity', identity);
  }

  identity(): Identity | null {
    return this.caches.identity();
  }

  getMeta<T = unknown>(key: string): T | null {
    this.open();
    return this.caches.getMeta<T>(key);
  }

  setMeta(key: string, value: unknown): void {
    this.open();
    this.caches.setMeta(key, value);
  }

  // ---------------------------------------------------------------------------- reads

  getQuote(quoteId: string): QuoteRecord | null {
    this.open();
    const r = this.repo.byId(quoteId);
    if (!r) return null;
    const base = this.repo.baseDoc(r.qrow);
    const sync = this.repo.sync.summary(r.qrow);
    return {
      id: r.id,
      serverId: r.server_id,
      work: parseDoc(this.storedWork(r.qrow)),
      base: base ? (JSON.parse(base) as RemoteAggregate) : null,
      generation: r.generation,
      syncedGeneration: r.synced_generation,
      dirty: r.generation > r.synced_generation || r.deleted === 1,
      deleted: r.deleted === 1,
      syncState: sync.state,
      syncMessage: sync.lastError,
      openConflicts: r.open_conflicts,
      stub: this.stubs.has(r.qrow),
      undoDepth: this.repo.depth(r.qrow, 'undo'),
      redoDepth: this.repo.depth(r.qrow, 'redo'),
    };
  }

  /** What exists only here: unsynced drafts and deletes, open conflicts, files not uploaded. */
  unsynced(): UnsyncedCounts {
    this.open();
    return countUnsynced(this.db, this.sync.listDirty(), (id) => this.getWork(id));
  }

  /** Every quote with changes not yet on the server, whole (drafts.ts): for the export. */
  localDrafts(): LocalDrafts {
    return localDrafts(this.kernel);
  }

  /** The partner id of the quotes held here, when the server has named it (null: not yet). */
  knownPartnerId(): string | null {
    return this.caches.identity()?.partner?.id ?? knownPartnerId(this.kernel);
  }

  /**
   * Puts exported drafts back as pending changes, in one transaction (drafts.ts): each keeps
   * its ids, or comes back as a copy when the quote here has edits of its own. A delete is
   * put back where the quote is here whole and without changes of its own (`deletes`: the
   * server ids); answers how many were.
   */
  putBackDrafts(input: { quotes: LocalDraft[]; deletes: string[] }): {
    quotes: { outcome: PutBackOutcome; quoteId: string }[];
    deletes: number;
  } {
    return this.transaction(() => {
      const identity = this.caches.identity();
      const quotes = input.quotes.map((d) =>
        putBackDraft(this.kernel, d, (w) => {
          const ctx = this.context();
          return freshCopy(w, ctx.newId, ctx.now, identity);
        }),
      );
      let deletes = 0;
      for (const serverId of input.deletes) {
        const id = this.tables.localIdOf('quote', serverId);
        const q = id ? this.getQuote(id) : null;
        if (!q || q.dirty || q.stub || q.openConflicts > 0) continue;
        this.deleteQuote(q.id);
        deletes++;
      }
      return { quotes, deletes };
    }, 'import');
  }

  /** The working copy; throws QuoteNotFoundError for an unknown or deleted quote. */
  getWork(quoteId: string): WorkQuote {
    this.open();
    const r = this.row(quoteId);
    if (r.deleted) throw new QuoteNotFoundError(quoteId);
    return parseDoc(this.storedWork(r.qrow));
  }

  /** The stored working copy's text, reusing the edit cache's copy when it is still the same. */
  private storedWork(qrow: number): string {
    const cached = this.parsed.get(qrow);
    return cached && this.repo.workIs(qrow, cached.doc) ? cached.doc : this.repo.workDoc(qrow);
  }

  // The sync state and ids the services show, read from the sync side's tables.

  serverIdOf(kind: EntityKind, localId: string): string | null {
    return this.sync.serverIdOf(kind, localId);
  }

  localIdOf(kind: EntityKind, serverId: string): string | null {
    return this.sync.localIdOf(kind, serverId);
  }

  stubEntry(quoteId: string): ListContent | null {
    return this.sync.stubEntry(quoteId);
  }

  syncRecord(quoteId: string): QuoteSyncRecord | null {
    return this.sync.syncRecord(quoteId);
  }

  openConflicts(quoteId?: string): Conflict[] {
    return this.sync.listConflicts(quoteId);
  }

  heldCounts(): HeldCounts {
    return this.sync.heldCounts();
  }

  syncCounts(): { pending: number; conflicts: number } {
    return {
      pending: this.sync.listDirty().length,
      conflicts: this.sync.listConflicts().length,
    };
  }

  queueListedForDownload(): number {
    return this.sync.queueAllStubs();
  }

  listQuotes(query: ListQuery = {}): ListResult {
    this.open();
    if (query.search) this.flushSearch();
    return listQuotes(this.db, query, this.caches.identity(), this.repo.facts);
  }

  /** Totals per status and currency over every quote the list's filters (but status) match. */
  pipeline(
    query: Pick<ListQuery, 'search' | 'account' | 'partnerId' | 'intentType'> = {},
  ): PipelineRow[] {
    this.open();
    if (query.search) this.flushSearch();
    return pipelineTotals(this.db, query, this.caches.identity(), this.repo.facts);
  }

  /** Everything the store knows about one quote, as JSON for support (no file contents). */
  exportQuote(quoteId: string): Record<string, unknown> {
    const rec = this.getQuote(quoteId);
    if (!rec) throw new QuoteNotFoundError(quoteId);
    const { work, base, ...state } = rec;
    return {
      format: 'quotedesk.quote-export',
      version: 1,
      exportedAt: this.now(),
      state,
      work,
      base,
      idMap: this.tables.idMapOf(quoteId),
      journal: this.tables.journal({ quoteId }),
      conflicts: this.tables.conflicts(quoteId, true),
    };
  }

  // ---------------------------------------------------------------------------- edits

  /** A new draft for a client, with the preferences' defaults. */
  createQuote(input: CreateQuoteInput): WorkQuote {
    return this.transaction(() => {
      const ctx = this.context();
      const w = header.newQuote(input, ctx);
      recomputeTotals(w);
      this.repo.insert(w, {
        serverId: null,
        generation: 1,
        syncedGeneration: 0,
        syncState: 'pending',
      });
      this.bus.emit({ quoteId: w.id, what: 'created' });
      return w;
    }, 'user');
  }

  /** A copy of a quote's working copy as a new, never-synced quote (e.g. "save mine as new"). */
  saveAsNewQuote(quoteId: string): WorkQuote {
    return this.transaction(() => {
      const from = this.row(quoteId);
      if (this.stubs.has(from.qrow)) throw notDownloadedError();
      const src = parseDoc(this.repo.workDoc(from.qrow));
      const ctx = this.context();
      const w = freshCopy(src, ctx.newId, ctx.now, this.caches.identity());
      recomputeTotals(w);
      this.repo.insert(w, {
        serverId: null,
        generation: 1,
        syncedGeneration: 0,
        syncState: 'pending',
      });
      this.bus.emit({ quoteId: w.id, what: 'created' });
      return w;
    }, 'user');
  }

  /**
   * Applies an edit of the registry (edits/registry.ts) to the quote `input.quoteId`: one
   * transaction, one undo step (coalesced with the row's key, or `opts.coalesce`), its change
   * event from `opts.origin` (default the user's); `opts.brought` is what the call's service
   * brought for it (registry.ts `Brought`).
   */
  applyEdit<N extends EditCallName>(
    name: N,
    input: IpcParsedInput<N>,
    opts: ApplyOptions<N> = {} as ApplyOptions<N>,
  ): EditResult<N> {
    const row = EDITS[name] as unknown as EditRow<IpcParsedInput<N>, BroughtBy<N>>;
    return this.edit(
      input.quoteId,
      row.what,
      typeof row.label === 'string' ? row.label : row.label(input),
      (w, ctx) => row.apply(w, input, ctx, opts.brought as BroughtBy<N>) as EditResult<N>,
      opts.coalesce ?? row.coalesce?.(input),
      opts.origin,
    );
  }

  /** `opts.coalesce`: edits with the same key in a row are one undo step (one field visit). */
  updateHeader(quoteId: string, patch: HeaderPatch, opts: EditOptions = {}): void {
    this.edit(
      quoteId,
      'header',
      'Edit quote details',
      (w, ctx) => header.updateHeader(w, patch, ctx),
      opts.coalesce,
    );
  }

  /** The signed-in user becomes the owner; sent to the server at the next sync. */
  takeOwnership(quoteId: string): void {
    this.applyEdit('quotes.takeOwnership', { quoteId });
  }

  /** Adds items (at the end of section `sectionId` when given): one edit, one undo step. */
  addLineItems(quoteId: string, items: AddLineItemInput[], sectionId?: string): string[] {
    // The store takes items the contract's schema would also fill in (a usage-based item's
    // flags are looked up from the catalogue when absent).
    const parsed = items as IpcParsedInput<'lineItems.add'>['items'];
    return this.applyEdit('lineItems.add', { quoteId, items: parsed, sectionId });
  }

  updateLineItems(quoteId: string, patches: LineItemPatch[], opts: EditOptions = {}): void {
    this.edit(
      quoteId,
      'lineItems',
      'Edit line items',
      (w, ctx) => lineItems.updateLineItems(w, patches, ctx),
      opts.coalesce,
    );
  }

  /** Keeps the given line items (and the parents of add-ons among them) as a kit. */
  saveKit(
    quoteId: string,
    lineItemIds: string[],
    name: string,
  ): { kit: StoredKit; addedParents: string[] } {
    const made = kits.kitFromQuote(this.getWork(quoteId), lineItemIds, name, this.context());
    return { kit: this.kits.add(made.kit), addedParents: made.addedParents };
  }

  /**
   * Changes a quote's options and alternatives as `fn` says (kept on this computer; the quote
   * itself is not changed, so no undo step); returns what `fn` answers beside the document.
   */
  changeOptions<T extends { doc: QuoteOptions }>(
    quoteId: string,
    fn: (w: WorkQuote, doc: QuoteOptions, ctx: EditContext) => T,
  ): T {
    return this.transaction(() => {
      const out = fn(this.getWork(quoteId), this.quoteOptions.get(quoteId), this.context());
      this.quoteOptions.put(quoteId, out.doc);
      return out;
    });
  }

  /** What inserting a kit would do (room, today's prices, new sections); changes nothing. */
  previewKit(quoteId: string, kitId: string): kits.KitPlan {
    const kit = this.kits.require(kitId);
    return kits.planKit(this.getWork(quoteId), kit.content, this.context());
  }

  /** Inserts a kit as one edit, so one undo step; refused whole when it does not fit. */
  insertKit(
    quoteId: string,
    kitId: string,
  ): { lineItemIds: string[]; priceChanges: kits.KitPriceChange[] } {
    return this.applyEdit('kits.insert', { quoteId, kitId });
  }

  deleteLineItems(quoteId: string, lineItemIds: string[]): void {
    this.applyEdit('lineItems.delete', { quoteId, lineItemIds });
  }

  createSection(quoteId: string, name: string): string {
    return this.applyEdit('sections.create', { quoteId, name });
  }

  renameSection(quoteId: string, sectionId: string, name: string): void {
    this.applyEdit('sections.rename', { quoteId, sectionId, name });
  }

  deleteSection(quoteId: string, sectionId: string): void {
    this.applyEdit('sections.delete', { quoteId, sectionId });
  }

  /** Puts the sections in the order given (every one of them, each once). */
  reorderSections(quoteId: string, sectionIds: string[]): void {
    this.applyEdit('sections.reorder', { quoteId, sectionIds });
  }

  /** Moves several line items in one edit (see edits/sections.ts `moveLineItems`). */
  moveLineItems(
    quoteId: string,
    lineItemIds: string[],
    to: { sectionId: string | null; index?: number },
  ): void {
    this.edit(quoteId, 'sections', 'Move line items', (w) =>
      sections.moveLineItems(w, lineItemIds, to),
    );
  }

  moveLineItem(
    quoteId: string,
    lineItemId: string,
    to: { sectionId: string | null; index?: number },
  ): void {
    this.edit(quoteId, 'sections', 'Move line item', (w) =>
      sections.moveLineItem(w, lineItemId, to),
    );
  }

  addAccessEntries(quoteId: string, entries: AccessEntryInput[]): string[] {
    return this.edit(quoteId, 'accessList', EDITS['accessList.add'].label, (w, ctx) =>
      accessList.addAccessEntries(w, entries, ctx),
    );
  }

  removeAccessEntry(quoteId: string, entryId: string): void {
    this.applyEdit('accessList.remove', { quoteId, entryId });
  }

  addAttachments(quoteId: string, files: AttachmentInput[]): string[] {
    return this.applyEdit('attachments.addFromBytes', { quoteId, files: [] }, { brought: files });
  }

  copyLibraryAttachments(quoteId: string, libraryAttachmentIds: string[]): string[] {
    return this.applyEdit('attachments.copyFromLibrary', { quoteId, libraryAttachmentIds });
  }

  updateAttachments(quoteId: string, patches: AttachmentPatch[]): void {
    this.edit(quoteId, 'attachments', 'Edit attachments', (w) =>
      attachments.updateAttachments(w, patches),
    );
  }

  removeAttachment(quoteId: string, attachmentId: string): void {
    this.applyEdit('attachments.delete', { quoteId, attachmentId });
  }

  /** The client's answer at the desk (edits/desk.ts): one edit; answers the attachment's id. */
  answerAtDesk(quoteId: string, kind: DeskResponseKind, file: AttachmentInput): string {
    const label = kind === 'accepted' ? 'Accepted at the desk' : 'Answered at the desk';
    return this.edit(quoteId, 'header', label, (w, ctx) => desk.answerAtDesk(w, kind, file, ctx));
  }

  /** An answer never sent, withdrawn: the server's status again, its PDF detached. */
  withdrawDeskAnswer(quoteId: string, status: QuoteStatus, attachmentId: string | null): void {
    this.edit(quoteId, 'header', 'Withdraw the answer', (w) =>
      desk.withdrawAnswer(w, status, attachmentId),
    );
  }

  /**
   * Makes version `number` of the quote its working copy again (edits/restore.ts): one edit,
   * one undo step, sent by the next sync like any other.
   */
  restoreVersion(quoteId: string, number: number): void {
    this.applyEdit('versions.restore', { quoteId, number });
  }

  /**
   * Deletes a quote as one step of its own undo history: it leaves the list at once, and its
   * delete is held back from the server for `DELETE_HOLD_MS` (sync's round finds the hold in
   * the quote's bookkeeping, then sends the delete, or forgets a quote the server never had).
   * Until then Undo gives back the same quote, reference code and all.
   */
  deleteQuote(quoteId: string, holdMs = DELETE_HOLD_MS): void {
    this.transaction(() => {
      const r = this.row(quoteId);
      if (r.deleted) return;
      if (this.stubs.has(r.qrow)) throw notDownloadedError();
      const doc = this.storedWork(r.qrow);
      this.steps.forget(r.qrow);
      this.repo.pushHistory(r.qrow, 'undo', DELETE_LABEL, doc, doc, this.now());
      this.repo.clearStack(r.qrow, 'redo');
      this.repo.markDeleted(r.qrow);
      const until = new Date(this.clock().getTime() + holdMs).toISOString();
      this.repo.sync.setBookkeeping(r.qrow, { deleteHeldUntil: until });
      this.bus.emit({ quoteId, what: 'deleted' });
    }, 'user');
  }

  /** Undo of a delete (the top step of a deleted quote's history): the quote is back. */
  private undelete(r: QuoteMeta): boolean {
    const top = this.repo.topHistory(r.qrow, 'undo');
    if (top?.label !== DELETE_LABEL) throw new QuoteNotFoundError(r.id);
    this.repo.dropHistory(top.id);
    this.repo.markRestored(r.qrow, parseDoc(this.repo.workDoc(r.qrow)));
    this.repo.sync.setBookkeeping(r.qrow, { deleteHeldUntil: null });
    this.bus.emit({ quoteId: r.id, what: 'created' });
    return true;
  }

  /** Forgets a quote entirely (its remote delete is done, or it was deleted remotely). */
  purgeQuote(quoteId: string): void {
    this.transaction(() => {
      const r = this.repo.byId(quoteId);
      if (!r) return;
      this.purge(r);
      this.bus.emit({ quoteId, what: 'deleted' });
    }, 'sync');
  }

  private purge(r: QuoteMeta): void {
    this.tables.forgetQuote(r.id);
    this.repo.delete(r.qrow);
  }

  /** Steps back one local edit. Returns false when there is nothing to undo. */
  undo(quoteId: string): boolean {
    return this.step(quoteId, 'undo');
  }

  redo(quoteId: string): boolean {
    return this.step(quoteId, 'redo');
  }

  private step(quoteId: string, from: 'undo' | 'redo'): boolean {
    const to = from === 'undo' ? 'redo' : 'undo';
    return this.transaction(() => {
      const r = this.row(quoteId);
      if (r.deleted && from === 'undo') return this.undelete(r);
      if (r.deleted) throw new QuoteNotFoundError(quoteId);
      const top = this.repo.topHistory(r.qrow, from);
      if (!top) return false;
      this.steps.forget(r.qrow);
      const now = this.now();
      const curDoc = this.repo.workDoc(r.qrow);
      const cur = parseDoc(curDoc);
      const restored = applyEntry(curDoc, top.doc);
      const next = parseDoc(restored);
      next.updatedOn = now;
      const nextDoc = storedDoc(next);
      this.repo.dropHistory(top.id);
      // pushHistory trims only the undo stack, which never loses the entry just taken.
      this.repo.pushHistory(r.qrow, to, top.label, nextDoc, curDoc, now);
      // The entry now on top of `from` was made from the restored copy, not the one written.
      this.repo.rebaseTop(r.qrow, from, restored, nextDoc);
      this.repo.writeWork(r.qrow, searchDoc(cur), next, nextDoc, 'handled');
      this.repo.bumpGeneration(r.qrow);
      this.bus.emit({ quoteId, what: from, generation: r.generation + 1 });
      return true;
    }, 'user');
  }

  // ---------------------------------------------------------------------------- files

  /** Stores a file content-addressed; returns its address. */
  putFile(bytes: Uint8Array): { sha256: string; size: number } {
    this.open();
    return this.blobs.put(bytes, this.now());
  }

  /** Where the file of a content address is on disk: sealed when the store is encrypted, so
   * read it with `readFile`. */
  filePath(sha256: string): string {
    return this.blobs.pathOf(sha256);
  }

  /** Whether the file of a content address is on this computer. */
  hasFile(sha256: string): boolean {
    return this.blobs.has(sha256);
  }

  readFile(sha256: string): Buffer {
    return this.blobs.read(sha256);
  }

  /** Records the local copy of an attachment downloaded by sync (not an edit: no undo, no generation). */
  setAttachmentFile(quoteId: string, attachmentId: string, bytes: Uint8Array): void {
    this.transaction(() => {
      const r = this.row(quoteId);
      const blob = this.blobs.put(bytes, this.now());
      const w = parseDoc(this.repo.workDoc(r.qrow));
      const a = w.attachments.find((x) => x.id === attachmentId);
      if (!a)
        throw new StoreError(
          'ATTACHMENT_NOT_FOUND',
          `Attachment ${attachmentId} is not on quote ${quoteId}.`,
        );
      a.sha256 = blob.sha256;
      a.size = blob.size;
      this.repo.writeWork(r.qrow, null, w);
      this.bus.emit({ quoteId, what: 'attachments' });
    }, 'sync');
  }

  /** Bytes of the files held beside the database (attachments, library copies). */
  filesBytes(): number {
    this.open();
    return this.blobs.totalBytes();
  }

  /** Deletes attachment files nothing refers to any more (working copies, undo history,
   * library); with `olderThanMs`, only files written at least that long ago (safe while the
   * app runs: a file just written may be about to get its row). */
  collectGarbage(opts: { olderThanMs?: number } = {}): { removed: number } {
    return this.transaction(() => {
      const referenced = new Set<string>();
      const re = /"sha256":"([0-9a-f]{64})"/g;
      const scan = (sql: string) => {
        for (const { doc } of this.db.prepare(sql).iterate() as IterableIterator<{ doc: string }>) {
          for (const m of doc.matchAll(re)) referenced.add(m[1]!);
        }
      };
      scan(`SELECT doc FROM quote_work WHERE instr(doc, '"sha256":"') > 0`);
      scan(`SELECT doc FROM history WHERE instr(doc, '"sha256":"') > 0`);
      for (const a of this.caches.library()) if (a.sha256) referenced.add(a.sha256);
      for (const sha of this.versions.pdfFiles()) referenced.add(sha);
      const before = opts.olderThanMs === undefined ? Infinity : Date.now() - opts.olderThanMs;
      return this.blobs.collect(referenced, before);
    });
  }
}

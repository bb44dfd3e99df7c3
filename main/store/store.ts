import crypto from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type {
  AttachmentResponse,
  CatalogueProduct,
  CommitmentTerm,
  Company,
  ListContent,
  PreferencesResponse,
  ProductPricing,
} from '../../common/api';
import { BlobStore } from './blobs';
import { Caches } from './caches';
import { openDatabase, type IntegrityCheck } from './db';
import * as accessList from './edits/accessList';
import * as attachments from './edits/attachments';
import type { EditContext } from './edits/context';
import * as header from './edits/header';
import * as lineItems from './edits/lineItems';
import * as ownership from './edits/ownership';
import * as sections from './edits/sections';
import { QuoteNotFoundError, StoreClosedError, StoreError } from './errors';
import { DocWriter } from './docWriter';
import { ChangeBus, type ChangeListener } from './events';
import { applyEntry } from './history';
import { listQuotes } from './list';
import { pipelineTotals, type PipelineRow } from './pipeline';
import { QuoteRepo, type QuoteMeta } from './quoteRepo';
import { workFromRemote } from './remote';
import { SyncTables } from './syncTables';
import { notDownloadedError, StubTable, type StubRef } from './stubs';
import { syncWal } from './walSync';
import { parseDoc, recomputeTotals, storedDoc } from './totals';
import { searchDoc, type SearchDoc } from './listRow';
import type {
  AccessEntryInput,
  AddLineItemInput,
  AttachmentInput,
  AttachmentPatch,
  ChangeWhat,
  Conflict,
  ConflictInput,
  CreateQuoteInput,
  DirtyQuote,
  EditOptions,
  EntityKind,
  HeaderPatch,
  Identity,
  JournalEntry,
  JournalState,
  LibraryAttachment,
  LineItemPatch,
  ListQuery,
  ListResult,
  PlanRequestInput,
  Preferences,
  QuoteRecord,
  RemoteAggregate,
  SyncState,
  WorkQuote,
} from './types';

export interface StoreOptions {
  /** Where attachment files live; default `attachments/` beside the database file. */
  filesDir?: string;
  /** Check run on an existing file before use; default `auto` (see IntegrityCheck). */
  integrityCheck?: IntegrityCheck;
  /** For tests: the clock and the id generator. */
  clock?: () => Date;
  newId?: () => string;
}

/** Separates an undo entry's label from the key of the edits it coalesces. */
const COALESCE_MARK = '\u001f';

const CHECKPOINT_IDLE_MS = 1000;
/** Commits after which a checkpoint is due as soon as the caller yields to the event loop. */
const CHECKPOINT_EVERY = 500;
/**
 * Commits after which a caller that never yields pays for the checkpoint inline: it keeps
 * the WAL (and the reads that search it) bounded, at ~100 KB per edit of a full quote.
 */
const CHECKPOINT_INLINE = 4000;
/**
 * Quotes whose search entries one idle slice rewrites (~40 ms for full quotes): a pull that
 * refreshed thousands of quotes does not hold the event loop for seconds at once.
 */
const SEARCH_SLICE = 100;

/** Fields the server assigns, which undo snapshots take over from a fresh server read. */
function overlayServerFields(snapshot: WorkQuote, fresh: WorkQuote): void {
  snapshot.referenceCode = fresh.referenceCode;
  snapshot.partner = fresh.partner;
  snapshot.createdBy = fresh.createdBy;
  snapshot.createdByEmail = fresh.createdByEmail;
  snapshot.createdOn = fresh.createdOn;
  const att = new Map(fresh.attachments.map((a) => [a.id, a]));
  for (const a of snapshot.attachments) {
    const f = att.get(a.id);
    if (f) Object.assign(a, { url: f.url, createdOn: f.createdOn, createdBy: f.createdBy });
  }
  const acc = new Map(fresh.accessList.map((e) => [e.id, e]));
  for (const e of snapshot.accessList) {
    const f = acc.get(e.id);
    if (f) e.link = f.link;
  }
}

function withoutServerFields(w: WorkQuote): string {
  const c = JSON.parse(JSON.stringify(w)) as WorkQuote;
  const blank = JSON.parse(JSON.stringify(w)) as WorkQuote;
  blank.referenceCode = '';
  blank.partner = null;
  blank.createdBy = '';
  blank.createdByEmail = '';
  blank.createdOn = '';
  for (const a of blank.attachments)
    Object.assign(a, { url: null, createdOn: '', createdBy: null });
  for (const e of blank.accessList) e.link = '';
  overlayServerFields(c, blank);
  c.updatedOn = '';
  c.totals = blank.totals;
  return canonical(c);
}

/** JSON with keys sorted, so equal documents compare equal whatever built them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The local draft store. See README.md beside this file for the contract. */
export class Store {
  private db: Database.Database;
  private repo: QuoteRepo;
  private caches: Caches;
  private blobs: BlobStore;
  private sync: SyncTables;
  private stubs: StubTable;
  private bus = new ChangeBus();
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
    this.db = openDatabase(file, opts.integrityCheck ?? 'auto');
    this.repo = new QuoteRepo(this.db);
    this.caches = new Caches(this.db);
    this.blobs = new BlobStore(
      this.db,
      opts.filesDir ?? path.join(path.dirname(path.resolve(file)), 'attachments'),
    );
    this.sync = new SyncTables(this.db);
    this.stubs = new StubTable(this.db, this.repo, this.sync);
    this.runTx = this.db.transaction((fn: () => unknown) => fn());
    this.clock = opts.clock ?? (() => new Date());
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    // Search entries a crash left behind are brought up to date once the store is idle.
    if (this.repo.search.behind) this.armIdle();
  }

  // ------------------------------------------------------------------------ lifecycle

  close(): void {
    if (this.closed) return;
    try {
      this.flushSearch();
    } catch {
      // The records stay in the file; the next session flushes them.
    }
    this.closed = true;
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    if (this.checkpointSoon) clearImmediate(this.checkpointSoon);
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

  /** Runs `fn` as one transaction (nested calls become savepoints); events after commit. */
  transaction<T>(fn: () => T): T {
    this.open();
    const outer = !this.db.inTransaction;
    if (outer) this.repo.facts.begin();
    let result: T;
    try {
      result = this.bus.hold(() => this.runTx.immediate(fn) as T);
    } catch (err) {
      // Rolled back (in part or whole): in-memory list facts may describe rows that are gone.
      this.repo.facts.rolledBack();
      throw err;
    }
    if (outer) this.afterCommit();
    return result;
  }

  private checkpointTimer: NodeJS.Timeout | null = null;
  private checkpointSoon: NodeJS.Immediate | null = null;
  private commitsSinceCheckpoint = 0;

  /**
   * Moves the WAL into the database file. Runs after a second without writes, or right
   * after the commit that made it due once the caller yields, never inside an edit (a
   * checkpoint of a thousand edits costs about a hundred of them).
   */
  checkpoint(): void {
    if (this.closed) return;
    this.flushSearch();
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    if (this.checkpointSoon) clearImmediate(this.checkpointSoon);
    this.checkpointTimer = null;
    this.checkpointSoon = null;
    this.commitsSinceCheckpoint = 0;
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  private afterCommit(): void {
    const n = ++this.commitsSinceCheckpoint;
    if (n >= CHECKPOINT_INLINE) {
      this.checkpointUnasked();
      return;
    }
    if (n >= CHECKPOINT_EVERY && !this.checkpointSoon) this.idleSoon();
    this.armIdle();
  }

  /** (Re)starts the wait for a second without writes, after which idle work runs. */
  private armIdle(): void {
    if (this.checkpointTimer) this.checkpointTimer.refresh();
    else {
      this.checkpointTimer = setTimeout(() => this.idleWork(), CHECKPOINT_IDLE_MS);
      this.checkpointTimer.unref();
    }
  }

  private idleSoon(): void {
    this.checkpointSoon = setImmediate(() => {
      this.checkpointSoon = null;
      this.idleWork();
    });
    this.checkpointSoon.unref();
  }

  /**
   * Work nobody called for (idle, or due after many commits): search entries a slice at a
   * time, yielding in between, then the checkpoint.
   */
  private idleWork(): void {
    this.unasked(() => {
      if (this.flushSearch(SEARCH_SLICE)) this.idleSoon();
      else this.checkpoint();
    });
  }

  /**
   * A failure of work nobody called for has no caller to go to — thrown from a timer it
   * would end the app, after a commit it would pass a committed edit off as failed — so it
   * is left for the next search, checkpoint or close, which run the same work and report it.
   */
  private unasked(work: () => void): void {
    try {
      work();
    } catch {
      // See above: retried and reported by the next explicit caller.
    }
  }

  private checkpointUnasked(): void {
    this.unasked(() => this.checkpoint());
  }

  /**
   * Rewrites the search entries edits left behind (see SearchIndex), all of them or a slice:
   * before a search, with every checkpoint, and in slices when idle. Returns whether some may
   * remain. Not counted as a commit: a checkpoint follows or is already due.
   */
  private flushSearch(slice = -1): boolean {
    if (!this.repo.search.behind) return false;
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
      // Keystrokes of one field visit are committed one by one but undone as one step: the
      // visit's entry (still on top, nothing redone since) is remade from the new copy.
      const key = coalesce ? `${label}${COALESCE_MARK}${coalesce}` : label;
      const top = coalesce ? this.repo.topHistory(r.qrow, 'undo') : undefined;
      if (top?.label === key && this.repo.depth(r.qrow, 'redo') === 0)
        this.repo.rebaseTop(r.qrow, 'undo', prevDoc, doc);
      else this.repo.pushHistory(r.qrow, 'undo', key, doc, prevDoc, ctx.now);
      this.repo.clearStack(r.qrow, 'redo');
      const search = this.repo.writeWork(r.qrow, prevSearch, w, doc, 'handled');
      if (this.parsed.size >= 64) this.parsed.clear();
      this.parsed.set(r.qrow, { doc, w, search, writer });
      this.repo.bumpGeneration(r.qrow);
      this.bus.emit({ quoteId, what });
      return result;
    });
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
    return {
      id: r.id,
      serverId: r.server_id,
      work: parseDoc(this.storedWork(r.qrow)),
      base: base ? (JSON.parse(base) as RemoteAggregate) : null,
      generation: r.generation,
      syncedGeneration: r.synced_generation,
      dirty: r.generation > r.synced_generation || r.deleted === 1,
      deleted: r.deleted === 1,
      syncState: r.sync_state,
      syncMessage: r.sync_message,
      openConflicts: r.open_conflicts,
      stub: this.stubs.has(r.qrow),
      undoDepth: this.repo.depth(r.qrow, 'undo'),
      redoDepth: this.repo.depth(r.qrow, 'redo'),
    };
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
      idMap: this.sync.idMapOf(quoteId),
      journal: this.sync.journal({ quoteId }),
      conflicts: this.sync.conflicts(quoteId, true),
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
    });
  }

  /** A copy of a quote's working copy as a new, never-synced quote (e.g. "save mine as new"). */
  saveAsNewQuote(quoteId: string): WorkQuote {
    return this.transaction(() => {
      const from = this.row(quoteId);
      if (this.stubs.has(from.qrow)) throw notDownloadedError();
      const src = parseDoc(this.repo.workDoc(from.qrow));
      const ctx = this.context();
      const ids = new Map<string, string>();
      const fresh = (old: string) => {
        if (!ids.has(old)) ids.set(old, ctx.newId());
        return ids.get(old)!;
      };
      const w: WorkQuote = {
        ...src,
        id: ctx.newId(),
        status: 'draft',
        published: false,
        publishedOn: null,
        respondedOn: null,
        revokedOn: null,
        acceptedBy: null,
        declinedBy: null,
        referenceCode: '',
        createdOn: ctx.now,
        updatedOn: ctx.now,
        lineItems: src.lineItems.map((li) => ({
          ...li,
          id: fresh(li.id),
          requiredLineItemId: li.requiredLineItemId ? fresh(li.requiredLineItemId) : null,
        })),
        sections: src.sections.map((s) => ({
          ...s,
          id: ctx.newId(),
          lineItems: s.lineItems.map((x) => ({ ...x, lineItemId: fresh(x.lineItemId) })),
        })),
        accessList: src.accessList.map((e) => ({ ...e, id: ctx.newId(), link: '' })),
        attachments: src.attachments.map((a) => ({
          ...a,
          id: ctx.newId(),
          url: null,
          preferenceAttachmentId: null,
        })),
      };
      const identity = this.caches.identity();
      if (identity) {
        w.createdBy = identity.user.fullName;
        w.createdByEmail = identity.user.email;
        w.ownedBy = identity.user;
      }
      recomputeTotals(w);
      this.repo.insert(w, {
        serverId: null,
        generation: 1,
        syncedGeneration: 0,
        syncState: 'pending',
      });
      this.bus.emit({ quoteId: w.id, what: 'created' });
      return w;
    });
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
    this.edit(quoteId, 'header', 'Take ownership', (w, ctx) => ownership.takeOwnership(w, ctx));
  }

  addLineItems(quoteId: string, items: AddLineItemInput[]): string[] {
    return this.edit(quoteId, 'lineItems', 'Add line items', (w, ctx) =>
      lineItems.addLineItems(w, items, ctx),
    );
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

  deleteLineItems(quoteId: string, lineItemIds: string[]): void {
    this.edit(quoteId, 'lineItems', 'Delete line items', (w) =>
      lineItems.deleteLineItems(w, lineItemIds),
    );
  }

  createSection(quoteId: string, name: string): string {
    return this.edit(quoteId, 'sections', 'Add section', (w, ctx) =>
      sections.createSection(w, name, ctx),
    );
  }

  renameSection(quoteId: string, sectionId: string, name: string): void {
    this.edit(quoteId, 'sections', 'Rename section', (w) =>
      sections.renameSection(w, sectionId, name),
    );
  }

  deleteSection(quoteId: string, sectionId: string): void {
    this.edit(quoteId, 'sections', 'Delete section', (w) => sections.deleteSection(w, sectionId));
  }

  moveSection(quoteId: string, sectionId: string, toIndex: number): void {
    this.edit(quoteId, 'sections', 'Move section', (w) =>
      sections.moveSection(w, sectionId, toIndex),
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
    return this.edit(quoteId, 'accessList', 'Share quote', (w, ctx) =>
      accessList.addAccessEntries(w, entries, ctx),
    );
  }

  removeAccessEntry(quoteId: string, entryId: string): void {
    this.edit(quoteId, 'accessList', 'Stop sharing', (w) =>
      accessList.removeAccessEntry(w, entryId),
    );
  }

  addAttachments(quoteId: string, files: AttachmentInput[]): string[] {
    return this.edit(quoteId, 'attachments', 'Attach files', (w, ctx) =>
      attachments.addAttachments(w, files, ctx),
    );
  }

  copyLibraryAttachments(quoteId: string, libraryAttachmentIds: string[]): string[] {
    return this.edit(quoteId, 'attachments', 'Attach from library', (w, ctx) =>
      attachments.copyLibraryAttachments(w, libraryAttachmentIds, ctx),
    );
  }

  updateAttachments(quoteId: string, patches: AttachmentPatch[]): void {
    this.edit(quoteId, 'attachments', 'Edit attachments', (w) =>
      attachments.updateAttachments(w, patches),
    );
  }

  removeAttachment(quoteId: string, attachmentId: string): void {
    this.edit(quoteId, 'attachments', 'Remove attachment', (w) =>
      attachments.removeAttachment(w, attachmentId),
    );
  }

  /**
   * Deletes a quote. One the server may hold (it has a server id, or a create was sent)
   * stays as a tombstone until sync deleted it remotely and calls `purgeQuote`.
   */
  deleteQuote(quoteId: string): void {
    this.transaction(() => {
      const r = this.row(quoteId);
      if (r.deleted) return;
      if (this.stubs.has(r.qrow)) throw notDownloadedError();
      const sent = this.sync.journal({ quoteId }).length > 0;
      if (!r.server_id && !sent) {
        this.purge(r);
      } else {
        this.repo.markDeleted(r.qrow);
        this.repo.clearStack(r.qrow, 'undo');
        this.repo.clearStack(r.qrow, 'redo');
      }
      this.bus.emit({ quoteId, what: 'deleted' });
    });
  }

  /**
   * Takes back a delete that has not reached the server yet: the tombstone is the quote
   * again, with its server id and reference code. False when there is no tombstone (never
   * sent, so it vanished; or its delete is done).
   */
  restoreDeleted(quoteId: string): boolean {
    return this.transaction(() => {
      const r = this.repo.byId(quoteId);
      if (!r || !r.deleted) return false;
      this.repo.markRestored(r.qrow, parseDoc(this.repo.workDoc(r.qrow)));
      this.bus.emit({ quoteId, what: 'created' });
      return true;
    });
  }

  /** Forgets a quote entirely (its remote delete is done, or it was deleted remotely). */
  purgeQuote(quoteId: string): void {
    this.transaction(() => {
      const r = this.repo.byId(quoteId);
      if (!r) return;
      this.purge(r);
      this.bus.emit({ quoteId, what: 'deleted' });
    });
  }

  private purge(r: QuoteMeta): void {
    this.sync.forgetQuote(r.id);
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
      if (r.deleted) throw new QuoteNotFoundError(quoteId);
      const top = this.repo.topHistory(r.qrow, from);
      if (!top) return false;
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
      this.bus.emit({ quoteId, what: from });
      return true;
    });
  }

  // ---------------------------------------------------------------------------- files

  /** Stores a file content-addressed; returns its address. */
  putFile(bytes: Uint8Array): { sha256: string; size: number } {
    this.open();
    return this.blobs.put(bytes, this.now());
  }

  filePath(sha256: string): string {
    return this.blobs.pathOf(sha256);
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
    });
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
      const before = opts.olderThanMs === undefined ? Infinity : Date.now() - opts.olderThanMs;
      return this.blobs.collect(referenced, before);
    });
  }

  // --------------------------------------------------------------------------- caches

  putCompanies(companies: Company[]): void {
    this.transaction(() => {
      this.caches.putCompanies(companies);
      this.bus.emit({ quoteId: null, what: 'catalogue' });
    });
  }

  listCompanies(search?: string, limit?: number): Company[] {
    this.open();
    return this.caches.listCompanies(search, limit);
  }

  company(id: string): Company | null {
    return this.caches.company(id);
  }

  putProducts(products: CatalogueProduct[]): void {
    this.transaction(() => {
      this.caches.putProducts(products);
      this.bus.emit({ quoteId: null, what: 'catalogue' });
    });
  }

  listProducts(search?: string, limit?: number): CatalogueProduct[] {
    this.open();
    return this.caches.listProducts(search, limit);
  }

  product(id: string): CatalogueProduct | null {
    return this.caches.product(id);
  }

  putPricing(productId: string, pricing: ProductPricing[]): void {
    this.transaction(() => {
      this.caches.putPricing(productId, pricing, this.now());
      this.bus.emit({ quoteId: null, what: 'catalogue' });
    });
  }

  pricing(productId: string): ProductPricing[] {
    return this.caches.pricing(productId);
  }

  putCommitmentTerms(terms: CommitmentTerm[]): void {
    this.transaction(() => {
      this.caches.putCommitmentTerms(terms);
      this.bus.emit({ quoteId: null, what: 'catalogue' });
    });
  }

  commitmentTerms(): CommitmentTerm[] {
    return this.caches.commitmentTerms();
  }

  putPreferences(prefs: PreferencesResponse): void {
    this.transaction(() => {
      this.caches.putPreferences(prefs);
      this.bus.emit({ quoteId: null, what: 'preferences' });
    });
  }

  preferences(): Preferences {
    this.open();
    return this.caches.preferences();
  }

  putLibrary(list: AttachmentResponse[]): void {
    this.transaction(() => {
      this.caches.putLibrary(list);
      this.bus.emit({ quoteId: null, what: 'library' });
    });
  }

  library(): LibraryAttachment[] {
    this.open();
    return this.caches.library();
  }

  setLibraryFile(libraryAttachmentId: string, bytes: Uint8Array): void {
    this.transaction(() => {
      const blob = this.blobs.put(bytes, this.now());
      if (!this.caches.setLibraryFile(libraryAttachmentId, blob.sha256, blob.size)) {
        throw new StoreError(
          'LIBRARY_ATTACHMENT_NOT_FOUND',
          `Library attachment ${libraryAttachmentId} is not cached.`,
        );
      }
      this.bus.emit({ quoteId: null, what: 'library' });
    });
  }

  // ----------------------------------------------------------------------------- sync

  /** Quotes with local changes to push (including pending deletes), oldest first. */
  listDirty(): DirtyQuote[] {
    this.open();
    return this.sync.dirty();
  }

  /** Server id → local id of every quote known to the server (one query, no aggregate). */
  serverQuoteIds(): Map<string, string> {
    this.open();
    return this.sync.serverQuoteIds();
  }

  /**
   * List entries of the server's list (`GET /v2/quotes`) stored as stubs for quotes not held
   * yet, or refreshed where a stub's entry changed (stubs.ts). One transaction per call.
   */
  putListEntries(entries: ListContent[]): { created: string[]; updated: string[] } {
    return this.transaction(() => {
      const r = this.stubs.put(entries, this.newId);
      for (const quoteId of r.created) this.bus.emit({ quoteId, what: 'created' });
      for (const quoteId of r.updated) this.bus.emit({ quoteId, what: 'sync' });
      return r;
    });
  }

  /** The list entry a stub stands for; null for a quote held whole (or unknown). */
  stubEntry(quoteId: string): ListContent | null {
    this.open();
    const r = this.repo.byId(quoteId);
    return r ? this.stubs.entry(r.qrow) : null;
  }

  /** Stubs whose aggregate is still to be read, the most recently changed first. */
  listStubs(limit = 1000): StubRef[] {
    this.open();
    return this.stubs.queue(limit);
  }

  stubCount(): number {
    this.open();
    return this.stubs.count();
  }

  mapId(kind: EntityKind, localId: string, serverId: string, quoteId: string | null = null): void {
    this.transaction(() => {
      this.sync.mapId(kind, localId, serverId, quoteId);
      if (kind === 'quote')
        this.db.prepare('UPDATE quotes SET server_id = ? WHERE id = ?').run(serverId, localId);
    });
  }

  serverIdOf(kind: EntityKind, localId: string): string | null {
    return this.sync.serverIdOf(kind, localId);
  }

  localIdOf(kind: EntityKind, serverId: string): string | null {
    return this.sync.localIdOf(kind, serverId);
  }

  idMap(quoteId: string): { kind: EntityKind; localId: string; serverId: string }[] {
    return this.sync.idMapOf(quoteId);
  }

  /**
   * The server's aggregate in working-copy shape. Server ids not mapped yet get new local
   * ids, recorded in the id map (so map the entities a push created first).
   */
  workFromRemote(remote: RemoteAggregate): WorkQuote {
    return this.transaction(() => this.convert(remote));
  }

  private convert(remote: RemoteAggregate, previous: WorkQuote | null = null): WorkQuote {
    const quoteLocal =
      this.sync.localIdOf('quote', remote.quote.id) ?? previous?.id ?? this.newId();
    this.sync.mapId('quote', quoteLocal, remote.quote.id, quoteLocal);
    return workFromRemote(
      remote,
      (kind, serverId) => {
        if (kind === 'quote') return quoteLocal;
        let id = this.sync.localIdOf(kind, serverId);
        if (!id) {
          id = this.newId();
          this.sync.mapId(kind, id, serverId, quoteLocal);
        }
        return id;
      },
      previous,
    );
  }

  /**
   * Pull: a quote read from the server. Unknown: stored as synced (base = work). Known and
   * clean: base and work refreshed. Known with local changes: left alone (`dirty`), for the
   * engine to merge.
   */
  importRemote(remote: RemoteAggregate): {
    quoteId: string;
    action: 'created' | 'updated' | 'unchanged' | 'dirty';
  } {
    return this.transaction(() => {
      const known = this.sync.localIdOf('quote', remote.quote.id);
      const r = known ? this.repo.byId(known) : undefined;
      if (!r) {
        const w = this.convert(remote);
        const qrow = this.repo.insert(w, {
          serverId: remote.quote.id,
          generation: 0,
          syncedGeneration: 0,
          syncState: 'synced',
        });
        this.repo.writeBase(qrow, JSON.stringify(remote));
        this.bus.emit({ quoteId: w.id, what: 'created' });
        return { quoteId: w.id, action: 'created' as const };
      }
      if (r.generation > r.synced_generation || r.deleted)
        return { quoteId: r.id, action: 'dirty' as const };
      const changed = this.refreshFromRemote(r, remote);
      this.stubs.clear(r.qrow);
      this.db
        .prepare("UPDATE quotes SET sync_state = 'synced', sync_message = NULL WHERE qrow = ?")
        .run(r.qrow);
      this.bus.emit({ quoteId: r.id, what: 'sync' });
      return { quoteId: r.id, action: changed ? ('updated' as const) : ('unchanged' as const) };
    });
  }

  /** base := remote, work := remote; keeps undo history when only server-assigned fields moved. */
  private refreshFromRemote(r: QuoteMeta, remote: RemoteAggregate): boolean {
    const curDoc = this.repo.workDoc(r.qrow);
    const cur = parseDoc(curDoc);
    const next = this.convert(remote, cur);
    recomputeTotals(next);
    this.repo.writeBase(r.qrow, JSON.stringify(remote));
    const nextDoc = storedDoc(next);
    if (nextDoc === curDoc || canonical(parseDoc(nextDoc)) === canonical(cur)) return false;
    if (withoutServerFields(next) === withoutServerFields(cur)) {
      this.rebaseHistory(r.qrow, curDoc, nextDoc, next);
    } else {
      this.repo.clearStack(r.qrow, 'undo');
      this.repo.clearStack(r.qrow, 'redo');
    }
    this.repo.writeWork(r.qrow, searchDoc(cur), next, nextDoc, 'handled');
    return true;
  }

  /** Every copy undo or redo restores takes the server-assigned fields of `fresh`. */
  private rebaseHistory(qrow: number, curDoc: string, nextDoc: string, fresh: WorkQuote): void {
    this.repo.rewriteHistory(qrow, curDoc, nextDoc, (doc) => {
      const snap = parseDoc(doc);
      overlayServerFields(snap, fresh);
      return storedDoc(snap);
    });
  }

  /**
   * After a push: `remote` (read back) becomes the base. When no local edit happened since
   * `syncedGeneration` was read, the working copy becomes the remote state too and the quote
   * is clean; otherwise the working copy stays and the quote stays dirty.
   */
  commitSync(
    quoteId: string,
    remote: RemoteAggregate,
    syncedGeneration: number,
  ): { workReplaced: boolean } {
    return this.transaction(() => {
      const r = this.row(quoteId);
      this.sync.mapId('quote', r.id, remote.quote.id, r.id);
      this.db
        .prepare('UPDATE quotes SET server_id = ? WHERE qrow = ?')
        .run(remote.quote.id, r.qrow);
      let workReplaced = false;
      if (r.generation === syncedGeneration) {
        workReplaced = this.refreshFromRemote(r, remote);
      } else {
        this.repo.writeBase(r.qrow, JSON.stringify(remote));
      }
      const clean = r.generation === syncedGeneration && r.open_conflicts === 0;
      this.db
        .prepare(
          'UPDATE quotes SET synced_generation = max(synced_generation, ?), sync_state = ?, sync_message = NULL WHERE qrow = ?',
        )
        .run(
          syncedGeneration,
          clean ? 'synced' : r.open_conflicts ? 'conflict' : 'pending',
          r.qrow,
        );
      this.bus.emit({ quoteId, what: 'sync' });
      return { workReplaced };
    });
  }

  /** Only the base changes (e.g. after recording conflicts against this remote state). */
  setBase(quoteId: string, remote: RemoteAggregate): void {
    this.transaction(() => {
      this.repo.writeBase(this.row(quoteId).qrow, JSON.stringify(remote));
      this.bus.emit({ quoteId, what: 'base' });
    });
  }

  /**
   * Replaces the working copy with a merged one (remote changes taken in). Refused with
   * code STALE when the user edited since `expectedGeneration`; bumps the generation and
   * clears undo history (it would undo the remote changes) unless only server-assigned
   * fields changed.
   */
  replaceWork(quoteId: string, work: WorkQuote, expectedGeneration: number): void {
    this.transaction(() => {
      const r = this.row(quoteId);
      if (r.generation !== expectedGeneration) {
        throw new StoreError(
          'STALE',
          `Quote ${quoteId} changed locally (generation ${r.generation}, expected ${expectedGeneration}).`,
        );
      }
      const curDoc = this.repo.workDoc(r.qrow);
      const cur = parseDoc(curDoc);
      const next = { ...work, id: r.id };
      recomputeTotals(next);
      const nextDoc = storedDoc(next);
      // Only server-assigned fields came in (a push answered while the user typed on): the
      // history stays, as after commitSync; undoing it would revert no one else's change.
      if (withoutServerFields(next) === withoutServerFields(cur)) {
        this.rebaseHistory(r.qrow, curDoc, nextDoc, next);
      } else {
        this.repo.clearStack(r.qrow, 'undo');
        this.repo.clearStack(r.qrow, 'redo');
      }
      this.repo.writeWork(r.qrow, searchDoc(cur), next, nextDoc, 'handled');
      this.repo.bumpGeneration(r.qrow);
      this.bus.emit({ quoteId, what: 'sync' });
    });
  }

  setSyncState(quoteId: string, state: SyncState, message: string | null = null): void {
    this.transaction(() => {
      this.db
        .prepare('UPDATE quotes SET sync_state = ?, sync_message = ? WHERE qrow = ?')
        .run(state, message, this.row(quoteId).qrow);
      this.bus.emit({ quoteId, what: 'sync' });
    });
  }

  /**
   * Records a non-idempotent request before it is sent, durably: committed with
   * `synchronous = FULL`, so a crash or power loss cannot forget that it may have reached the
   * server. Its own transaction (see `durably`).
   */
  planRequest(input: PlanRequestInput): JournalEntry {
    return this.durably('planRequest', () => {
      const e = this.sync.plan(input, this.now());
      this.bus.emit({ quoteId: input.quoteId, what: 'journal' });
      return e;
    });
  }

  /**
   * planRequest without holding the event loop while the disk syncs: the entry is committed
   * (written to the WAL, like every commit), then the WAL is synced on the thread pool, and
   * the promise resolves once it is on disk — the durability of a FULL commit before the
   * request is sent, while other quotes' calls and answers go on. A power loss before it
   * resolves loses at most an entry whose request was not sent yet.
   */
  async planRequestDurable(input: PlanRequestInput): Promise<JournalEntry> {
    this.open();
    this.ownTransaction('planRequestDurable');
    if (this.file === ':memory:') return this.planRequest(input);
    const e = this.transaction(() => {
      const e = this.sync.plan(input, this.now());
      this.bus.emit({ quoteId: input.quoteId, what: 'journal' });
      return e;
    });
    // A checkpoint in between syncs the WAL before copying it into the file and syncs the
    // file after (synchronous = NORMAL does that much), so the entry is on disk either way.
    await syncWal(this.file);
    return e;
  }

  markRequest(id: number, state: JournalState, result?: unknown): JournalEntry {
    return this.durably('markRequest', () => {
      const e = this.sync.mark(id, state, result, this.now());
      this.bus.emit({ quoteId: e.quoteId, what: 'journal' });
      return e;
    });
  }

  listJournal(filter: { quoteId?: string; states?: JournalState[] } = {}): JournalEntry[] {
    this.open();
    return this.sync.journal(filter);
  }

  removeRequest(id: number): void {
    this.transaction(() => this.sync.removeRequest(id));
  }

  /** A journal write: its own transaction, committed with `synchronous = FULL`. */
  private durably<T>(what: string, fn: () => T): T {
    this.open();
    this.ownTransaction(what);
    this.db.pragma('synchronous = FULL');
    try {
      return this.transaction(fn);
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  /**
   * Refuses a journal write inside `transaction(fn)`: its durability comes from its own
   * commit, and inside another transaction it would commit later, with the outer
   * transaction, as an ordinary NORMAL commit — durable only against a crash of the app.
   */
  private ownTransaction(what: string): void {
    if (this.db.inTransaction)
      throw new StoreError(
        'JOURNAL_IN_TRANSACTION',
        `${what} commits on its own, synced to disk; call it outside store.transaction().`,
      );
  }

  /** Records conflicts found by a merge; the quote stops syncing until they are resolved. */
  recordConflicts(quoteId: string, conflicts: ConflictInput[]): Conflict[] {
    return this.transaction(() => {
      const r = this.row(quoteId);
      const out = conflicts.map((c) => this.sync.addConflict(quoteId, c, this.now()));
      this.refreshConflictCount(r.qrow, quoteId);
      this.bus.emit({ quoteId, what: 'conflicts' });
      return out;
    });
  }

  /**
   * Records the conflicts of a new merge in place of the quote's open ones (same entity and
   * field: updated, keeping its id; no longer found: gone), so they never pile up.
   */
  replaceConflicts(quoteId: string, conflicts: ConflictInput[]): Conflict[] {
    return this.transaction(() => {
      const r = this.row(quoteId);
      const out = this.sync.replaceConflicts(quoteId, conflicts, this.now());
      this.refreshConflictCount(r.qrow, quoteId);
      this.bus.emit({ quoteId, what: 'conflicts' });
      return out;
    });
  }

  listConflicts(quoteId?: string, includeResolved = false): Conflict[] {
    this.open();
    return this.sync.conflicts(quoteId, includeResolved);
  }

  /**
   * Resolves one conflict. `remote` writes the remote value into the working copy (values
   * are in working-copy shape: local ids); `local` keeps the working copy. Either way the
   * losing value stays on record in the conflict row.
   */
  resolveConflict(conflictId: number, choice: 'local' | 'remote'): void {
    this.transaction(() => {
      const c = this.sync.conflict(conflictId);
      if (!c) throw new StoreError('CONFLICT_NOT_FOUND', `Conflict ${conflictId} does not exist.`);
      if (c.resolvedAt) return;
      const r = this.row(c.quoteId);
      if (choice === 'remote') {
        if (c.entityKind === 'quote' && c.field === '*' && c.remote === null) {
          // Deleted remotely and the user agrees: the quote goes.
          this.sync.resolve(conflictId, choice, this.now());
          this.purge(r);
          this.bus.emit({ quoteId: c.quoteId, what: 'deleted' });
          return;
        }
        const prevDoc = this.repo.workDoc(r.qrow);
        const w = parseDoc(prevDoc);
        const prevSearch = searchDoc(w);
        applyValue(w, c);
        recomputeTotals(w);
        w.updatedOn = this.now();
        const doc = storedDoc(w);
        this.repo.pushHistory(r.qrow, 'undo', 'Take their version', doc, prevDoc, w.updatedOn);
        this.repo.rebaseTop(r.qrow, 'redo', prevDoc, doc);
        this.repo.writeWork(r.qrow, prevSearch, w, doc, 'handled');
        this.repo.bumpGeneration(r.qrow);
      }
      this.sync.resolve(conflictId, choice, this.now());
      this.refreshConflictCount(r.qrow, c.quoteId);
      this.bus.emit({ quoteId: c.quoteId, what: 'conflicts' });
    });
  }

  private refreshConflictCount(qrow: number, quoteId: string): void {
    const n = this.sync.conflicts(quoteId, false).length;
    this.db
      .prepare(
        "UPDATE quotes SET open_conflicts = ?, sync_state = CASE WHEN ? > 0 THEN 'conflict' WHEN sync_state = 'conflict' THEN 'pending' ELSE sync_state END WHERE qrow = ?",
      )
      .run(n, n, qrow);
  }
}

type Entity = { id: string };

function collectionOf(w: WorkQuote, kind: Conflict['entityKind']): Entity[] | null {
  switch (kind) {
    case 'lineItem':
      return w.lineItems;
    case 'section':
      return w.sections;
    case 'accessEntry':
      return w.accessList;
    case 'attachment':
      return w.attachments;
    default:
      return null;
  }
}

/** Writes a conflict's remote value into the working copy. */
function applyValue(w: WorkQuote, c: Conflict): void {
  if (c.entityKind === 'quote') {
    if (c.field === '*') {
      Object.assign(w, c.remote as Partial<WorkQuote>, { id: w.id });
      return;
    }
    (w as unknown as Record<string, unknown>)[c.field] = c.remote;
    return;
  }
  const list = collectionOf(w, c.entityKind)!;
  const i = list.findIndex((e) => e.id === c.entityId);
  if (c.field === '*') {
    if (c.remote === null || c.remote === undefined) {
      if (i >= 0) list.splice(i, 1);
      if (c.entityKind === 'lineItem') {
        for (const s of w.sections)
          s.lineItems = s.lineItems.filter((x) => x.lineItemId !== c.entityId);
      }
    } else if (i >= 0) list[i] = c.remote as Entity;
    else list.push(c.remote as Entity);
    return;
  }
  if (i < 0)
    throw new StoreError(
      'CONFLICT_TARGET_GONE',
      `The ${c.entityKind} of this conflict is no longer on the quote.`,
    );
  (list[i] as unknown as Record<string, unknown>)[c.field] = c.remote;
}

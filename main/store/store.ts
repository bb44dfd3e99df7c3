// The store's class: the reads (quotes, the list, the pipeline, what sync keeps that the
// services show), identity and meta, drafts as a file, and the files beside the database, on
// top of its core, edits and history (store-core.ts, store-edits.ts, store-history.ts).
import type { EngineStore } from './engine';
import { countUnsynced, type UnsyncedCounts } from './syncing/unsynced';
import {
  knownPartnerId,
  localDrafts,
  putBackDraft,
  type LocalDraft,
  type LocalDrafts,
  type PutBackOutcome,
} from './local/drafts';
import { freshCopy } from './quote/edits/fresh-copy';
import { QuoteNotFoundError, StoreError } from './errors';
import { listQuotes } from './list/list';
import type { ListContent } from '../../common/api';
import { pipelineTotals, type PipelineRow } from './list/pipeline';
import type { HeldCounts } from './syncing/stubs';
import { parseDoc, withLineTotals } from './quote/totals';
import type { QuoteMeta } from './quote/quote-repo';
import type {
  Conflict,
  EntityKind,
  Identity,
  ListQuery,
  ListResult,
  QuoteRecord,
  QuoteSyncRecord,
  RemoteAggregate,
  WorkQuote,
} from './types';
import { StoreHistory } from './store-history';

export { DELETE_HOLD_MS } from './store-history';
export type { StoreOptions } from './store-core';

/**
 * The local draft store behind its public surface (surface.ts) and the engine's side
 * (engine.ts). See README.md beside this file for the contract.
 */
export class SqliteStore extends StoreHistory implements EngineStore {
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

  getQuote(quoteId: string): QuoteRecord | null {
    this.open();
    const r = this.repo.byId(quoteId);
    if (!r) return null;
    const base = this.repo.baseDoc(r.qrow);
    return {
      ...this.record(r, parseDoc(this.storedWork(r.qrow)), this.stubs.has(r.qrow)),
      base: base ? (JSON.parse(base) as RemoteAggregate) : null,
    };
  }

  /**
   * The quote as the edit just applied left it, for that edit's answer: its working copy is
   * the one the edit wrote (the edit cache's, with the lines' totals), not the stored text
   * read and parsed again, and no base is read (a view of the quote shows none). The copy
   * shares its parts with the cache: read it at once, never keep or change it. When the cache
   * no longer holds what is stored, read as getQuote does.
   */
  editedQuote(quoteId: string): Omit<QuoteRecord, 'base'> | null {
    this.open();
    const r = this.repo.byId(quoteId);
    if (!r) return null;
    const cached = this.parsed.get(r.qrow);
    if (cached?.generation !== r.generation || !this.repo.workIs(r.qrow, cached.doc)) {
      return this.getQuote(quoteId);
    }
    // A quote with a stored working copy is held whole: not a stub.
    return this.record(r, withLineTotals(cached.w), false);
  }

  private record(r: QuoteMeta, work: WorkQuote, stub: boolean): Omit<QuoteRecord, 'base'> {
    const sync = this.repo.sync.summary(r.qrow);
    return {
      id: r.id,
      serverId: r.server_id,
      work,
      generation: r.generation,
      syncedGeneration: r.synced_generation,
      dirty: r.generation > r.synced_generation || r.deleted === 1,
      deleted: r.deleted === 1,
      syncState: sync.state,
      syncMessage: sync.lastError,
      publishRefused: sync.publishRefused,
      openConflicts: r.open_conflicts,
      stub,
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

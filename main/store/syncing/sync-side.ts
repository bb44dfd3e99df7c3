// Over 500 lines: \`store.sync\` is one class, the sync engine's whole view of the store (its
// port types it as EngineStore['sync']); the tables behind it live in stubs.ts, quote-sync.ts,
// sync-tables.ts and remote.ts.
// The sync side of the store (`store.sync`): the id map, pulls and commits of server state,
// the request journal and conflicts. Only the sync engine (main/sync) reaches it, through
// engine.ts (ESLint); the salesperson's edits go through the store itself.
import type { ListContent } from '../../../common/api';
import { StoreError } from '../errors';
import { stubWork, type HeldCounts, type StubRef } from './stubs';
import type { StoreKernel } from '../kernel';
import { workFromRemote } from './remote';
import {
  canonical,
  onlyServerFieldsMoved,
  overlayServerFields,
  sameShape,
} from '../quote/server-fields';
import { syncWal } from './wal-sync';
import { parseDoc, recomputeTotals, storedDoc } from '../quote/totals';
import { searchDoc } from '../list/list-row';
import type { QuoteMeta } from '../quote/quote-repo';
import type {
  Conflict,
  ConflictInput,
  DirtyQuote,
  EntityKind,
  JournalEntry,
  JournalState,
  PlanRequestInput,
  QuoteSyncRecord,
  RemoteAggregate,
  SyncBookkeeping,
  WorkQuote,
} from '../types';
import type { SyncEventDetail } from './quote-sync';
import type { SyncEvent, SyncState } from './sync-state';

export class StoreSync {
  constructor(private readonly k: StoreKernel) {}

  /** Quotes with local changes to push (including pending deletes), oldest first. */
  listDirty(): DirtyQuote[] {
    this.k.open();
    return this.k.tables.dirty();
  }

  /**
   * List entries of the server's list (`GET /v2/quotes`) stored as stubs for quotes not held
   * yet, or refreshed where a stub's entry changed (stubs.ts). One transaction per call.
   */
  putListEntries(
    entries: ListContent[],
    /** Whether a new stub is queued for the background fill (default) or only listed. */
    queue: (e: ListContent) => boolean = () => true,
  ): { created: string[]; updated: string[]; stubs: string[] } {
    return this.k.transaction(() => {
      const r = this.k.stubs.put(entries, () => this.k.newId(), queue);
      for (const quoteId of r.created) this.k.bus.emit({ quoteId, what: 'created' });
      for (const quoteId of r.updated) this.k.bus.emit({ quoteId, what: 'sync' });
      return r;
    });
  }

  /** The list entry a stub stands for; null for a quote held whole (or unknown). */
  stubEntry(quoteId: string): ListContent | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.k.stubs.entry(r.qrow) : null;
  }

  /** Whether only the list entry of this quote is here (its aggregate not read yet). */
  isStub(quoteId: string): boolean {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.k.stubs.has(r.qrow) : false;
  }

  /** Stubs whose aggregate is still to be read, the most recently changed first. */
  listStubs(limit = 1000): StubRef[] {
    this.k.open();
    return this.k.stubs.queue(limit);
  }

  /** Stubs the fill is still to read (listed-only ones are not counted). */
  stubCount(): number {
    this.k.open();
    return this.k.stubs.count();
  }

  /** Quotes only listed: downloaded when opened (or when every quote is kept offline). */
  listedOnlyCount(): number {
    this.k.open();
    return this.k.stubs.listedOnlyCount();
  }

  /** Queues the listed-only stubs of these quotes (server ids) for the fill; how many moved. */
  queueStubs(serverIds: Iterable<string>): number {
    return this.k.transaction(() => this.k.stubs.queueByServerId(serverIds));
  }

  /** Queues every listed-only stub ("Keep all quotes offline"); how many moved. */
  queueAllStubs(): number {
    return this.k.transaction(() => this.k.stubs.queueAll());
  }

  /** Quotes held whole and listed only, with the disk each takes (about). */
  heldCounts(): HeldCounts {
    this.k.open();
    const pages = (p: string) => this.k.db.pragma(p, { simple: true }) as number;
    const fileBytes = (pages('page_count') - pages('freelist_count')) * pages('page_size');
    return this.k.stubs.held(fileBytes, this.k.blobs.totalBytes());
  }

  /** Server id → local id of every quote known to the server (one query, no aggregate). */
  serverQuoteIds(): Map<string, string> {
    this.k.open();
    return this.k.tables.serverQuoteIds();
  }

  mapId(kind: EntityKind, localId: string, serverId: string, quoteId: string | null = null): void {
    this.k.transaction(() => {
      this.k.tables.mapId(kind, localId, serverId, quoteId);
      if (kind === 'quote') this.k.repo.setServerId(localId, serverId);
    });
  }

  serverIdOf(kind: EntityKind, localId: string): string | null {
    return this.k.tables.serverIdOf(kind, localId);
  }

  localIdOf(kind: EntityKind, serverId: string): string | null {
    return this.k.tables.localIdOf(kind, serverId);
  }

  idMap(quoteId: string): { kind: EntityKind; localId: string; serverId: string }[] {
    return this.k.tables.idMapOf(quoteId);
  }

  /**
   * The server's aggregate in working-copy shape. Server ids not mapped yet get new local
   * ids, recorded in the id map (so map the entities a push created first).
   */
  workFromRemote(remote: RemoteAggregate): WorkQuote {
    return this.k.transaction(() => this.convert(remote));
  }

  private convert(remote: RemoteAggregate, previous: WorkQuote | null = null): WorkQuote {
    const quoteLocal =
      this.k.tables.localIdOf('quote', remote.quote.id) ?? previous?.id ?? this.k.newId();
    this.k.tables.mapId('quote', quoteLocal, remote.quote.id, quoteLocal);
    return workFromRemote(
      remote,
      (kind, serverId) => {
        if (kind === 'quote') return quoteLocal;
        let id = this.k.tables.localIdOf(kind, serverId);
        if (!id) {
          id = this.k.newId();
          this.k.tables.mapUnmapped(kind, id, serverId, quoteLocal);
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
    return this.k.transaction(() => {
      const known = this.k.tables.localIdOf('quote', remote.quote.id);
      const r = known ? this.k.repo.byId(known) : undefined;
      if (!r) {
        const w = this.convert(remote);
        const qrow = this.k.repo.insert(w, {
          serverId: remote.quote.id,
          generation: 0,
          syncedGeneration: 0,
          syncState: 'synced',
        });
        this.k.repo.writeBase(qrow, JSON.stringify(remote));
        this.k.bus.emit({ quoteId: w.id, what: 'created' });
        return { quoteId: w.id, action: 'created' as const };
      }
      if (r.generation > r.synced_generation || r.deleted)
        return { quoteId: r.id, action: 'dirty' as const };
      const changed = this.refreshFromRemote(r, remote);
      this.k.stubs.clear(r.qrow);
      this.k.repo.sync.apply(r.qrow, 'imported', {}, r.id);
      this.k.bus.emit({ quoteId: r.id, what: 'sync' });
      return { quoteId: r.id, action: changed ? ('updated' as const) : ('unchanged' as const) };
    });
  }

  /** base := remote, work := remote; keeps undo history when only server-assigned fields moved. */
  private refreshFromRemote(r: QuoteMeta, remote: RemoteAggregate): boolean {
    // A stub stores no copy (stubs.ts): its copy is made from its list entry, and turned into
    // the text it would be stored as (and read back) only when the comparisons below need it.
    const stored = this.k.repo.storedWorkDoc(r.qrow);
    const entry = stored === undefined ? this.k.stubs.entry(r.qrow) : null;
    const listed = entry ? stubWork(r.id, entry) : null;
    let curDoc = listed ? null : (stored ?? this.k.repo.workDoc(r.qrow));
    let cur = listed ?? parseDoc(curDoc!);
    const next = this.convert(remote, cur);
    recomputeTotals(next);
    this.k.repo.writeBase(r.qrow, JSON.stringify(remote));
    const nextDoc = storedDoc(next);
    // Copies with lists of other lengths differ in every comparison below, with or without the
    // server's fields (a stub the fill replaces has no content at all): they are not
    // serialised again to find that out.
    let rebase = false;
    if (sameShape(next, cur)) {
      if (curDoc === null) {
        curDoc = storedDoc(cur);
        cur = parseDoc(curDoc);
      }
      if (nextDoc === curDoc || canonical(parseDoc(nextDoc)) === canonical(cur)) return false;
      rebase = onlyServerFieldsMoved(cur, next);
      if (rebase) this.rebaseHistory(r.qrow, curDoc, nextDoc, next);
    }
    if (!rebase) {
      this.k.repo.clearStack(r.qrow, 'undo');
      this.k.repo.clearStack(r.qrow, 'redo');
    }
    this.k.repo.writeWork(r.qrow, searchDoc(cur), next, nextDoc, 'handled');
    return true;
  }

  /** Every copy undo or redo restores takes the server-assigned fields of `fresh`. */
  private rebaseHistory(qrow: number, curDoc: string, nextDoc: string, fresh: WorkQuote): void {
    this.k.repo.rewriteHistory(qrow, curDoc, nextDoc, (doc) => {
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
    return this.k.transaction(() => {
      const r = this.k.row(quoteId);
      this.k.tables.mapId('quote', r.id, remote.quote.id, r.id);
      this.k.repo.setServerId(r.id, remote.quote.id);
      let workReplaced = false;
      if (r.generation === syncedGeneration) {
        workReplaced = this.refreshFromRemote(r, remote);
      } else {
        this.k.repo.writeBase(r.qrow, JSON.stringify(remote));
      }
      this.k.repo.markSynced(r.qrow, syncedGeneration);
      const event: SyncEvent = r.open_conflicts
        ? 'conflictsFound'
        : r.generation === syncedGeneration
          ? 'committed'
          : 'committedBehind';
      this.k.repo.sync.apply(r.qrow, event, {}, r.id);
      this.k.bus.emit({ quoteId, what: 'sync' });
      return { workReplaced };
    });
  }

  /** Only the base changes (e.g. after recording conflicts against this remote state). */
  setBase(quoteId: string, remote: RemoteAggregate): void {
    this.k.transaction(() => {
      this.k.repo.writeBase(this.k.row(quoteId).qrow, JSON.stringify(remote));
      this.k.bus.emit({ quoteId, what: 'base' });
    });
  }

  /**
   * Replaces the working copy with a merged one (remote changes taken in). Refused with
   * code STALE when the user edited since `expectedGeneration`; bumps the generation and
   * clears undo history (it would undo the remote changes) unless only server-assigned
   * fields changed.
   */
  replaceWork(quoteId: string, work: WorkQuote, expectedGeneration: number): void {
    this.k.transaction(() => {
      const r = this.k.row(quoteId);
      if (r.generation !== expectedGeneration) {
        throw new StoreError(
          'STALE',
          `Quote ${quoteId} changed locally (generation ${r.generation}, expected ${expectedGeneration}).`,
        );
      }
      const curDoc = this.k.repo.workDoc(r.qrow);
      const cur = parseDoc(curDoc);
      const next = { ...work, id: r.id };
      recomputeTotals(next);
      const nextDoc = storedDoc(next);
      // Only server-assigned fields came in (a push answered while the user typed on): the
      // history stays, as after commitSync; undoing it would revert no one else's change.
      if (onlyServerFieldsMoved(cur, next)) {
        this.rebaseHistory(r.qrow, curDoc, nextDoc, next);
      } else {
        this.k.repo.clearStack(r.qrow, 'undo');
        this.k.repo.clearStack(r.qrow, 'redo');
      }
      this.k.repo.writeWork(r.qrow, searchDoc(cur), next, nextDoc, 'handled');
      this.k.repo.bumpGeneration(r.qrow);
      this.k.bus.emit({ quoteId, what: 'sync' });
    });
  }

  /**
   * The one way the engine moves a quote's sync state: `event` as the transition table of
   * sync-state.ts says (IllegalSyncTransition, nothing written, when it refuses). Returns
   * the new state.
   */
  transition(quoteId: string, event: SyncEvent, detail: SyncEventDetail = {}): SyncState {
    return this.k.transaction(() => {
      // Said by the transition itself (event `syncState`), once, when something moved.
      return this.k.repo.sync.apply(this.k.row(quoteId).qrow, event, detail, quoteId);
    });
  }

  /** The quote's sync state, its message and the engine's bookkeeping; null: no such quote. */
  syncRecord(quoteId: string): QuoteSyncRecord | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.k.repo.sync.record(r.qrow) : null;
  }

  /** Writes the engine's bookkeeping of a quote (the fields given; null or [] clears one). */
  setBookkeeping(quoteId: string, patch: Partial<SyncBookkeeping>): void {
    this.k.transaction(() => this.k.repo.sync.setBookkeeping(this.k.row(quoteId).qrow, patch));
  }

  /**
   * Records a non-idempotent request before it is sent, durably: committed with
   * `synchronous = FULL`, so a crash or power loss cannot forget that it may have reached the
   * server. Its own transaction (see `durably`).
   */
  planRequest(input: PlanRequestInput): JournalEntry {
    return this.durably('planRequest', () => {
      const e = this.k.tables.plan(input, this.k.now());
      this.k.bus.emit({ quoteId: input.quoteId, what: 'journal' });
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
    this.k.open();
    this.ownTransaction('planRequestDurable');
    if (this.k.file === ':memory:') return this.planRequest(input);
    const e = this.k.transaction(() => {
      const e = this.k.tables.plan(input, this.k.now());
      this.k.bus.emit({ quoteId: input.quoteId, what: 'journal' });
      return e;
    });
    // A checkpoint in between syncs the WAL before copying it into the file and syncs the
    // file after (synchronous = NORMAL does that much), so the entry is on disk either way.
    await syncWal(this.k.file);
    return e;
  }

  markRequest(id: number, state: JournalState, result?: unknown): JournalEntry {
    return this.durably('markRequest', () => {
      const e = this.k.tables.mark(id, state, result, this.k.now());
      this.k.bus.emit({ quoteId: e.quoteId, what: 'journal' });
      return e;
    });
  }

  listJournal(filter: { quoteId?: string; states?: JournalState[] } = {}): JournalEntry[] {
    this.k.open();
    return this.k.tables.journal(filter);
  }

  removeRequest(id: number): void {
    this.k.transaction(() => this.k.tables.removeRequest(id));
  }

  /** A journal write: its own transaction, committed with `synchronous = FULL`. */
  private durably<T>(what: string, fn: () => T): T {
    this.k.open();
    this.ownTransaction(what);
    this.k.db.pragma('synchronous = FULL');
    try {
      return this.k.transaction(fn);
    } finally {
      this.k.db.pragma('synchronous = NORMAL');
    }
  }

  /**
   * Refuses a journal write inside `transaction(fn)`: its durability comes from its own
   * commit, and inside another transaction it would commit later, with the outer
   * transaction, as an ordinary NORMAL commit — durable only against a crash of the app.
   */
  private ownTransaction(what: string): void {
    if (this.k.db.inTransaction)
      throw new StoreError(
        'JOURNAL_IN_TRANSACTION',
        `${what} commits on its own, synced to disk; call it outside store.transaction().`,
      );
  }

  /**
   * Records conflicts found by a merge; the quote stops syncing until they are resolved.
   * `message` is shown with the state (why the quote is parked).
   */
  recordConflicts(quoteId: string, conflicts: ConflictInput[], message?: string): Conflict[] {
    return this.k.transaction(() => {
      const r = this.k.row(quoteId);
      const out = conflicts.map((c) => this.k.tables.addConflict(quoteId, c, this.k.now()));
      this.refreshConflictCount(r.qrow, quoteId, message ?? null);
      this.k.bus.emit({ quoteId, what: 'conflicts' });
      return out;
    });
  }

  /**
   * Records the conflicts of a new merge in place of the quote's open ones (same entity and
   * field: updated, keeping its id; no longer found: gone), so they never pile up.
   */
  replaceConflicts(quoteId: string, conflicts: ConflictInput[]): Conflict[] {
    return this.k.transaction(() => {
      const r = this.k.row(quoteId);
      const out = this.k.tables.replaceConflicts(quoteId, conflicts, this.k.now());
      this.refreshConflictCount(r.qrow, quoteId, null);
      this.k.bus.emit({ quoteId, what: 'conflicts' });
      return out;
    });
  }

  listConflicts(quoteId?: string, includeResolved = false): Conflict[] {
    this.k.open();
    return this.k.tables.conflicts(quoteId, includeResolved);
  }

  /**
   * Resolves one conflict. `remote` writes the remote value into the working copy (values
   * are in working-copy shape: local ids); `local` keeps the working copy. Either way the
   * losing value stays on record in the conflict row.
   */
  resolveConflict(conflictId: number, choice: 'local' | 'remote'): void {
    this.k.transaction(() => {
      const c = this.k.tables.conflict(conflictId);
      if (!c) throw new StoreError('CONFLICT_NOT_FOUND', `Conflict ${conflictId} does not exist.`);
      if (c.resolvedAt) return;
      const r = this.k.row(c.quoteId);
      if (choice === 'remote') {
        if (c.entityKind === 'quote' && c.field === '*' && c.remote === null) {
          // Deleted remotely and the user agrees: the quote goes.
          this.k.tables.resolve(conflictId, choice, this.k.now());
          this.k.purge(r);
          this.k.bus.emit({ quoteId: c.quoteId, what: 'deleted' });
          return;
        }
        const prevDoc = this.k.repo.workDoc(r.qrow);
        const w = parseDoc(prevDoc);
        const prevSearch = searchDoc(w);
        applyValue(w, c);
        recomputeTotals(w);
        w.updatedOn = this.k.now();
        const doc = storedDoc(w);
        // Several fields taken in one call are one undo step (undo-steps.ts).
        this.k.steps.record(r.qrow, 'Take their version', prevDoc, doc, w.updatedOn);
        this.k.repo.rebaseTop(r.qrow, 'redo', prevDoc, doc);
        this.k.repo.writeWork(r.qrow, prevSearch, w, doc, 'handled');
        this.k.repo.bumpGeneration(r.qrow);
      }
      this.k.tables.resolve(conflictId, choice, this.k.now());
      this.refreshConflictCount(r.qrow, c.quoteId);
      this.k.bus.emit({ quoteId: c.quoteId, what: 'conflicts' });
    });
  }

  /**
   * The quote's count of open conflicts, and its state with it: conflicts open → `conflict`
   * (with `message`; undefined: a state already `conflict` keeps its message), none → out of
   * `conflict`.
   */
  private refreshConflictCount(qrow: number, quoteId: string, message?: string | null): void {
    const n = this.k.tables.conflicts(quoteId, false).length;
    this.k.repo.setOpenConflicts(qrow, n);
    if (n === 0) this.k.repo.sync.apply(qrow, 'conflictsCleared', {}, quoteId);
    else if (message !== undefined || this.k.repo.sync.state(qrow) !== 'conflict')
      this.k.repo.sync.apply(qrow, 'conflictsFound', { message }, quoteId);
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
    else {
      // An add-on brought back needs its parent here: with the parent gone from this
      // quote it could never be sent, so the deletion stands (as when the target is gone).
      const parent = (c.remote as { requiredLineItemId?: string | null }).requiredLineItemId;
      if (c.entityKind === 'lineItem' && parent && !w.lineItems.some((x) => x.id === parent))
        throw new StoreError(
          'CONFLICT_TARGET_GONE',
          'The parent of this add-on is no longer on the quote.',
        );
      list.push(c.remote as Entity);
    }
    return;
  }
  if (i < 0)
    throw new StoreError(
      'CONFLICT_TARGET_GONE',
      `The ${c.entityKind} of this conflict is no longer on the quote.`,
    );
  (list[i] as unknown as Record<string, unknown>)[c.field] = c.remote;
}

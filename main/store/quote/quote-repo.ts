import type Database from 'better-sqlite3-multiple-ciphers';
import {
  codesText,
  listRow,
  sameSearchDoc,
  searchDocIs,
  searchDoc,
  type ListRow,
  type SearchDoc,
} from '../list/list-row';
import { SearchIndex } from '../list/search-index';
import { applyEntry, historyEntry } from './history';
import { storedDoc } from './totals';
import { ListFacts } from '../list/list-facts';
import { QuoteSyncTable } from '../syncing/quote-sync';
import type { WorkQuote } from '../types';

export interface QuoteMeta {
  qrow: number;
  id: string;
  server_id: string | null;
  generation: number;
  synced_generation: number;
  deleted: number;
  open_conflicts: number;
  initial_total: number;
  recurring_total: number;
}

const ROW_COLUMNS: (keyof ListRow)[] = [
  'status',
  'client_id',
  'client_name',
  'client_shadow',
  'created_by',
  'created_by_email',
  'owner_id',
  'partner_id',
  'created_on',
  'updated_on',
  'reference_code',
  'published',
  'published_on',
  'expires_on',
  'intent_type',
  'currency',
  'initial_total',
  'recurring_total',
  'recurring_periods',
  'items_total',
  'items_custom',
  'items_msp',
];

/** Stored working copies larger than a page can hold are padded to a multiple of this. */
const DOC_BLOCK = 256;
/** Bytes from which a copy no longer fits in its table page (4096-byte pages). */
const PAD_FROM = 4000;

/** How many undo steps a quote keeps; older ones are dropped. */
export const UNDO_DEPTH = 100;

/** Prepared statements over quotes, their documents, their search entry and their history. */
/** A new quote row's ids and sync standing. */
interface RowOptions {
  serverId: string | null;
  generation: number;
  syncedGeneration: number;
  /** Made here: `pending`; written from the server: `synced` (quote-sync.ts). */
  syncState: 'pending' | 'synced';
}

export class QuoteRepo {
  private s;
  readonly facts: ListFacts;
  readonly search: SearchIndex;
  /** The quote's sync state and bookkeeping: the only writer of either. */
  readonly sync: QuoteSyncTable;

  constructor(private db: Database.Database) {
    this.facts = new ListFacts(db);
    this.search = new SearchIndex(db);
    this.sync = new QuoteSyncTable(db);
    const meta =
      'qrow, id, server_id, generation, synced_generation, deleted, open_conflicts, initial_total, recurring_total';
    this.s = {
      byId: db.prepare<[string], QuoteMeta>(`SELECT ${meta} FROM quotes WHERE id = ?`),
      byServerId: db.prepare<[string], QuoteMeta>(`SELECT ${meta} FROM quotes WHERE server_id = ?`),
      work: db.prepare<[number], { doc: string }>(
        `SELECT rtrim(doc, ' ') AS doc FROM quote_work WHERE qrow = ?`,
      ),
      workIs: db
        .prepare<[string, number], number>(
          `SELECT rtrim(doc, ' ') = ? FROM quote_work WHERE qrow = ?`,
        )
        .pluck(),
      base: db.prepare<[number], { doc: string }>('SELECT doc FROM quote_base WHERE qrow = ?'),
      // Parameters by position: bound by name, each of the 26 is a property lookup per row.
      insert: db.prepare<unknown[]>(
        `INSERT INTO quotes (id, server_id, ${ROW_COLUMNS.join(', ')}, generation, synced_generation)
         VALUES (${Array(ROW_COLUMNS.length + 4)
           .fill('?')
           .join(', ')})`,
      ),
      currentRow: db.prepare<[number], ListRow>(
        `SELECT ${ROW_COLUMNS.join(', ')} FROM quotes WHERE qrow = ?`,
      ),
      bump: db.prepare<[number]>('UPDATE quotes SET generation = generation + 1 WHERE qrow = ?'),
      synced: db.prepare<[number, number]>(
        'UPDATE quotes SET synced_generation = max(synced_generation, ?) WHERE qrow = ?',
      ),
      serverId: db.prepare<[string, string]>('UPDATE quotes SET server_id = ? WHERE id = ?'),
      openConflicts: db.prepare<[number, number]>(
        'UPDATE quotes SET open_conflicts = ? WHERE qrow = ?',
      ),
      markDeleted: db.prepare<[number]>(
        'UPDATE quotes SET deleted = 1, generation = generation + 1 WHERE qrow = ?',
      ),
      markRestored: db.prepare<[number]>(
        'UPDATE quotes SET deleted = 0, generation = generation + 1 WHERE qrow = ?',
      ),
      delete: db.prepare<[number]>('DELETE FROM quotes WHERE qrow = ?'),
      idOf: db.prepare<[number], string>('SELECT id FROM quotes WHERE qrow = ?').pluck(),
      // A copy that spills over its page is padded with spaces to a whole number of blocks
      // (JSON allows them; reads trim them): a rewrite of the same length is done in place by
      // SQLite, which then writes only the pages whose bytes changed, where a new length
      // rewrites every page of the copy. A copy within one page is rewritten in that page
      // anyway, and padding would only fit fewer of them in a page.
      putWork: db.prepare<[{ qrow: number; doc: string }]>(
        `INSERT INTO quote_work (qrow, doc)
         SELECT @qrow, CASE WHEN n < ${PAD_FROM} THEN @doc
           ELSE @doc || printf('%*s', (${DOC_BLOCK} - n % ${DOC_BLOCK}) % ${DOC_BLOCK}, '') END
         FROM (SELECT length(CAST(@doc AS BLOB)) AS n) WHERE true
         ON CONFLICT(qrow) DO UPDATE SET doc = excluded.doc`,
      ),
      putBase: db.prepare<[number, string]>(
        'INSERT INTO quote_base (qrow, doc) VALUES (?, ?) ON CONFLICT(qrow) DO UPDATE SET doc = excluded.doc',
      ),
      pushHistory: db.prepare<[number, string, string, string, string]>(
        'INSERT INTO history (qrow, stack, label, doc, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      topHistory: db.prepare<[number, string], { id: number; label: string; doc: string }>(
        'SELECT id, label, doc FROM history WHERE qrow = ? AND stack = ? ORDER BY id DESC LIMIT 1',
      ),
      setEntry: db.prepare<[string, number]>('UPDATE history SET doc = ? WHERE id = ?'),
      stackTopDown: db.prepare<[number, string], { id: number; doc: string }>(
        'SELECT id, doc FROM history WHERE qrow = ? AND stack = ? ORDER BY id DESC',
      ),
      deleteHistory: db.prepare<[number]>('DELETE FROM history WHERE id = ?'),
      clearStack: db.prepare<[number, string]>('DELETE FROM history WHERE qrow = ? AND stack = ?'),
      trimUndo: db.prepare<[number, number, number]>(
        `DELETE FROM history WHERE qrow = ? AND stack = 'undo' AND id <= (
           SELECT id FROM history WHERE qrow = ? AND stack = 'undo' ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      ),
      depth: db.prepare<[number, string], { n: number }>(
        'SELECT count(*) AS n FROM history WHERE qrow = ? AND stack = ?',
      ),
    };
  }

  byId(id: string): QuoteMeta | undefined {
    return this.s.byId.get(id);
  }

  byServerId(serverId: string): QuoteMeta | undefined {
    return this.s.byServerId.get(serverId);
  }

  /** A listed-only quote's working copy, made from its list row (stubs.ts stores none). */
  listedOnlyDoc: (qrow: number) => string | undefined = () => undefined;

  /** The stored working copy; undefined for a listed-only quote, which stores none. */
  storedWorkDoc(qrow: number): string | undefined {
    return this.s.work.get(qrow)?.doc;
  }

  workDoc(qrow: number): string {
    const doc = this.storedWorkDoc(qrow) ?? this.listedOnlyDoc(qrow);
    if (doc === undefined) throw new Error(`quote row ${qrow} has no working copy`);
    return doc;
  }

  /** Whether `doc` is the stored working copy, compared inside SQLite (no copy of the text). */
  workIs(qrow: number, doc: string): boolean {
    return this.s.workIs.get(doc, qrow) === 1;
  }

  baseDoc(qrow: number): string | null {
    return this.s.base.get(qrow)?.doc ?? null;
  }

  insert(w: WorkQuote, opts: RowOptions): number {
    const row = listRow(w);
    const qrow = this.insertRow(w.id, row, opts);
    this.s.putWork.run({ qrow, doc: storedDoc(w) });
    this.search.insert(qrow, searchDoc(w));
    return qrow;
  }

  /**
   * A quote only listed (stubs.ts): its list row and search text, made from the list entry; no
   * working copy is stored.
   */
  insertListed(id: string, serverId: string, row: ListRow, search: SearchDoc): number {
    const qrow = this.insertRow(id, row, {
      serverId,
      generation: 0,
      syncedGeneration: 0,
      syncState: 'synced',
    });
    this.search.insert(qrow, search);
    return qrow;
  }

  private insertRow(id: string, row: ListRow, opts: RowOptions): number {
    const params: unknown[] = [id, opts.serverId];
    for (const c of ROW_COLUMNS) params.push(row[c]);
    params.push(opts.generation, opts.syncedGeneration);
    const qrow = Number(this.s.insert.run(params).lastInsertRowid);
    this.sync.insert(qrow, opts.syncState);
    this.facts.set(qrow, row, 0);
    return qrow;
  }

  /** A listed-only quote's new list entry: its row and search text; no working copy stored. */
  writeListRow(qrow: number, prevSearch: SearchDoc, w: WorkQuote, row: ListRow): void {
    this.updateRow(qrow, row);
    this.facts.set(qrow, row, 0);
    const nextSearch = searchDoc(w);
    if (!sameSearchDoc(prevSearch, nextSearch))
      this.search.markStale(qrow, codesText(prevSearch) !== codesText(nextSearch));
  }

  /**
   * Writes a new working copy and keeps the list row in step; a change of searchable text is
   * recorded for the search index (see SearchIndex). Returns the copy's search text. Undo and
   * redo keep restoring what they restored (`follow`: the entries on top of both stacks are
   * remade from the new copy) unless the caller saw to its history itself (`handled`).
   */
  writeWork(
    qrow: number,
    prevSearch: SearchDoc | null,
    next: WorkQuote,
    doc: string = storedDoc(next),
    history: 'follow' | 'handled' = 'follow',
  ): SearchDoc {
    if (history === 'follow') {
      const prevDoc = this.s.work.get(qrow)?.doc;
      if (prevDoc !== undefined) {
        this.rebaseTop(qrow, 'undo', prevDoc, doc);
        this.rebaseTop(qrow, 'redo', prevDoc, doc);
      }
    }
    const row = listRow(next);
    this.updateRow(qrow, row);
    this.facts.set(qrow, row, 0);
    this.s.putWork.run({ qrow, doc });
    if (prevSearch && searchDocIs(prevSearch, next)) return prevSearch;
    const nextSearch = searchDoc(next);
    if (!prevSearch || !sameSearchDoc(prevSearch, nextSearch)) {
      this.search.markStale(qrow, !prevSearch || codesText(prevSearch) !== codesText(nextSearch));
    }
    return nextSearch;
  }

  /** A tombstone: out of lists and search, kept for sync. */
  /** The quote id of a row (undefined: no such row). */
  idOf(qrow: number): string | undefined {
    return this.s.idOf.get(qrow);
  }

  markDeleted(qrow: number): void {
    this.s.markDeleted.run(qrow);
    this.sync.apply(qrow, 'deleted');
    this.removeSearch(qrow);
    this.facts.remove(qrow);
  }

  /** A tombstone back among the quotes (its delete never reached the server). */
  markRestored(qrow: number, w: WorkQuote): void {
    this.s.markRestored.run(qrow);
    this.sync.apply(qrow, 'restored');
    this.facts.set(qrow, listRow(w), 0);
    this.search.insert(qrow, searchDoc(w));
  }

  delete(qrow: number): void {
    this.removeSearch(qrow);
    this.s.delete.run(qrow);
    this.facts.remove(qrow);
  }

  private updates = new Map<string, Database.Statement>();

  /**
   * Writes only the list columns that changed: SQLite rewrites every index on a column
   * named in SET, changed or not, and the list has many indexes.
   */
  private updateRow(qrow: number, row: ListRow): void {
    const cur = this.s.currentRow.get(qrow);
    const changed = ROW_COLUMNS.filter((c) => !cur || cur[c] !== row[c]);
    if (changed.length === 0) return;
    const key = changed.join(',');
    let stmt = this.updates.get(key);
    if (!stmt) {
      stmt = this.db.prepare(
        `UPDATE quotes SET ${changed.map((c) => `${c} = @${c}`).join(', ')} WHERE qrow = @qrow`,
      );
      this.updates.set(key, stmt);
    }
    const params: Record<string, unknown> = { qrow };
    for (const c of changed) params[c] = row[c];
    stmt.run(params);
  }

  writeBase(qrow: number, doc: string): void {
    this.s.putBase.run(qrow, doc);
  }

  /** A local change of the working copy (an edit, undo, redo, a merge taken in). */
  bumpGeneration(qrow: number): void {
    this.s.bump.run(qrow);
    this.sync.apply(qrow, 'edited');
  }

  /** The generation a sync pushed (never moves back). */
  markSynced(qrow: number, syncedGeneration: number): void {
    this.s.synced.run(syncedGeneration, qrow);
  }

  setServerId(quoteId: string, serverId: string): void {
    this.s.serverId.run(serverId, quoteId);
  }

  setOpenConflicts(qrow: number, n: number): void {
    this.s.openConflicts.run(n, qrow);
  }

  removeSearch(qrow: number): void {
    this.search.remove(qrow);
  }

  /**
   * Pushes an entry that turns the working copy `from` (the one being written) back into
   * `to`. Entries already on the stack were made from `to`, as they should be. Answers the
   * entry's id.
   */
  pushHistory(
    qrow: number,
    stack: 'undo' | 'redo',
    label: string,
    from: string,
    to: string,
    at: string,
  ): number {
    const { lastInsertRowid } = this.s.pushHistory.run(
      qrow,
      stack,
      label,
      historyEntry(from, to),
      at,
    );
    if (stack === 'undo') this.s.trimUndo.run(qrow, qrow, UNDO_DEPTH);
    return Number(lastInsertRowid);
  }

  /** The top entry of `stack` was made from `oldDoc`; remakes it from `newDoc`. */
  rebaseTop(qrow: number, stack: 'undo' | 'redo', oldDoc: string, newDoc: string): void {
    if (oldDoc === newDoc) return;
    const top = this.s.topHistory.get(qrow, stack);
    // A whole document restores itself from any copy.
    if (!top || !top.doc.startsWith('@')) return;
    this.s.setEntry.run(historyEntry(newDoc, applyEntry(oldDoc, top.doc)), top.id);
  }

  /**
   * Rewrites every entry of both stacks: the working copy goes from `oldDoc` to `newDoc` and
   * each document the history restores through `change`.
   */
  rewriteHistory(
    qrow: number,
    oldDoc: string,
    newDoc: string,
    change: (doc: string) => string,
  ): void {
    for (const stack of ['undo', 'redo'] as const) {
      let fromOld = oldDoc;
      let fromNew = newDoc;
      for (const e of this.s.stackTopDown.all(qrow, stack)) {
        const restored = applyEntry(fromOld, e.doc);
        const changed = change(restored);
        this.s.setEntry.run(historyEntry(fromNew, changed), e.id);
        fromOld = restored;
        fromNew = changed;
      }
    }
  }

  topHistory(qrow: number, stack: 'undo' | 'redo') {
    return this.s.topHistory.get(qrow, stack);
  }

  dropHistory(id: number): void {
    this.s.deleteHistory.run(id);
  }

  clearStack(qrow: number, stack: 'undo' | 'redo'): void {
    this.s.clearStack.run(qrow, stack);
  }

  depth(qrow: number, stack: 'undo' | 'redo'): number {
    return this.s.depth.get(qrow, stack)!.n;
  }
}

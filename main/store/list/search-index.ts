import type Database from 'better-sqlite3-multiple-ciphers';
import { codesText, type SearchDoc } from './list-row';

/**
 * The full-text entries of the quotes (`quote_search`, `quote_codes`), kept behind edits.
 *
 * Rewriting a full quote's entries (hundreds of tokens, each also under its prefixes, and
 * the segment FTS5 writes and merges at commit) costs a third of an edit's commit. So an edit
 * that changes searchable text only records its quote in `search_pending`, in its own
 * transaction; `flush` rewrites the entries of every recorded quote in one go — when the
 * store is idle, and before any search, which therefore never sees a stale entry. Several
 * edits of one quote in between cost one rewrite. A crash in between leaves the records in
 * the file for the next session.
 */
export class SearchIndex {
  private s;
  /** Whether `search_pending` may hold rows (false only once a flush found none). */
  private stale: boolean;

  constructor(db: Database.Database) {
    this.s = {
      ftsDelete: db.prepare<[number]>('DELETE FROM quote_search WHERE rowid = ?'),
      ftsInsert: db.prepare<[number, string, string, string, string, string]>(
        'INSERT INTO quote_search (rowid, client, reference, creator, products, notes) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      codesDelete: db.prepare<[number]>('DELETE FROM quote_codes WHERE rowid = ?'),
      codesInsert: db.prepare<[number, string]>(
        'INSERT INTO quote_codes (rowid, codes) VALUES (?, ?)',
      ),
      mark: db.prepare<[number, number]>(
        'INSERT INTO search_pending (qrow, codes) VALUES (?, ?) ON CONFLICT(qrow) DO UPDATE SET codes = max(codes, excluded.codes)',
      ),
      unmark: db.prepare<[number]>('DELETE FROM search_pending WHERE qrow = ?'),
      pending: db.prepare<[number], { qrow: number; codes: number; deleted: number | null }>(
        'SELECT p.qrow, p.codes, q.deleted FROM search_pending p LEFT JOIN quotes q ON q.qrow = p.qrow ORDER BY p.qrow LIMIT ?',
      ),
      any: db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM search_pending)').pluck(),
    };
    this.stale = this.s.any.get() === 1;
  }

  /** Whether entries may lag behind their working copies (a flush is due). */
  get behind(): boolean {
    return this.stale;
  }

  /** The entries of a new quote, written at once. */
  insert(qrow: number, d: SearchDoc): void {
    this.s.ftsInsert.run(qrow, d.client, d.reference, d.creator, d.products, d.notes);
    this.s.codesInsert.run(qrow, codesText(d));
  }

  /**
   * The quote's searchable text changed (`codes`: its codes text may have changed too; an
   * entry recorded without it is only rewritten in the main index). Recorded flags only grow,
   * so a recorded 0 means the codes entry still holds the current text.
   */
  markStale(qrow: number, codes: boolean): void {
    this.s.mark.run(qrow, codes ? 1 : 0);
    this.stale = true;
  }

  /** Out of search (deleted, or a tombstone), with anything recorded for it. */
  remove(qrow: number): void {
    this.s.ftsDelete.run(qrow);
    this.s.codesDelete.run(qrow);
    this.s.unmark.run(qrow);
  }

  /**
   * Rewrites the entries of the recorded quotes still listed (at most `limit` of them), from
   * `searchOf(qrow)`. Call inside a transaction. Returns how many records it took.
   */
  flush(searchOf: (qrow: number) => SearchDoc, limit = -1): number {
    const rows = this.s.pending.all(limit);
    for (const r of rows) {
      this.s.unmark.run(r.qrow);
      // Gone, or a tombstone: its entries were removed with it and stay so.
      if (r.deleted !== 0) continue;
      const d = searchOf(r.qrow);
      this.s.ftsDelete.run(r.qrow);
      this.s.ftsInsert.run(r.qrow, d.client, d.reference, d.creator, d.products, d.notes);
      if (r.codes) {
        this.s.codesDelete.run(r.qrow);
        this.s.codesInsert.run(r.qrow, codesText(d));
      }
    }
    return rows.length;
  }

  /** After a flush committed: nothing lags any more. */
  flushed(): void {
    this.stale = false;
  }
}

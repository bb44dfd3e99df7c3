// A quote's history as the user walks it: undo and redo of local edits (the copies in
// quote/history.ts, restored byte for byte), a delete as the top step of the quote's own
// history (held back from the server for the undo window), and the purge that forgets it.
import { QuoteNotFoundError } from './errors';
import { applyEntry } from './quote/history';
import type { QuoteMeta } from './quote/quote-repo';
import { notDownloadedError } from './syncing/stubs';
import { parseDoc, storedDoc } from './quote/totals';
import { searchDoc } from './list/list-row';
import { StoreEdits } from './store-edits';

/** How long a deleted quote's delete waits for Undo before sync sends it (the notice: 8 s). */
export const DELETE_HOLD_MS = 10_000;
/** The undo step a delete is in its quote's history. */
const DELETE_LABEL = 'Delete quote';

/** Undo, redo and delete of a quote. */
export abstract class StoreHistory extends StoreEdits {
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
}

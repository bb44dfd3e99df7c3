import type { QuoteRepo } from './quote-repo';

/** Separates an undo entry's label from the key of the edits it coalesces. */
const COALESCE_MARK = '\u001f';

/**
 * One call, one undo step. Whatever a call of the app does to a quote (an IPC call that adds
 * items and puts them in a section, a resolution that takes the server's value of several
 * fields) it does in one transaction, and the quote's undo stack gets one entry for it: the
 * first edit of the quote in the transaction pushes the entry, every later one remakes that
 * entry from its own copy, so one Undo gives back the quote as it was before the call.
 * Keystrokes of one field visit (the same `coalesce` key in a row, nothing redone since) are
 * one step across calls the same way.
 */
export class UndoSteps {
  /** Per quote row, the undo entry the current transaction pushed. */
  private open = new Map<number, number>();

  constructor(private readonly repo: QuoteRepo) {}

  /** An outermost transaction begins: its edits start steps of their own. */
  begin(): void {
    this.open.clear();
  }

  /** An undo or redo of the quote took the stack's top: an edit after it starts a new step. */
  forget(qrow: number): void {
    this.open.delete(qrow);
  }

  /**
   * Records the working copy going from `prevDoc` to `doc` on the quote's undo stack: a new
   * step, or the step this transaction (or this field visit) already holds, remade.
   */
  record(
    qrow: number,
    label: string,
    prevDoc: string,
    doc: string,
    at: string,
    coalesce?: string,
  ): void {
    const key = coalesce ? `${label}${COALESCE_MARK}${coalesce}` : label;
    const mine = this.open.get(qrow);
    const top = mine !== undefined || coalesce ? this.repo.topHistory(qrow, 'undo') : undefined;
    // The id is checked, not trusted: a savepoint rolled back may have taken the entry away.
    const sameCall = top !== undefined && top.id === mine;
    const sameVisit =
      coalesce !== undefined && top?.label === key && this.repo.depth(qrow, 'redo') === 0;
    if (top && (sameCall || sameVisit)) {
      this.repo.rebaseTop(qrow, 'undo', prevDoc, doc);
      this.open.set(qrow, top.id);
    } else {
      this.open.set(qrow, this.repo.pushHistory(qrow, 'undo', key, doc, prevDoc, at));
    }
  }
}

// Background work cut into turns of the event loop. The core answers the window's calls on the
// same loop that runs sync: a call that comes while sync holds the loop waits until it lets go.
// The background fill asks `Turns` before each piece of its work (a quote to read, one to
// land) and, once the turn's budget is spent, goes on in a later turn, after the timers and
// the I/O (the window's calls) that waited. The budget is small while the salesperson edits
// and larger otherwise, where fewer, larger transactions keep the fill fast.

/** Budget of one turn while the salesperson edits: an edit waits at most about this long. */
export const EDITING_TURN_MS = 1;
/** Budget of one turn otherwise: a list or a search asked for meanwhile waits at most a frame. */
export const QUIET_TURN_MS = 12;
/** How long after the last local edit the salesperson counts as editing. */
export const EDITING_FOR_MS = 3000;

export class Turns {
  /** When the work of this turn began (performance.now()); -1 between turns. */
  private startedAt = -1;

  constructor(private readonly budgetMs: () => number) {}

  /**
   * Whether this turn's budget is spent. A turn is counted from the first call in it, which
   * always has budget (so the work moves on); the next turn of the event loop starts anew.
   */
  spent(): boolean {
    const now = performance.now();
    if (this.startedAt >= 0) return now - this.startedAt >= this.budgetMs();
    this.startedAt = now;
    setImmediate(() => {
      this.startedAt = -1;
    });
    return false;
  }

  /** Resolves at once while the turn's budget lasts, else in the next turn that has some. */
  async turn(): Promise<void> {
    while (this.spent()) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The budget of a turn given when the salesperson last edited (Date.now(); -Infinity: never). */
export function turnBudget(lastEditAt: () => number): () => number {
  return () => (Date.now() - lastEditAt() < EDITING_FOR_MS ? EDITING_TURN_MS : QUIET_TURN_MS);
}

// When the store moves its WAL into the database file and catches up on search entries:
// after a second without writes, as soon as the caller yields once many commits piled up,
// or inline after very many (README.md, Durability). Never inside an edit.
const CHECKPOINT_IDLE_MS = 1000;
/** Commits after which a checkpoint is due as soon as the caller yields to the event loop. */
const CHECKPOINT_EVERY = 500;
/**
 * Commits after which a caller that never yields pays for the checkpoint inline: it keeps
 * the WAL (and the reads that search it) bounded, at ~100 KB per edit of a full quote.
 */
const CHECKPOINT_INLINE = 4000;
/**
 * Quotes whose search entries one idle slice rewrites (~4 ms for full quotes): a pull or a
 * first sign-in's fill that brought thousands of quotes does not hold the event loop for
 * seconds at once, and an edit made meanwhile waits for one slice at most.
 */
const SEARCH_SLICE = 10;

export interface IdleWork {
  /** Rewrites search entries edits left behind, `slice` quotes (-1: all); true if more remain. */
  flushSearch(slice: number): boolean;
  /** The checkpoint itself (flushes search entries first). */
  checkpoint(): void;
}

export class CheckpointScheduler {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private commits = 0;

  constructor(private readonly work: IdleWork) {}

  /** A checkpoint ran: nothing is due any more. */
  done(): void {
    this.stop();
    this.commits = 0;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.soon) clearImmediate(this.soon);
    this.timer = null;
    this.soon = null;
  }

  afterCommit(): void {
    const n = ++this.commits;
    if (n >= CHECKPOINT_INLINE) {
      this.unasked(() => this.work.checkpoint());
      return;
    }
    if (n >= CHECKPOINT_EVERY && !this.soon) this.idleSoon();
    this.arm();
  }

  /** (Re)starts the wait for a second without writes, after which idle work runs. */
  arm(): void {
    if (this.timer) this.timer.refresh();
    else {
      this.timer = setTimeout(() => this.idleWork(), CHECKPOINT_IDLE_MS);
      this.timer.unref();
    }
  }

  private idleSoon(): void {
    this.soon = setImmediate(() => {
      this.soon = null;
      this.idleWork();
    });
    this.soon.unref();
  }

  /**
   * Work nobody called for (idle, or due after many commits): search entries a slice at a
   * time, yielding in between, then the checkpoint.
   */
  private idleWork(): void {
    this.unasked(() => {
      if (this.work.flushSearch(SEARCH_SLICE)) this.idleSoon();
      else this.work.checkpoint();
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
}

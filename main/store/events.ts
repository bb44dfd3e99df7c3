import type { ChangeEvent, ChangeOrigin } from './types';

export type ChangeListener = (event: ChangeEvent) => void;

/** A change as the store reports it; the bus adds who made it when it delivers. */
export type Change = Omit<ChangeEvent, 'origin'>;

/** One event per quote and kind is queued: its key. */
function keyOf(e: Change): string {
  return e.quoteId === null ? e.what : `${e.what}\u0000${e.quoteId}`;
}

/**
 * Change events, delivered only after the transaction that caused them committed: inside
 * a transaction they are queued, and dropped if it rolls back. Each carries the origin the
 * transaction was given (the first one given, outermost first); outside one, or given none,
 * a change is sync's (the caches: catalogue, preferences, library).
 */
export class ChangeBus {
  private listeners = new Set<ChangeListener>();
  private queue: Change[] | null = null;
  /** The place in `queue` of each quote's event of each kind. */
  private queued = new Map<string, number>();
  private origin: ChangeOrigin | undefined;
  private depth = 0;

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: Change): void {
    if (this.queue) {
      // One event per quote and kind of change, carrying the newest generation. Found by key,
      // not by a walk of the queue: a transaction storing 1,000 list entries queues 1,000
      // events, and a walk per event made that half a million comparisons.
      const key = keyOf(event);
      const same = this.queued.get(key);
      if (same === undefined) this.queued.set(key, this.queue.push(event) - 1);
      else if (event.generation !== undefined) this.queue[same] = event;
      return;
    }
    this.deliver([event], 'sync');
  }

  /** Runs `fn` (which must commit or throw) with events held until it returns. */
  hold<T>(fn: () => T, origin?: ChangeOrigin): T {
    const outer = this.depth === 0;
    if (outer) this.queue = [];
    this.origin ??= origin;
    const mark = this.queue?.length ?? 0;
    this.depth++;
    let ok = false;
    try {
      const r = fn();
      ok = true;
      return r;
    } finally {
      this.depth--;
      if (!ok && !outer && this.queue) {
        for (const e of this.queue.splice(mark)) this.queued.delete(keyOf(e));
      }
      if (outer) {
        const events = this.queue ?? [];
        const by = this.origin ?? 'sync';
        this.queue = null;
        this.queued.clear();
        this.origin = undefined;
        if (ok) this.deliver(events, by);
      }
    }
  }

  private deliver(changes: Change[], origin: ChangeOrigin): void {
    for (const c of changes) {
      const e: ChangeEvent = { ...c, origin };
      for (const l of [...this.listeners]) {
        try {
          l(e);
        } catch {
          // A failing listener must not undo a committed edit nor starve the others.
        }
      }
    }
  }
}

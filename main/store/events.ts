import type { ChangeEvent } from './types';

export type ChangeListener = (event: ChangeEvent) => void;

/**
 * Change events, delivered only after the transaction that caused them committed: inside
 * a transaction they are queued, and dropped if it rolls back.
 */
export class ChangeBus {
  private listeners = new Set<ChangeListener>();
  private queue: ChangeEvent[] | null = null;
  private depth = 0;

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChangeEvent): void {
    if (this.queue) {
      // One event per quote and kind of change, carrying the newest generation.
      const same = this.queue.findIndex(
        (e) => e.quoteId === event.quoteId && e.what === event.what,
      );
      if (same < 0) this.queue.push(event);
      else if (event.generation !== undefined) this.queue[same] = event;
      return;
    }
    this.deliver([event]);
  }

  /** Runs `fn` (which must commit or throw) with events held until it returns. */
  hold<T>(fn: () => T): T {
    const outer = this.depth === 0;
    if (outer) this.queue = [];
    const mark = this.queue?.length ?? 0;
    this.depth++;
    let ok = false;
    try {
      const r = fn();
      ok = true;
      return r;
    } finally {
      this.depth--;
      if (!ok && !outer) this.queue?.splice(mark);
      if (outer) {
        const events = this.queue ?? [];
        this.queue = null;
        if (ok) this.deliver(events);
      }
    }
  }

  private deliver(events: ChangeEvent[]): void {
    for (const e of events) {
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

// A field committed as it is typed: what is on screen is on disk within a frame, so nothing
// typed is lost if the app dies. One call per field is in flight at a time (calls can
// overtake each other on the bridge, and an older value must never land last); keystrokes
// typed meanwhile go in the next call, which sends the latest value. Every call of one visit
// of the field (focus to blur) carries the same key, so the visit is one undo step. Leaving a
// field the visit changed tells sync to send the quote's edits now, not after its settle window.
import { ipc } from '../ipc';

let visits = 0;

function newVisit(): string {
  visits += 1;
  return `${Date.now().toString(36)}-${visits}-${Math.random().toString(36).slice(2, 8)}`;
}

export class LiveField {
  private inFlight: Promise<void> | null = null;
  private again = false;
  private visit: string | null = null;
  private send: (visit: string) => Promise<void> = async () => {};
  /** The latest value typed: what the next call sends. */
  value = '';

  /** True while the field has the focus: what is typed stays as typed (e.g. "24.50"). */
  focused = false;

  /** A new visit of the field: its edits become a new undo step. */
  enter(): void {
    this.visit = null;
    this.focused = true;
  }

  /**
   * The field was left. If this visit committed anything, sync is told once, after the last
   * commit has landed (main must hold the edit first, or it would wait out the settle window):
   * the commit a blur itself sends, right after `leave`, included.
   */
  leave(quoteId: string): void {
    this.focused = false;
    queueMicrotask(() => {
      if (this.visit === null) return;
      void this.landed()
        .then(() => ipc().call('sync.flushQuote', { quoteId }))
        .catch(() => {}); // only sooner: unsent, the edits go when the settle window ends
    });
  }

  private async landed(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => {});
  }

  /**
   * Commits `value` now, or right after the call in flight. `send` commits the field's latest
   * `value` under `visit`; the latest one given is the one used.
   */
  push(value: string, send: (visit: string) => Promise<void>): Promise<void> {
    this.value = value;
    this.send = send;
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.visit ??= newVisit();
    const visit = this.visit;
    const run = (async () => {
      try {
        await this.send(visit);
      } finally {
        this.inFlight = null;
      }
      if (this.again) {
        this.again = false;
        await this.push(this.value, this.send);
      }
    })();
    this.inFlight = run;
    return run;
  }
}

// The engine's side of the background fill (fill.ts): starts it after a pull that left
// stubs, says in the status how far listing and downloading have come, and keeps status
// events to a few a second while thousands of quotes land.
import type { SyncStatus } from '../../common/ipc';
import type { RemoteAggregate } from '../store';
import type { Failure } from './errors';
import { Fill, type FillReport, type FillStore } from './fill';
import type { SyncApi, SyncStore } from './ports';

export interface FillDriverOptions {
  api: SyncApi;
  store: FillStore & {
    readonly sync: Pick<SyncStore['sync'], 'stubCount' | 'serverQuoteIds' | 'listedOnlyCount'>;
  };
  window?: number;
  afterImport?(quoteId: string, remote: RemoteAggregate): Promise<void>;
  /** After a fill that left no stub: the attachments for offline preview (previews.ts). */
  previews?(stopped: () => boolean): Promise<unknown>;
  /** Previews are waiting (e.g. the budget was raised, or a restart). */
  previewsWaiting?(): boolean;
  /** The status changed (called at most every `emitEveryMs`). */
  changed(): void;
  /** The fill stopped on a transient failure (offline, 5xx): the next cycle starts it again. */
  failed(f: Failure): void;
  emitEveryMs?: number;
  /** How long the fill may hold the event loop in one turn (fill.ts, turns.ts). */
  turnBudgetMs?(): number;
}

type FillView = NonNullable<SyncStatus['fill']>;

export class FillDriver {
  private readonly fill: Fill;
  private view: FillView | null = null;
  private running: Promise<FillReport> | null = null;
  private lastEmit = 0;
  private emitTimer: NodeJS.Timeout | null = null;
  private paused = false;

  constructor(private readonly opts: FillDriverOptions) {
    this.fill = new Fill({
      api: opts.api,
      store: opts.store,
      window: opts.window,
      ...(opts.turnBudgetMs ? { turnBudgetMs: opts.turnBudgetMs } : {}),
      onQuote: (_id, action) => {
        if (this.view) {
          if (action === 'imported') this.view.held++;
          else this.view.total--;
        }
        this.soon();
      },
      ...(opts.afterImport ? { afterImport: opts.afterImport } : {}),
    });
  }

  /**
   * A list page of a listing that lists quotes not held yet landed: `listed` of the server's
   * `total` entries so far. Nothing is counted in the store per page (a 1,000-page listing
   * would add up); `held` is counted when the fill starts.
   */
  listed(listed: number, total: number): void {
    this.view = { listed, total, held: this.view?.held ?? 0, listComplete: listed >= total };
    this.soon();
  }

  /**
   * Starts the fill when stubs are waiting (one run at a time): its promise, or null when
   * there is nothing to fill. The listing is complete when this is called after a pull.
   */
  start(): Promise<FillReport> | null {
    if (this.running) return this.running;
    const stubs = this.opts.store.sync.stubCount();
    if (stubs === 0 && !this.fill.waiting) {
      if (this.view) {
        this.view = null;
        this.opts.changed();
      }
      if (!this.opts.previews || !this.opts.previewsWaiting?.()) return null;
      this.paused = false;
      const none: FillReport = { imported: 0, removed: 0, failed: {}, retry: null };
      this.running = this.opts
        .previews(() => this.paused)
        .then(
          () => {
            this.running = null;
            return none;
          },
          () => {
            this.running = null;
            return none;
          },
        );
      return this.running;
    }
    // What is to be held: every quote but those only listed (downloaded when opened).
    const total =
      (this.view?.total ?? this.opts.store.sync.serverQuoteIds().size) -
      this.opts.store.sync.listedOnlyCount();
    this.view = { listed: total, total, held: Math.max(0, total - stubs), listComplete: true };
    this.opts.changed();
    this.paused = false;
    this.running = this.fill.run().then(
      async (r) => {
        if (r.retry) this.opts.failed(r.retry);
        if (this.opts.store.sync.stubCount() === 0) {
          this.view = null;
          this.flush();
          if (!r.retry) await this.opts.previews?.(() => this.paused);
        }
        this.running = null;
        this.flush();
        return r;
      },
      (e: unknown) => {
        this.running = null;
        this.flush();
        throw e;
      },
    );
    return this.running;
  }

  /** More stubs were queued: a running fill takes them too (its total follows); else it starts. */
  more(): Promise<FillReport> | null {
    if (!this.running) return this.start();
    if (this.view) {
      const left = this.opts.store.sync.stubCount();
      this.view.total = this.view.held + left;
      this.soon();
    }
    return this.running;
  }

  prioritize(quoteId: string): void {
    this.fill.prioritize(quoteId);
  }

  /** No further quote is taken; resolves when those in flight have landed. */
  async pause(): Promise<void> {
    this.paused = true;
    if (this.emitTimer) clearTimeout(this.emitTimer);
    this.emitTimer = null;
    await this.fill.stop();
    await this.running?.catch(() => {});
  }

  status(): { fill?: FillView } {
    return this.view ? { fill: { ...this.view } } : {};
  }

  private soon(): void {
    const every = this.opts.emitEveryMs ?? 250;
    const wait = this.lastEmit + every - Date.now();
    if (wait <= 0) return this.flush();
    this.emitTimer ??= setTimeout(() => {
      // A timer has no caller to hand an error to: a status that cannot be read now (the store
      // closed under a pending emit) is simply not told; the next change tells it again.
      try {
        this.flush();
      } catch {
        this.emitTimer = null;
      }
    }, wait);
  }

  private flush(): void {
    if (this.emitTimer) clearTimeout(this.emitTimer);
    this.emitTimer = null;
    this.lastEmit = Date.now();
    this.opts.changed();
  }
}

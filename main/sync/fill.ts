// The background fill: after a pull listed quotes this computer does not hold yet (stored as
// list-entry stubs, main/store/syncing/stubs.ts), the full aggregates of the queued ones (own, recent,
// or all when every quote is kept offline: pull.ts) are read here, the most recently changed
// first; a quote the user opens — queued or only listed — jumps the queue. Each aggregate replaces its
// stub whole (`importRemote`), so a crash or a lost connection leaves whole quotes and stubs,
// never half of one, and the next fill goes on from the stubs that are left. Aggregates that
// arrive in the same turn of the event loop land in one transaction: a commit per quote wrote
// the same index pages again for every quote, and the WAL and its checkpoints grew with them.
// The window's calls are answered on the same event loop: the fill holds it for a turn's
// budget at most (turns.ts: ~1 ms while the salesperson edits), then goes on in the next turn.
//
// What bounds it is latency, not the server: a quote costs two round trips (the quote, then
// its sections and access list together), so the fill keeps many quotes in flight — over
// HTTP/2 they share one connection. A 429 halves the window and holds every worker for the
// server's Retry-After; the window then grows back one quote at a time.
import type { StubRef } from '../store';
import type { RemoteAggregate } from '../store';
import { readAggregate } from './aggregate';
import { failureOf, type Failure } from './errors';
import type { SyncApi, SyncStore } from './ports';
import { QUIET_TURN_MS, Turns } from './turns';

export type FillStore = Pick<SyncStore, 'getQuote' | 'purgeQuote' | 'transaction'> & {
  readonly sync: Pick<SyncStore['sync'], 'listStubs' | 'stubCount' | 'importRemote' | 'isStub'>;
};

export interface FillOptions {
  api: SyncApi;
  store: FillStore;
  /** Quotes read at the same time at most. Default 192. */
  window?: number;
  /** After each quote (imported or gone). */
  onQuote?(quoteId: string, action: 'imported' | 'removed'): void;
  /** After a quote was imported, with the aggregate it was imported from. */
  afterImport?(quoteId: string, remote: RemoteAggregate): Promise<void>;
  /** Waits `ms` (tests hand in their own clock). */
  sleep?(ms: number): Promise<void>;
  /**
   * How long the fill may hold the event loop in one turn (turns.ts; the engine's is shorter
   * while the salesperson edits). Default 12 ms.
   */
  turnBudgetMs?(): number;
}

export interface FillReport {
  imported: number;
  removed: number;
  /** Quotes the server refused to show (kept as stubs, tried again by the next fill). */
  failed: Record<string, string>;
  /** Set when the fill stopped on a transient failure (offline, 5xx, timeout). */
  retry: Failure | null;
}

const BATCH = 500;
/**
 * A quote's two round trips took ~180 ms with 64 in flight (the server's queue and the app's
 * own turns added to the link's 100 ms): 64 left the app idle half the fill, and so did 96 on
 * a faster machine — a large partner's 14,095 own and recent quotes held 33.8 s after signing
 * in with 96, 23 s with 192 (20 s with 384, past the point where the app's own CPU is the
 * limit). What arrives together lands a turn's budget at a time (turns.ts), so a larger
 * window makes no longer landing, only more of them; a 429 halves it.
 */
const DEFAULT_WINDOW = 192;
/** The longest a 429 holds the fill when the server names no Retry-After. */
const DEFAULT_HOLD_MS = 1000;

export class Fill {
  private readonly max: number;
  private window: number;
  private active = 0;
  private first: string[] = [];
  private queue: StubRef[] = [];
  private taken = new Set<string>();
  private skip = new Set<string>();
  private holdUntil = 0;
  private stopped = false;
  private running: Promise<FillReport> | null = null;
  private landing: Landing[] = [];
  private readonly turns: Turns;

  constructor(private readonly opts: FillOptions) {
    this.max = Math.max(1, opts.window ?? DEFAULT_WINDOW);
    this.window = this.max;
    this.turns = new Turns(opts.turnBudgetMs ?? (() => QUIET_TURN_MS));
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  /** Whether a quote the user opened waits to be read. */
  get waiting(): boolean {
    return this.first.length > 0;
  }

  /** The user opened this quote: read it before any other. */
  prioritize(quoteId: string): void {
    if (this.first.includes(quoteId)) return;
    this.first.unshift(quoteId);
    this.skip.delete(quoteId);
  }

  /** Runs until no stub is left (or a transient failure); one run at a time. */
  run(): Promise<FillReport> {
    this.stopped = false;
    this.running ??= this.fill().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** No quote is taken any more; resolves when those in flight have landed. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** The next quote to read, with its server id (the queue's stubs carry it). */
  private next(): Taken | undefined {
    const { store } = this.opts;
    while (this.first.length) {
      const id = this.first.shift()!;
      if (this.taken.has(id)) continue;
      const q = store.getQuote(id);
      if (q?.stub) return { quoteId: id, serverId: q.serverId };
    }
    for (let refilled = false; ; refilled = true) {
      while (this.queue.length) {
        const s = this.queue.shift()!;
        if (!this.taken.has(s.quoteId) && !this.skip.has(s.quoteId)) return s;
      }
      if (refilled) return undefined;
      this.queue = store.sync.listStubs(BATCH + this.taken.size + this.skip.size);
    }
  }

  private async fill(): Promise<FillReport> {
    const report: FillReport = { imported: 0, removed: 0, failed: {}, retry: null };
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    this.queue = [];
    this.skip.clear();
    const one = async ({ quoteId, serverId }: Taken): Promise<void> => {
      const { store, api } = this.opts;
      // Imported by a pull or deleted since it was queued: nothing to read.
      if (!serverId || !store.sync.isStub(quoteId)) return;
      try {
        const agg = await readAggregate(api, serverId, undefined, undefined, () =>
          this.turns.turn(),
        );
        const landed = await this.land(() => {
          // Opened, imported by a pull or deleted meanwhile: only a stub is replaced here.
          if (!store.sync.isStub(quoteId)) return 'passed';
          if (!agg) {
            store.purgeQuote(quoteId);
            return 'removed';
          }
          store.sync.importRemote(agg);
          return 'imported';
        });
        if (landed === 'passed') return;
        if (landed === 'removed') {
          report.removed++;
          this.opts.onQuote?.(quoteId, 'removed');
          return;
        }
        report.imported++;
        this.opts.onQuote?.(quoteId, 'imported');
        if (this.window < this.max) this.window++;
        if (agg) await this.opts.afterImport?.(quoteId, agg);
      } catch (e) {
        const f = failureOf(e);
        if (!f) throw e;
        if (f.status === 429) {
          // Too fast for the server: fewer at a time, everyone waits, this one goes again.
          this.window = Math.max(1, Math.floor(this.window / 2));
          this.holdUntil = Math.max(
            this.holdUntil,
            Date.now() + (f.retryAfterMs ?? DEFAULT_HOLD_MS),
          );
          this.first.push(quoteId);
          return;
        }
        if (f.transient) {
          report.retry ??= f;
          return;
        }
        report.failed[quoteId] = f.message;
        this.skip.add(quoteId);
      }
    };
    let drained = false;
    const worker = async (): Promise<void> => {
      for (;;) {
        if (this.stopped || report.retry) return;
        const wait = this.holdUntil - Date.now();
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        if (this.active >= this.window) {
          if (drained && !this.first.length) return;
          await sleep(20);
          continue;
        }
        // Sending a request costs the loop too: a window's worth at once would hold it.
        await this.turns.turn();
        if (this.stopped || report.retry || this.active >= this.window) continue;
        const t = this.next();
        if (t === undefined) {
          drained = true;
          return;
        }
        this.taken.add(t.quoteId);
        this.active++;
        try {
          await one(t);
        } finally {
          this.active--;
          this.taken.delete(t.quoteId);
        }
      }
    };
    await Promise.all(Array.from({ length: this.max }, worker));
    return report;
  }

  /**
   * Runs `step` in the transaction of what lands in this turn of the event loop, as much as the
   * turn's budget allows; the rest lands in the next turn (the window's calls waiting between).
   */
  private land(step: () => Landed): Promise<Landed> {
    return new Promise<Landed>((resolve, reject) => {
      this.landing.push({ step, resolve, reject });
      if (this.landing.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const waiting = this.landing;
    if (!waiting.length) return;
    const { store } = this.opts;
    let taken = 0;
    let results: Landed[];
    try {
      this.turns.spent(); // a turn of its own counts from here
      results = store.transaction(() => {
        const out: Landed[] = [];
        // At least one a turn, so the fill always moves on.
        do out.push(waiting[taken++]!.step());
        while (taken < waiting.length && !this.turns.spent());
        return out;
      });
    } catch {
      // One of them failed: each again on its own, so the others land and the failure is its own.
      const batch = waiting.splice(0, taken);
      this.nextTurn();
      for (const l of batch) {
        try {
          l.resolve(store.transaction(l.step));
        } catch (e) {
          l.reject(e);
        }
      }
      return;
    }
    const batch = waiting.splice(0, taken);
    this.nextTurn();
    batch.forEach((l, i) => l.resolve(results[i]!));
  }

  /** What did not fit in this turn lands in the next. */
  private nextTurn(): void {
    if (this.landing.length) setImmediate(() => this.flush());
  }
}

type Landed = 'imported' | 'removed' | 'passed';

/** A quote taken from the queue: its local id and the server id to read it by. */
interface Taken {
  quoteId: string;
  serverId: string | null;
}

interface Landing {
  step: () => Landed;
  resolve(r: Landed): void;
  reject(e: unknown): void;
}

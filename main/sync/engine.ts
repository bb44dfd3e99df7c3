// The sync engine: pushes dirty quotes (bounded parallelism across quotes, strict order
// within one), pulls remote changes, backs off while offline (timers, never a busy loop),
// and reports progress and per-quote state.
import { randomUUID } from 'node:crypto';
import type { SyncStatus } from '../../common/ipc';
import type { Failure } from './errors';
import { failureOf, failureWords } from './errors';
import { syncView, type SyncStore } from './ports';
import { KEEP_ALL_OFFLINE, pull, type PullReport } from './pull';
import { FillDriver } from './fill-driver';
import { downloadPreviews, previewsWaiting, queuePreviews } from './previews';
import { downloadMissingFiles, syncQuote, type RoundResult } from './push';
import type { RoundContext } from './ports';
import { cycleDelay, ENGINE_BACKOFF, settleWait } from './backoff';
import type { EngineOptions, LoopState, Phase, Wake } from './engine-state';
import { editsWaiting } from './engine-state';
import { turnBudget } from './turns';

export type { EngineOptions } from './engine-state';

export type EngineEvent =
  | { type: 'status'; status: SyncStatus }
  | { type: 'progress'; done: number; total: number; quoteId?: string; step?: string };

export interface CycleReport {
  pushed: string[];
  results: Record<string, RoundResult['state']>;
  conflicts: string[];
  errors: Record<string, string>;
  /** Set when the cycle stopped on a transient failure (offline, 5xx, 429). */
  retry: Failure | null;
  pull: PullReport | null;
}

export class SyncEngine {
  private listeners = new Set<(e: EngineEvent) => void>();
  private readonly ctx: RoundContext;
  private readonly parallelism: number;
  private state: LoopState = {
    phase: { kind: 'stopped' },
    paused: false,
    failures: 0,
    online: true,
  };
  private lastSyncAt: string | undefined;
  private lastError: string | undefined;
  /** The last failure as the transport said it (request and system code): for the log only. */
  private lastFailure: string | undefined;
  private loop: Promise<void> | null = null;
  /** Quotes parked on a conflict or an error, with what would make them worth a new try. */
  private parked = new Map<string, string>();
  private progress: { done: number; total: number } | undefined;
  private filesCollectedAt = -Infinity;
  /** When the last pull ended well: a cycle woken by an edit pulls only once it is this old. */
  private pulledAt = -Infinity;
  /** What woke the next cycle of the loop (null: the timer, a start or a resume). */
  private wokenBy: Wake | null = null;
  /** Quotes listed before their aggregates, read in the background (fill.ts). */
  private readonly fill: FillDriver;
  /** When the salesperson last edited (Date.now()): the fill yields the loop sooner meanwhile. */
  private lastEditAt = -Infinity;

  /** The store with its sync side (ports.ts `syncView`). */
  private readonly store: SyncStore;

  constructor(private readonly opts: EngineOptions) {
    this.store = syncView(opts.store);
    this.parallelism = Math.max(1, opts.parallelism ?? 4);
    this.ctx = {
      api: opts.api,
      store: this.store,
      newId: opts.newId ?? randomUUID,
      sectionsByPut: { value: true },
      onStep: (quoteId, step) =>
        this.emit({ type: 'progress', ...(this.progress ?? { done: 0, total: 0 }), quoteId, step }),
    };
    this.fill = new FillDriver({
      api: opts.api,
      store: this.store,
      window: opts.fillWindow,
      turnBudgetMs: opts.fillTurnBudgetMs ?? turnBudget(() => this.lastEditAt),
      afterImport: async (quoteId, remote) => queuePreviews(this.store, quoteId, remote),
      previews: (stopped) => downloadPreviews(this.ctx, this.store, stopped).catch(() => 0),
      previewsWaiting: () => previewsWaiting(this.store),
      changed: () => this.emitStatus(),
      failed: (f) => {
        this.state.online = !f.offline;
        this.lastError = failureWords(f);
        this.lastFailure = f.message;
        this.emitStatus();
      },
    });
  }

  on(listener: (e: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: EngineEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch {
        // a listener's failure is not the engine's
      }
    }
  }

  /** What the transport said of the last failure, for the log (never shown: it is not words). */
  failureDetail(): string | undefined {
    return this.lastError ? this.lastFailure : undefined;
  }

  status(): SyncStatus {
    // The store may have failed (damaged, gone): answered without the counts it cannot read.
    let dirty: ReturnType<SyncStore['sync']['listDirty']> = [];
    try {
      dirty = this.store.sync.listDirty();
    } catch (e) {
      this.lastError ??= e instanceof Error ? e.message : String(e);
    }
    const conflicts = dirty.filter((d) => d.syncState === 'conflict').length;
    const errors = dirty.filter((d) => d.syncState === 'error').length;
    return {
      available: true,
      online: this.state.online,
      paused: this.state.paused,
      running: this.state.phase.kind === 'cycling',
      pendingCount: dirty.length - conflicts - errors,
      conflictCount: conflicts,
      errorCount: errors,
      ...(this.lastSyncAt ? { lastSyncAt: this.lastSyncAt } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(this.progress ? { progress: this.progress } : {}),
      ...this.fill.status(),
    };
  }

  /** Never throws: it is called from the loop's own error path and from timers. */
  private emitStatus(): void {
    try {
      this.emit({ type: 'status', status: this.status() });
    } catch {
      // Nobody can be told now; the next status (a cycle, a poll of `status()`) will.
    }
  }

  private parkKey(quoteId: string): string | null {
    const q = this.store.getQuote(quoteId);
    return q ? `${q.generation}:${q.openConflicts}:${q.deleted}` : null;
  }

  /** Quotes worth a round now: dirty or journalled, unless parked with nothing new. */
  private candidates(force: boolean): string[] {
    const { store } = this;
    const ids = new Set<string>(store.sync.listDirty().map((d) => d.id));
    for (const j of store.sync.listJournal({})) if (j.quoteId) ids.add(j.quoteId);
    return [...ids].filter((id) => {
      if (force) return true;
      const was = this.parked.get(id);
      return was === undefined || was !== this.parkKey(id);
    });
  }

  /**
   * One cycle: push every pending quote, then pull. Quotes the pull only listed are read by
   * the background fill, which this waits for unless `background` (the engine's own loop).
   */
  async syncOnce(force = false, background = false, withPull = true): Promise<CycleReport> {
    const report: CycleReport = {
      pushed: [],
      results: {},
      conflicts: [],
      errors: {},
      retry: null,
      pull: null,
    };
    // The loop's cycle (from `idle`) or a call while stopped: the phase says a cycle runs.
    const outer = this.state.phase;
    const mine: Phase = { kind: 'cycling', wake: null };
    if (outer.kind === 'stopped' || outer.kind === 'idle') this.state.phase = mine;
    const queue = this.candidates(force);
    this.progress = { done: 0, total: queue.length };
    this.emitStatus();
    // Paused: no quote is taken any more (a quote already in flight finishes its round), and
    // the cycle ends without its pull.
    let cutShort = false;
    const next = () => {
      if (report.retry) return undefined;
      if (this.state.paused) {
        cutShort ||= queue.length > 0;
        return undefined;
      }
      return queue.shift();
    };
    const worker = async () => {
      for (let id = next(); id !== undefined; id = next()) {
        const r = await syncQuote(id, this.ctx);
        report.pushed.push(id);
        report.results[id] = r.state;
        this.progress = { done: this.progress!.done + 1, total: this.progress!.total };
        if (r.state === 'retry') {
          report.retry ??= r.failure;
          continue;
        }
        if (r.state === 'conflict' || r.state === 'error') {
          const key = this.parkKey(id);
          if (key) this.parked.set(id, key);
          if (r.state === 'conflict') report.conflicts.push(id);
          else report.errors[id] = (r as { message: string }).message;
        } else this.parked.delete(id);
        this.emit({ type: 'progress', ...this.progress! });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.parallelism, queue.length) }, worker));
      if (!report.retry && this.state.paused && this.opts.pull !== false) cutShort = true;
      else if (!report.retry && this.opts.pull !== false && withPull)
        await this.pullAndFill(report, background);
    } finally {
      // Unless stopped meanwhile: back to where the cycle began, a wake-up kept.
      if (this.state.phase === mine)
        this.state.phase = outer.kind === 'idle' ? { kind: 'idle', wake: mine.wake } : outer;
      this.progress = undefined;
    }
    this.state.online = !report.retry?.offline;
    if (report.retry) {
      this.lastError = failureWords(report.retry);
      this.lastFailure = report.retry.message;
    } else if (!cutShort) {
      this.lastSyncAt = new Date().toISOString();
      this.lastError = undefined;
      this.lastFailure = undefined;
    }
    this.emitStatus();
    return report;
  }

  /**
   * The cycle's pull, then the background fill of the quotes it only listed: awaited (and
   * counted in the report) unless `background`.
   */
  private async pullAndFill(report: CycleReport, background: boolean): Promise<void> {
    try {
      report.pull = await pull({
        api: this.opts.api,
        store: this.store,
        knownServerQuotes: this.opts.knownServerQuotes ?? (() => knownServerQuotes(this.store)),
        onStep: (step) => this.emit({ type: 'progress', ...this.progress!, step }),
        parallelism: this.parallelism,
        onListed: (listed, total) => this.fill.listed(listed, total),
        afterImport: (quoteId) => downloadMissingFiles(quoteId, this.ctx),
      });
    } catch (e) {
      const f = failureOf(e);
      if (!f) throw e;
      report.retry = f;
    }
    if (!report.pull) return;
    this.pulledAt = Date.now();
    const filled = this.fill.start();
    if (filled && !background) {
      const f = await filled;
      report.pull.imported += f.imported;
      report.pull.removed += f.removed;
      report.retry ??= f.retry;
    } else
      filled?.catch((e: unknown) => {
        this.lastError = e instanceof Error ? e.message : String(e);
        // Once stopped, the session's store may be closed: nobody listens any more.
        if (!this.stopped) this.emitStatus();
      });
  }

  /** Idle housekeeping: files no row refers to go (never fails the loop). */
  private collectFiles(): void {
    const every = this.opts.collectFilesEveryMs ?? 600_000;
    if (every <= 0 || Date.now() - this.filesCollectedAt < every) return;
    this.filesCollectedAt = Date.now();
    try {
      this.store.collectGarbage({ olderThanMs: this.opts.filesGraceMs ?? 600_000 });
    } catch {
      // Housekeeping only: the next idle moment tries again.
    }
  }

  /** Runs cycles until stopped: after a transient failure with backoff, else every pullInterval. */
  start(): void {
    if (this.state.phase.kind !== 'stopped') return;
    this.state.phase = { kind: 'idle', wake: null };
    this.loop = this.runGuarded();
  }

  private get stopped(): boolean {
    return this.state.phase.kind === 'stopped';
  }

  /** The wake-up kept while idle, taken (the phase keeps none). */
  private takeWake(): Wake | null {
    const p = this.state.phase;
    if (p.kind !== 'idle') return null;
    this.state.phase = { kind: 'idle', wake: null };
    return p.wake;
  }

  private get backoff(): { baseMs: number; maxMs: number } {
    const { backoffBaseMs: base, backoffMaxMs: max } = this.opts;
    return { baseMs: base ?? ENGINE_BACKOFF.baseMs, maxMs: max ?? ENGINE_BACKOFF.maxMs };
  }

  // The loop kept alive: what escapes a cycle's error path is said, then a backoff.
  private async runGuarded(): Promise<void> {
    for (;;) {
      try {
        return await this.run();
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
        this.emitStatus();
        if (this.stopped) return;
        this.state.failures++;
        await this.sleep(cycleDelay(this.state.failures, this.backoff, this.opts.random, 0));
        if (this.stopped) return;
      }
    }
  }

  private async run(): Promise<void> {
    let force = false;
    while (!this.stopped) {
      if (this.state.paused) {
        await this.sleep(null);
        continue;
      }
      let report: CycleReport | null = null;
      // Whatever is dirty now is in this cycle; only wake-ups from here on ask for another.
      // A cycle an edit woke sends it; the list is pulled on its own schedule.
      const wake = this.takeWake();
      force ||= wake === 'runNow';
      const edit = editsWaiting(wake ?? this.wokenBy);
      this.wokenBy = null;
      const pullIntervalMs = this.opts.pullIntervalMs ?? 60_000;
      const withPull = !edit || Date.now() - this.pulledAt >= pullIntervalMs;
      try {
        report = await this.syncOnce(force, true, withPull);
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
        this.emitStatus();
      }
      force = false;
      if (this.stopped) break;
      let delay = pullIntervalMs;
      if (!report || report.retry) {
        this.state.failures++;
        const retryAfterMs = report?.retry?.retryAfterMs ?? 0;
        delay = cycleDelay(this.state.failures, this.backoff, this.opts.random, retryAfterMs);
      } else this.state.failures = 0;
      if (report && !report.retry && report.pushed.length === 0) this.collectFiles();
      // Woken during the cycle: the edit or the "sync now" must not wait for the interval
      // (an edit made during a failed cycle waits out the backoff).
      const pending = this.takeWake();
      if ((force = pending === 'runNow')) continue;
      // A field left meanwhile: its edits go now, in a cycle of edits (no pull, none parked).
      if (pending === 'left' && this.state.failures === 0) {
        this.wokenBy = 'left';
        continue;
      }
      // Edits made meanwhile wait out the settle window: typing goes as one round.
      if (pending === 'changed' && this.state.failures === 0) {
        this.wokenBy = 'changed';
        force = await this.sleep(settleWait(Date.now(), this.opts), Date.now());
        continue;
      }
      force = await this.sleep(delay);
    }
  }

  /** Waits `ms` (null: until woken). True when woken (cut short), false when the time is up. */
  private sleep(ms: number | null, settleFrom: number | null = null): Promise<boolean> {
    return new Promise((resolve) => {
      const phase: Phase & { kind: 'sleeping' } = {
        kind: 'sleeping',
        timer: null,
        cut: (forced = true) => done(forced),
        settleFrom,
      };
      const done = (forced: boolean) => {
        if (phase.timer) clearTimeout(phase.timer);
        phase.timer = null;
        if (this.state.phase === phase) this.state.phase = { kind: 'idle', wake: null };
        resolve(forced);
      };
      if (ms !== null) phase.timer = setTimeout(() => done(false), ms);
      this.state.phase = phase;
    });
  }

  /**
   * A local edit happened: sync once the settle window is over (another edit within it waits
   * with it) — unless backing off, where only runNow cuts the wait.
   */
  notifyChanged(): void {
    this.lastEditAt = Date.now();
    const { phase, failures, paused } = this.state;
    if (failures !== 0 || paused || phase.kind === 'stopped') return;
    if (phase.kind === 'sleeping') {
      if (!phase.timer) return;
      clearTimeout(phase.timer);
      phase.settleFrom ??= Date.now();
      this.wokenBy ??= 'changed';
      phase.timer = setTimeout(phase.cut, settleWait(phase.settleFrom, this.opts));
    } else phase.wake ??= 'changed';
  }

  /** A field of this quote left: its edits go now, not after the settle window. Unlike `runNow`
   * no pull, parked quotes stay parked, and a pause or backoff (offline) holds. */
  flushQuote(quoteId: string): void {
    const { phase, failures, paused } = this.state;
    if (failures !== 0 || paused || !this.store.getQuote(quoteId)?.dirty) return;
    if (phase.kind === 'sleeping' && phase.settleFrom !== null && phase.timer) phase.cut(false);
    else if ((phase.kind === 'idle' || phase.kind === 'cycling') && phase.wake === 'changed')
      phase.wake = 'left';
  }

  runNow(): void {
    this.wokenBy = 'runNow';
    this.state.failures = 0;
    this.parked.clear();
    const phase = this.state.phase;
    if (phase.kind === 'sleeping') phase.cut();
    else if (phase.kind !== 'stopped') phase.wake = 'runNow';
  }

  /** The user opened this quote: when only its list entry is here, read it before any other. */
  opened(quoteId: string): void {
    // Queued for good: one only listed is held from now on, and one opened offline downloads
    // when the connection returns.
    const serverId = this.store.getQuote(quoteId)?.serverId;
    if (serverId) this.store.sync.queueStubs([serverId]);
    this.fill.prioritize(quoteId);
    if (!this.stopped && !this.state.paused) void this.fill.start()?.catch(() => {});
  }

  /**
   * "Keep all quotes offline": on, every quote only listed is queued for the background fill
   * (and so is every quote listed from now on); off, quotes listed from now on follow the
   * usual choice (own and recent ones), and those already downloaded stay.
   */
  keepAllOffline(on: boolean): void {
    this.store.setMeta(KEEP_ALL_OFFLINE, on);
    if (!on || this.store.sync.queueAllStubs() === 0) return;
    if (!this.stopped && !this.state.paused) void this.fill.more()?.catch(() => {});
  }

  pause(): void {
    this.state.paused = true;
    // The fill stops at its next request; pausing waits for nothing, and a stop has no error.
    void this.fill.pause().catch(() => {});
    this.emitStatus();
  }

  resume(): void {
    this.state.paused = false;
    if (!this.stopped) void this.fill.start()?.catch(() => {});
    this.emitStatus();
    const phase = this.state.phase;
    if (phase.kind === 'sleeping') phase.cut();
  }

  get isPaused(): boolean {
    return this.state.paused;
  }

  /**
   * Stops the loop once the round in flight ended. Edits still waiting out the settle window
   * go first (quitting sends what was typed, as "Sync now" would), unless paused or offline.
   */
  async stop(): Promise<void> {
    const phase = this.state.phase;
    const waiting =
      (phase.kind === 'sleeping' && phase.settleFrom !== null) ||
      ((phase.kind === 'idle' || phase.kind === 'cycling') && editsWaiting(phase.wake));
    this.state.phase = { kind: 'stopped' };
    if (phase.kind === 'sleeping') phase.cut();
    await this.fill.pause();
    await this.loop;
    this.loop = null;
    const { paused, failures, online } = this.state;
    if (waiting && !paused && failures === 0 && online)
      await this.syncOnce(false, true, false).catch(() => {});
  }
}

/** Every quote with a server id (one query over the store's quotes, no aggregate read). */
export function knownServerQuotes(store: SyncStore): Map<string, string> {
  return store.sync.serverQuoteIds();
}

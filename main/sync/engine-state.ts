// The engine's options and the one value its loop's state is (engine.ts moves it): the phase,
// with the wake-up kept and the sleep's timer and settle window inside the phases that have them.
import type { Store } from '../store';
import type { SyncApi, SyncStore } from './ports';

export interface EngineOptions {
  /** The store: the public surface the core holds, or the engine's view (tests, simulation). */
  store: Store | SyncStore;
  api: SyncApi;
  /** Quotes pushed at the same time. Default 4. */
  parallelism?: number;
  /** Pull this often (a cycle an edit woke pulls only if the last pull is older). 60 s. */
  pullIntervalMs?: number;
  /** Edits go once none came for this long, at most `settleMaxMs` after the first. 500 ms, 2 s. */
  settleMs?: number;
  settleMaxMs?: number;
  /** Backoff after a failed cycle (`backoff.ts`). Default 1 s … 5 min. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  newId?: () => string;
  /** Server id → local id of every quote the store holds with a server id. */
  knownServerQuotes?: () => Map<string, string>;
  /** Skip the pull in a cycle (tests of the push alone). */
  pull?: boolean;
  /** When idle (a cycle with nothing left to do), at most this often: remove attachment files
   * nothing refers to (left by interrupted downloads, deletes, crashes), written at least
   * `filesGraceMs` ago. Default 10 min each; 0 = never. */
  collectFilesEveryMs?: number;
  filesGraceMs?: number;
  /** Quotes the background fill reads at the same time at most (fill.ts). Default 192. */
  fillWindow?: number;
  /** How long the fill may hold the event loop in one turn (turns.ts). Default: 1 ms while
   * the salesperson edits (a local edit in the last 3 s), 12 ms otherwise. */
  fillTurnBudgetMs?: () => number;
}

/**
 * What woke the loop: a local edit (sent once the settle window is over), a field of an edited
 * quote left (its edits sent at once, as an edit's cycle), or the user's "sync now" (parked
 * quotes too, and the list).
 */
export type Wake = 'changed' | 'left' | 'runNow';

/** A wake-up that local edits are waiting on. */
export const editsWaiting = (w: Wake | null): boolean => w === 'changed' || w === 'left';

/**
 * Where the engine's loop is; each phase carries what only it needs.
 * - `stopped`: not started, or stopped;
 * - `idle`: started, between two cycles; `wake` keeps a wake-up that came meanwhile, and the
 *   next cycle runs at once instead of after a sleep;
 * - `cycling`: a cycle runs (the loop's, or a `syncOnce` call); `wake` as in `idle`;
 * - `sleeping`: until the timer (`timer` null: paused, until resumed) or `cut` (as woken, or
 *   with `forced` false as if the timer had ended: a field left ends the settle window so).
 */
export type Phase =
  | { kind: 'stopped' }
  | { kind: 'idle'; wake: Wake | null }
  | { kind: 'cycling'; wake: Wake | null }
  | {
      kind: 'sleeping';
      timer: NodeJS.Timeout | null;
      cut: (forced?: boolean) => void;
      settleFrom: number | null; // since when edits wait in it (the settle window)
    };

/**
 * The loop's state, one value. `paused` holds in every phase (a paused cycle finishes the
 * rounds in flight and takes no other quote); `failures` counts failed cycles in a row (the
 * backoff; while it is not 0 a local edit does not cut the wait short); `online`: how the
 * last cycle ended.
 */
export interface LoopState {
  phase: Phase;
  paused: boolean;
  failures: number;
  online: boolean;
}

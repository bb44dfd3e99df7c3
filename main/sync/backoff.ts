// How long the engine waits after a cycle that failed for a passing reason, and how often a
// round tries again. The per-call policy (a few quick retries of an idempotent request) is
// `api/retry.ts` (with `isTransientStatus`, which both use); this one is for the engine
// between cycles, once the client gave up.
export interface EngineBackoff {
  /** First wait after a failed cycle. */
  baseMs: number;
  /** No wait is longer (a Retry-After from the server aside). */
  maxMs: number;
}

/** 1 s, 2 s, 4 s … up to 5 min. */
export const ENGINE_BACKOFF: EngineBackoff = { baseMs: 1000, maxMs: 300_000 };

/**
 * Wait after the n-th failed cycle in a row (n ≥ 1): min(max, base × 2^(n−1)) × [0.5, 1)
 * (equal jitter: devices that went offline together come back apart, yet never sooner than
 * half the step), and never sooner than the server's Retry-After.
 */
export function cycleDelay(
  failures: number,
  policy: EngineBackoff,
  random: () => number = Math.random,
  retryAfterMs = 0,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.max(retryAfterMs, exp * (0.5 + random() / 2));
}

/** Rounds of one quote within a cycle after a refusal (each from a fresh read) before an error. */
export const ROUND_ATTEMPTS = 3;

/** Steps in one round before it is taken for not converging (a plan that never finishes). */
export const MAX_STEPS = 60;

/** How long local edits wait from now: the settle window, never past its end from `from`. */
export function settleWait(from: number, o: { settleMs?: number; settleMaxMs?: number }): number {
  const max = from + (o.settleMaxMs ?? 2_000) - Date.now();
  return Math.max(0, Math.min(o.settleMs ?? 500, max));
}

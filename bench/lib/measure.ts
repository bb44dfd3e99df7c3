export type Timing = {
  iterations: number;
  opsPerSecond: number;
  p50Micros: number;
  p99Micros: number;
  maxMicros: number;
};

/** Nearest rank: the smallest sample with at least p % of the samples at or below it. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Times `fn` after a warm-up (so the JIT has settled): throughput from an untimed loop, latency
 * percentiles from timing each call of a second loop. Both loops are bounded by a count and by
 * wall time so a slow machine still finishes.
 */
export function measure(
  fn: () => unknown,
  opts: { iterations?: number; warmup?: number; maxMillis?: number } = {},
): Timing {
  const iterations = opts.iterations ?? 20_000;
  const warmup = opts.warmup ?? Math.min(2_000, iterations);
  const deadline = performance.now() + (opts.maxMillis ?? 10_000);
  let sink: unknown;
  for (let i = 0; i < warmup; i += 1) sink = fn();

  let calls = 0;
  const started = process.hrtime.bigint();
  while (calls < iterations) {
    sink = fn();
    calls += 1;
    if ((calls & 1023) === 0 && performance.now() > deadline) break;
  }
  const elapsedSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  const samples = new Float64Array(iterations);
  let done = 0;
  const latencyDeadline = performance.now() + (opts.maxMillis ?? 10_000);
  while (done < iterations) {
    const t0 = process.hrtime.bigint();
    sink = fn();
    samples[done] = Number(process.hrtime.bigint() - t0) / 1_000;
    done += 1;
    if ((done & 1023) === 0 && performance.now() > latencyDeadline) break;
  }
  if (sink === Symbol.for('never')) console.error('unreachable'); // keeps `fn()` from being elided

  const sorted = samples.subarray(0, done).sort();
  return {
    iterations: done,
    opsPerSecond: calls / elapsedSeconds,
    p50Micros: percentile(sorted, 50),
    p99Micros: percentile(sorted, 99),
    maxMicros: sorted[done - 1] ?? 0,
  };
}

/**
 * The size knob of the suites that take one: `QUOTEDESK_BENCH_SCALE` (default 1) multiplies
 * their quote and edit counts, so a suite can be developed at 0.05 and run at full size.
 */
export function benchScale(): number {
  const raw = process.env.QUOTEDESK_BENCH_SCALE;
  const n = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`QUOTEDESK_BENCH_SCALE must be a positive number, not "${raw}"`);
  return n;
}

/** `full × scale`, rounded, and never below `min`. */
export function scaled(full: number, min = 1): number {
  return Math.max(min, Math.round(full * benchScale()));
}

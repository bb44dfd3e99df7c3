import type { Metric } from './types';

/** Rounds a figure for display and JSON: 3 significant decimals are plenty for a benchmark. */
function tidy(value: number): number {
  return Number.isInteger(value) ? value : Number(value.toPrecision(6));
}

/** A figure that must reach `min` (throughput and the like). */
export function atLeast(metric: string, value: number, unit: string, min: number): Metric {
  return { metric, value: tidy(value), unit, target: `≥ ${min}`, pass: value >= min };
}

/** A figure that must stay within `max` (latency, memory). */
export function atMost(metric: string, value: number, unit: string, max: number): Metric {
  return { metric, value: tidy(value), unit, target: `≤ ${max}`, pass: value <= max };
}

/** A figure reported without a target. */
export function info(metric: string, value: number, unit: string): Metric {
  return { metric, value: tidy(value), unit, target: '', pass: null };
}

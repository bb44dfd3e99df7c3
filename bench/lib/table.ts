import type { Metric } from './types';

export type SuiteResult = { suite: string; metrics: Metric[] };

const mark = (pass: boolean | null) => (pass === null ? '–' : pass ? 'pass' : 'FAIL');

function formatValue(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);
}

/** Figures and targets side by side, one row per metric. */
export function formatTable(results: SuiteResult[]): string {
  const header = ['suite', 'metric', 'value', 'unit', 'target', 'result'];
  const rows = results.flatMap(({ suite, metrics }) =>
    metrics.map((m) => [suite, m.metric, formatValue(m.value), m.unit, m.target, mark(m.pass)]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const numeric = new Set([2]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** One JSON object per metric and line, for machines. */
export function formatJsonLines(results: SuiteResult[]): string {
  return results
    .flatMap(({ suite, metrics }) =>
      metrics.map((m) =>
        JSON.stringify({
          suite,
          metric: m.metric,
          value: m.value,
          unit: m.unit,
          target: m.target,
          pass: m.pass,
        }),
      ),
    )
    .join('\n');
}

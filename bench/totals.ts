// Quote totals are recomputed on every edit in the app and on every write on the server; a
// 30-line quote (the API's limit) must cost far less than a 16 ms frame.
import { lineTotals, quoteTotals, type LineMoneyInput } from '../common/money';
import { atLeast, atMost, info, measure, type Metric, type SuiteOptions } from './lib';

export const description = 'money: quoteTotals over a full 30-line quote, lineTotals per line';

const TERMS = ['Monthly', 'Annual', '1 Year', '3 Year', 'One-Time', 'Activation', 'Trial'];

/** Prices as users and the API give them: at most 4 decimals. */
const fourDecimals = (x: number) => Math.round(x * 10_000) / 10_000;

function fullQuote(): LineMoneyInput[] {
  return Array.from({ length: 30 }, (_, i) => ({
    kind: i % 5 === 0 ? 'Custom' : i % 7 === 0 ? 'UsageBased' : 'Standard',
    billingTerm: TERMS[i % TERMS.length] ?? 'Monthly',
    price: fourDecimals(12.3456 + i * 101.0101),
    unitCost: fourDecimals(9.8765 + i * 77.0707),
    quantity: 1 + i * 137,
    initialTotal: i % 5 === 0 ? 250 + i : undefined,
  }));
}

export async function run({ log }: SuiteOptions): Promise<Metric[]> {
  const lines = fullQuote();
  log('quoteTotals over 30 lines');
  const quote = measure(() => quoteTotals(lines, 'USD'), { iterations: 20_000 });
  log('lineTotals');
  const single = lines[1] as LineMoneyInput;
  const line = measure(() => lineTotals(single, 'USD'), { iterations: 100_000 });
  return [
    atLeast('quoteTotals 30 lines', quote.opsPerSecond, 'ops/s', 5_000),
    atMost('quoteTotals 30 lines p99', quote.p99Micros, 'µs', 1_000),
    info('quoteTotals 30 lines p50', quote.p50Micros, 'µs'),
    atLeast('lineTotals', line.opsPerSecond, 'ops/s', 100_000),
    atMost('lineTotals p99', line.p99Micros, 'µs', 100),
  ];
}

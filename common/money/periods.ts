// Recurring money per billing period. A quote's recurringTotal adds up lines billed monthly,
// yearly and every two or three years; read as one sum it means nothing (neither a month's nor
// a year's charge), so every place a person reads recurring money shows it per period: the
// totals card, the proposal, the list and the pipeline. `recurringPerPeriod` is the one
// function that splits it; the periods add up to recurringTotal, recurringCost and
// recurringProfit exactly (they are sums of the same line cents).
import { marginPercent } from './margin';
import { sumCents } from './cents';
import { moneyKind } from './terms';
import { lineTotalsCents, type LineMoneyInput, type TotalsCents } from './totals';

/**
 * The periods of the spec's recurring billing terms, in the order they are shown: Monthly;
 * Annual and 1 Year (once a year); 2 Year; 3 Year (the catalogue spells the last two 2-Year
 * and 3-Year).
 */
export const RECURRING_PERIODS = ['monthly', 'annual', 'twoYear', 'threeYear'] as const;
export type RecurringPeriod = (typeof RECURRING_PERIODS)[number];

/** Recurring cents per billing period; periods without a line are absent. */
export type RecurringByPeriod = Partial<Record<RecurringPeriod, number>>;

/** One billing period's recurring money, in cents, with its margin in percent. */
export interface PeriodTotalsCents {
  period: RecurringPeriod;
  total: number;
  cost: number;
  profit: number;
  /** (total − cost) / total in percent, 2 decimals; undefined when the total is 0. */
  margin: number | undefined;
}

/** A line's billing term and its totals in cents (as `lineTotalsCents` gives them). */
export interface TermCents {
  billingTerm: string;
  cents: Pick<TotalsCents, 'recurringTotal' | 'recurringCost'>;
}

/** The billing period of a recurring term (both the quote and the pricing spellings). */
export function recurringPeriod(billingTerm: string): RecurringPeriod | null {
  if (moneyKind(billingTerm) !== 'recurring') return null;
  switch (billingTerm) {
    case 'Monthly':
      return 'monthly';
    case '2 Year':
    case '2-Year':
      return 'twoYear';
    case '3 Year':
    case '3-Year':
      return 'threeYear';
    default:
      // Annual, 1 Year, and any other recurring term the API may add: once a year.
      return 'annual';
  }
}

/**
 * Recurring total, cost, profit and margin per billing period of these lines, in the order of
 * RECURRING_PERIODS; a period appears when at least one recurring line is billed so (even at
 * no charge). Summed over the periods, total, cost and profit equal the quote's
 * recurringTotal, recurringCost and recurringProfit to the cent.
 */
export function recurringPerPeriod(lines: Iterable<TermCents>): PeriodTotalsCents[] {
  const totals = new Map<RecurringPeriod, number[]>();
  const costs = new Map<RecurringPeriod, number[]>();
  for (const l of lines) {
    const p = recurringPeriod(l.billingTerm);
    if (!p) continue;
    if (!totals.has(p)) {
      totals.set(p, []);
      costs.set(p, []);
    }
    totals.get(p)!.push(l.cents.recurringTotal);
    costs.get(p)!.push(l.cents.recurringCost);
  }
  return RECURRING_PERIODS.filter((p) => totals.has(p)).map((period) => {
    const total = sumCents(totals.get(period)!, 'recurringTotal');
    const cost = sumCents(costs.get(period)!, 'recurringCost');
    const profit = sumCents([total, -cost], 'recurringProfit');
    return { period, total, cost, profit, margin: marginPercent(total, cost) };
  });
}

/** `recurringPerPeriod` of money inputs (each line's cents by `lineTotalsCents`). */
export function recurringPerPeriodOfLines(lines: readonly LineMoneyInput[]): PeriodTotalsCents[] {
  return recurringPerPeriod(
    lines.map((l) => ({ billingTerm: l.billingTerm, cents: lineTotalsCents(l) })),
  );
}

/** The recurring totals of `recurringPerPeriod`'s periods, leaving out those that add to 0. */
export function totalsByPeriod(periods: readonly PeriodTotalsCents[]): RecurringByPeriod {
  const out: RecurringByPeriod = {};
  for (const p of periods) if (p.total !== 0) out[p.period] = p.total;
  return out;
}

/** Recurring cents per billing period of these lines (periods adding to 0 left out). */
export function recurringByPeriodCents(lines: readonly LineMoneyInput[]): RecurringByPeriod {
  return totalsByPeriod(recurringPerPeriodOfLines(lines));
}

// Recurring money per billing period. A quote's recurringTotal adds up lines billed monthly,
// yearly and every two or three years; read as one sum it means nothing, so the app shows it
// per period beside the API's recurringTotal. The periods add up to recurringTotal exactly
// (they are sums of the same line cents).
import { moneyKind } from './terms';
import { lineTotalsCents, type LineMoneyInput } from './totals';

export const RECURRING_PERIODS = ['monthly', 'annual', 'twoYear', 'threeYear'] as const;
export type RecurringPeriod = (typeof RECURRING_PERIODS)[number];

/** Recurring cents per billing period; periods without a line are absent. */
export type RecurringByPeriod = Partial<Record<RecurringPeriod, number>>;

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

/** Adds one line's recurring cents to `into` under its period. */
export function addRecurring(into: RecurringByPeriod, billingTerm: string, cents: number): void {
  const p = recurringPeriod(billingTerm);
  if (!p || cents === 0) return;
  into[p] = (into[p] ?? 0) + cents;
}

/** Recurring cents per billing period of these lines. */
export function recurringByPeriodCents(lines: readonly LineMoneyInput[]): RecurringByPeriod {
  const out: RecurringByPeriod = {};
  for (const l of lines) addRecurring(out, l.billingTerm, lineTotalsCents(l).recurringTotal);
  return out;
}

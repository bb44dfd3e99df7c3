// Recurring money per billing period, as a salesperson reads it: "$96.00 per month",
// "$3,720.00 per year". A monthly and a yearly amount added up mean nothing on their own.
import { RECURRING_PERIODS, type RecurringPeriod } from '../../common/money';
import { formatMoney } from './index';

export const PERIOD_LABEL: Record<RecurringPeriod, string> = {
  monthly: 'per month',
  annual: 'per year',
  twoYear: 'per 2 years',
  threeYear: 'per 3 years',
};

export const PERIOD_SHORT: Record<RecurringPeriod, string> = {
  monthly: '/mo',
  annual: '/yr',
  twoYear: '/2 yrs',
  threeYear: '/3 yrs',
};

/** The periods present, in order, with their amount (currency units). */
export function periodAmounts(
  byPeriod: Partial<Record<RecurringPeriod, number>> | undefined,
  scale = 1,
): { period: RecurringPeriod; amount: number }[] {
  if (!byPeriod) return [];
  return RECURRING_PERIODS.filter((p) => byPeriod[p] !== undefined && byPeriod[p] !== 0).map(
    (p) => ({ period: p, amount: byPeriod[p]! / scale }),
  );
}

/** "$96.00/mo · $3,720.00/yr" (amounts in currency units). */
export function periodsText(
  byPeriod: Partial<Record<RecurringPeriod, number>> | undefined,
  currency: string,
  scale = 1,
): string {
  return periodAmounts(byPeriod, scale)
    .map((x) => `${formatMoney(x.amount, currency)}${PERIOD_SHORT[x.period]}`)
    .join(' · ');
}

// Money and dates on the proposal, in the quote's currency and the salesperson's locale.
// Amounts arrive in integer cents (common/money); cents / 100 is the double that prints as
// the 2-decimal value, so formatting never moves a cent.
import {
  formatAmount,
  formatUnitAmount,
  recurringPeriod,
  type RecurringPeriod,
} from '../../common/money';
import { cachedIntl } from '../../common/format/cached-intl';

/** A locale Intl knows, else en-US: the locale comes from the UI and must never throw here. */
export function safeLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export function formatCents(cents: number, currency: string, locale: string): string {
  return formatAmount(cents / 100, currency, locale);
}

/** A unit price: 2 to 4 decimals, as the quote keeps it. */
export function formatUnit(amount: number, currency: string, locale: string): string {
  return formatUnitAmount(amount, currency, locale, 2);
}

export function formatQuantity(n: number, locale: string): string {
  return cachedIntl(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(n);
}

export function formatDay(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return cachedIntl(
    `dl|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
  ).format(d);
}

/** What a recurring amount is per: the line's suffix and the totals' label say the same. */
export const PERIOD_TEXT: Record<RecurringPeriod, string> = {
  monthly: 'per month',
  annual: 'per year',
  twoYear: 'per 2 years',
  threeYear: 'per 3 years',
};

/** What a recurring amount is per, from the billing term. */
export function periodOf(billingTerm: string): string {
  const p = recurringPeriod(billingTerm);
  return p ? PERIOD_TEXT[p] : 'recurring';
}

// Money and dates on the proposal, in the quote's currency and the salesperson's locale.
// Amounts arrive in integer cents (common/money); cents / 100 is the double that prints as
// the 2-decimal value, so formatting never moves a cent.
import { recurringPeriod, type RecurringPeriod } from '../../common/money';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A locale Intl knows, else en-US: the locale comes from the UI and must never throw here. */
export function safeLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

function currencyCode(c: string): string {
  return /^[A-Z]{3}$/.test(c) ? c : 'USD';
}

export function formatCents(cents: number, currency: string, locale: string): string {
  const code = currencyCode(currency);
  const f = cached(
    `m|${locale}|${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code }),
  );
  return f.format(cents / 100 + 0);
}

/** A unit price: up to 4 decimals, as the quote keeps it. */
export function formatUnit(amount: number, currency: string, locale: string): string {
  const code = currencyCode(currency);
  const f = cached(
    `u|${locale}|${code}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      }),
  );
  return f.format(amount + 0);
}

export function formatQuantity(n: number, locale: string): string {
  return cached(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(n);
}

export function formatDay(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return cached(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long' })).format(
    d,
  );
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

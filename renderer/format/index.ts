// Money, numbers and dates formatted for the user's locale with Intl (money through
// common/money, as the proposal). Formatters are cached (common/format/cached-intl.ts).
import { cachedIntl } from '../../common/format/cached-intl';
import { formatAmount, formatUnitAmount } from '../../common/money';

export function userLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** A money amount (major units, as on the wire) in its ISO 4217 currency. */
export function formatMoney(amount: number, currency = 'USD', locale = userLocale()): string {
  return formatAmount(amount, currency, locale);
}

/** A unit price or cost: up to 4 decimals, as the API keeps them. */
export function formatUnit(amount: number, currency = 'USD', locale = userLocale()): string {
  return formatUnitAmount(amount, currency, locale);
}

/** Integer minor units (cents) to display. */
export function formatMinor(minor: number, currency = 'USD', locale = userLocale()): string {
  return formatMoney(minor / 100, currency, locale);
}

export function formatNumber(n: number, locale = userLocale()): string {
  return cachedIntl(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(n);
}

/** A percentage given as 0–100, with up to two decimals. */
export function formatPercent(p: number | null | undefined, locale = userLocale()): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—';
  return cachedIntl(
    `p|${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(p / 100);
}

export function formatDate(iso: string | null | undefined, locale = userLocale()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return cachedIntl(
    `d|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
  ).format(d);
}

export function formatDateTime(iso: string | null | undefined, locale = userLocale()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return cachedIntl(
    `dt|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(d);
}

/** "3 minutes ago" style, for the last sync time. */
export function formatRelative(
  iso: string | null | undefined,
  now = Date.now(),
  locale = userLocale(),
): string {
  if (!iso) return 'never';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return 'never';
  const s = Math.round((t - now) / 1000);
  const rtf = cachedIntl(
    `r|${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const abs = Math.abs(s);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}

export function formatBytes(n: number, locale = userLocale()): string {
  // Intl spells the smallest unit out ("685 byte"); sizes read better as "685 B".
  if (n < 1024) return `${formatNumber(n, locale)} B`;
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return cachedIntl(
    `b|${locale}|${i}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: units[i],
        unitDisplay: 'short',
        maximumFractionDigits: i === 0 ? 0 : 1,
      }),
  ).format(v);
}

/** yyyy-mm-dd for <input type="date"> from an ISO timestamp: its date where the user is. */
export function isoToDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return localDateText(d);
}

/** The calendar date of an instant where the user is, as YYYY-MM-DD. */
export function localDateText(d: Date): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * <input type="date"> value to an ISO timestamp at the end of that day where the user is (the
 * last millisecond before the next day begins): a quote set to expire on Dec 1 is valid all
 * of Dec 1 in the salesperson's time zone, and reads as Dec 1 there.
 */
export function dateInputToIso(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(y, mo, d);
  // Years below 100 are taken as 19xx by the constructor; a date like 02-30 rolls over.
  day.setFullYear(y, mo, d);
  if (day.getMonth() !== mo || day.getDate() !== d) return null;
  const next = new Date(day);
  next.setFullYear(y, mo, d + 1);
  return new Date(next.getTime() - 1).toISOString();
}

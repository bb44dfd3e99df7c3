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

/** yyyy-mm-dd for <input type="date"> from an ISO timestamp (UTC day). */
export function isoToDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toISOString().slice(0, 10);
}

/** <input type="date"> value to an ISO timestamp at the end of that UTC day. */
export function dateInputToIso(v: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T23:59:59.000Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

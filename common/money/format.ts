// Money as people read it, in a currency and a locale, with Intl: the app's screens
// (renderer/format) and the proposal (main/proposal/format.ts) both print through here, so an
// amount reads the same on screen and on paper.
import { cachedIntl } from '../format/cached-intl';

/** An ISO 4217 code, else USD: a currency from a file or the server must never throw here. */
function currencyCode(c: string): string {
  return /^[A-Z]{3}$/.test(c) ? c : 'USD';
}

/** A money amount in major units (as on the wire), with the currency's own decimals. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const code = currencyCode(currency);
  const f = cachedIntl(
    `m|${locale}|${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code }),
  );
  // + 0 turns -0 (a negative amount rounded to nothing) into 0, so no "-$0.00".
  return f.format(amount + 0);
}

/**
 * A unit price or cost: up to 4 decimals, as the quote keeps it; at least `minDecimals`
 * (absent: the currency's own).
 */
export function formatUnitAmount(
  amount: number,
  currency: string,
  locale: string,
  minDecimals?: number,
): string {
  const code = currencyCode(currency);
  const f = cachedIntl(
    `u|${locale}|${code}|${minDecimals ?? ''}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        ...(minDecimals === undefined ? {} : { minimumFractionDigits: minDecimals }),
        maximumFractionDigits: 4,
      }),
  );
  return f.format(amount + 0);
}

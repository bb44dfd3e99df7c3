// Reading what people type into number fields, and writing amounts back into them: the one
// place the app turns text into amounts and amounts into field text. Both "1.5" and "1,5"
// mean one and a half. Thousands separators are read where they cannot be a decimal mark:
// "1,234.50" and "1.234,50" are both 1234.5, and so is "1,234,567" grouped; a lone "1,500"
// stays a decimal comma (1.5), as before, rather than being guessed.

import { LIMITS } from '../../common/api/limits';

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

export function parseQuantity(text: string): Parsed {
  const t = text.trim();
  if (!t) return { ok: false, error: 'Quantity is required' };
  if (!/^\d+$/.test(t)) return { ok: false, error: 'Quantity must be a whole number' };
  const n = Number(t);
  if (n < 1) return { ok: false, error: 'Quantity must be at least 1' };
  if (n > LIMITS.quantityMax) return { ok: false, error: 'Quantity is too large' };
  return { ok: true, value: n };
}

export function parseAmount(text: string, label = 'Price'): Parsed {
  const t = text.trim().replace(/\s/g, '');
  if (!t) return { ok: false, error: `${label} is required` };
  const normalized = ungroup(t);
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(normalized))
    return { ok: false, error: `${label} must be a number` };
  const [, frac = ''] = normalized.split('.');
  if (frac.length > 4) return { ok: false, error: `${label} may have at most 4 decimal places` };
  const n = Number(normalized);
  if (!Number.isFinite(n) || Math.abs(n) > 1_000_000_000)
    return { ok: false, error: `${label} is too large` };
  if (n < 0) return { ok: false, error: `${label} cannot be negative` };
  return { ok: true, value: n };
}

/** Grouped thousands ("1,234.50", "1.234,50", "1,234,567") and a decimal comma, as plain "1234.50". */
function ungroup(t: string): string {
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) && (t.includes('.') || t.split(',').length > 2))
    return t.replaceAll(',', '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t) && (t.includes(',') || t.split('.').length > 2))
    return t.replaceAll('.', '').replace(',', '.');
  return /^-?\d*,\d+$/.test(t) ? t.replace(',', '.') : t;
}

/**
 * A unit amount as field text, the way it can be typed again: at least the cents ("26.40",
 * never "26.4" beside "$19.80"), up to the 4 decimals the API keeps, no grouping.
 */
export function amountText(n: number): string {
  const r = Math.round(n * 10_000) / 10_000;
  const [whole, frac = ''] = String(r).split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/** A price to offer (a suggestion from cost and margin): whole cents, as a person quotes it. */
export function priceText(n: number): string {
  return amountText(Math.round(n * 100) / 100);
}

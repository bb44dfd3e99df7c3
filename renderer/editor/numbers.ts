// Parsing what people type into number fields. Both "1.5" and "1,5" mean one and a half;
// thousands separators are not accepted, so "1,500" is refused rather than guessed.

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

export function parseQuantity(text: string): Parsed {
  const t = text.trim();
  if (!t) return { ok: false, error: 'Quantity is required' };
  if (!/^\d+$/.test(t)) return { ok: false, error: 'Quantity must be a whole number' };
  const n = Number(t);
  if (n < 1) return { ok: false, error: 'Quantity must be at least 1' };
  if (n > 2_147_483_647) return { ok: false, error: 'Quantity is too large' };
  return { ok: true, value: n };
}

export function parseAmount(text: string, label = 'Price'): Parsed {
  const t = text.trim().replace(/\s/g, '');
  if (!t) return { ok: false, error: `${label} is required` };
  const normalized = /^-?\d*,\d+$/.test(t) ? t.replace(',', '.') : t;
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

/** A unit amount as the user would type it back: up to 4 decimals, no grouping. */
export function amountText(n: number): string {
  return String(Math.round(n * 10_000) / 10_000);
}

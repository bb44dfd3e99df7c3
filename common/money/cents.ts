// Integer-cent arithmetic on plain numbers, exact by construction: every step either stays
// within the safe-integer range (where IEEE arithmetic on integers is exact) or is redone in
// BigInt, and results beyond MAX_CENTS are refused rather than rounded.
import { divRoundHalfAway, toScaled } from './decimal';

/**
 * The largest amount held, in cents: 2^46 whole units. Up to there a double still tells every
 * cent apart (its spacing is below 0.01), so amounts survive JSON and `toCents` unchanged.
 */
export const MAX_CENTS = 2 ** 46 * 100;

export function checkCents(value: number | bigint, field: string): number {
  const n = Number(value);
  if (!(Math.abs(n) <= MAX_CENTS)) {
    throw new RangeError(`${field} is beyond the largest amount held (${value.toString()} cents)`);
  }
  return n + 0; // no -0
}

/** `value` as a safe integer of 10^-places units, rounded half away from zero. */
export function toScaledNumber(value: number, places: number, field: string): number {
  const n = Number(toScaled(value, places, field));
  if (!Number.isSafeInteger(n)) throw new RangeError(`${field} is too large (${String(value)})`);
  return n;
}

/** A decimal amount as integer cents, rounded half away from zero. */
export function toCents(amount: number, field = 'amount'): number {
  return checkCents(toScaled(amount, 2, field), field);
}

/** Integer cents as an amount with (at most) 2 decimals: the double nearest to cents/100. */
export function centsToAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS) {
    throw new RangeError(`cents must be a whole number within ±MAX_CENTS (got ${cents})`);
  }
  // Division is correctly rounded and below MAX_CENTS doubles are finer than a cent, so this
  // is the double that prints as the 2-decimal value.
  return cents / 100 + 0;
}

/** units (1/10^unitPlaces) × quantity, rounded half away from zero to cents. */
export function extendedCents(units: number, quantity: number, field: string): number {
  const product = units * quantity;
  if (Number.isSafeInteger(product)) {
    const abs = Math.abs(product);
    const rest = abs % 100;
    const cents = (abs - rest) / 100 + (rest >= 50 ? 1 : 0); // exact: integers below 2^53
    return checkCents(product < 0 ? -cents : cents, field);
  }
  return checkCents(divRoundHalfAway(BigInt(units) * BigInt(quantity), 100n), field);
}

/** a − b for amounts within ±MAX_CENTS; exact, since the true result is checked in range. */
export function subtractCents(a: number, b: number, field: string): number {
  return checkCents(a - b, field);
}

/** Exact sum of cent amounts: in doubles while the partial sums stay safe, else in BigInt. */
export function sumCents(values: readonly number[], field: string): number {
  let sum = 0;
  for (const v of values) {
    sum += v;
    if (!Number.isSafeInteger(sum)) {
      return checkCents(
        values.reduce((acc, x) => acc + BigInt(x), 0n),
        field,
      );
    }
  }
  return checkCents(sum, field);
}

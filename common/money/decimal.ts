// Exact decimal conversion of JavaScript numbers.
//
// A number is read through its shortest round-trip decimal form (what `String(x)` prints),
// not through its binary expansion: a user who types 1.005 means 1.005, although the double
// nearest to it is 1.00499999999999989… Multiplying by a power of ten in floating point would
// round that the wrong way, so the digits are scaled as text and the rest is BigInt arithmetic.

/** Integer division rounding half away from zero (`den` > 0). */
export function divRoundHalfAway(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError('divisor must be positive');
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return negative ? -q : q;
}

/** Splits a finite number into an exact decimal `digits × 10^-scale` (digits may be negative). */
export function toDecimal(value: number): { digits: bigint; scale: number } {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a finite decimal number: ${text}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const exp = Number(exponent);
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exp;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: sign === '-' ? -digits : digits, scale };
}

/** Below this magnitude a double's spacing is far finer than 10^-4, see `toScaled`. */
const FAST_LIMIT = 1e9;

/**
 * `value` as an integer count of 10^-places units, rounded half away from zero.
 * Throws a RangeError naming `field` when `value` is not a finite number.
 */
export function toScaled(value: number, places: number, field: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${field} must be a finite number (got ${String(value)})`);
  }
  // Fast path for the common case, a value that already has at most `places` decimals: if
  // r / 10^places (a correctly rounded division) gives back `value`, the decimal r·10^-places is
  // the one `value` stands for, since no other decimal with that few places lies within half a
  // spacing of it below FAST_LIMIT. Anything else takes the exact textual route.
  if (places <= 4 && Math.abs(value) < FAST_LIMIT) {
    const factor = 10 ** places;
    const r = Math.round(value * factor);
    if (r / factor === value) return BigInt(r);
  }
  return toScaledByText(value, places);
}

/** The exact route of `toScaled`, through the shortest decimal text of `value`. */
export function toScaledByText(value: number, places: number): bigint {
  const { digits, scale } = toDecimal(value);
  if (scale <= places) return digits * 10n ** BigInt(places - scale);
  return divRoundHalfAway(digits, 10n ** BigInt(scale - places));
}

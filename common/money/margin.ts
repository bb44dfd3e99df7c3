import { divRoundHalfAway, toDecimal, toScaled } from './decimal';
import { UNIT_PLACES } from './totals';

/**
 * The price that earns margin `marginPercent` on `cost`: cost / (1 − m/100), rounded half away
 * from zero to 4 decimals (a unit price). The cost is taken at 4 decimals like any unit cost,
 * and the division is exact on the decimal values (no floating-point step).
 * Returns undefined when no price can earn that margin (m ≥ 100) or an input is not a finite
 * number. A negative margin gives a price below cost.
 */
export function suggestedPrice(cost: number, marginPercent: number): number | undefined {
  if (!Number.isFinite(cost) || !Number.isFinite(marginPercent) || marginPercent >= 100) {
    return undefined;
  }
  const units = toScaled(cost, UNIT_PLACES, 'cost');
  // m = digits × 10^-scale, so 1 − m/100 = (100·10^scale − digits) / (100·10^scale).
  const m = toDecimal(marginPercent);
  const whole = 100n * 10n ** BigInt(m.scale);
  const price = divRoundHalfAway(units * whole, whole - m.digits);
  return Number(price) / 10 ** UNIT_PLACES + 0;
}

/**
 * The margin of a total over its cost, in percent ((total − cost) / total × 100), rounded half
 * away from zero to 2 decimals; undefined when the total is 0.
 */
export function marginPercent(totalCents: number, costCents: number): number | undefined {
  if (!Number.isSafeInteger(totalCents) || !Number.isSafeInteger(costCents)) {
    throw new RangeError('totalCents and costCents must be whole numbers of cents');
  }
  if (totalCents === 0) return undefined;
  let total = BigInt(totalCents);
  let profit = BigInt(totalCents - costCents);
  if (total < 0n) {
    total = -total;
    profit = -profit;
  }
  // percent with 2 decimals = profit × 10000 / total
  return Number(divRoundHalfAway(profit * 10000n, total)) / 100 + 0;
}

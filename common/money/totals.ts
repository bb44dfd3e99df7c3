import { divRoundHalfAway, toScaled } from './decimal';
import { moneyKind } from './terms';

/** Unit prices and costs keep 4 decimals: they are held as integers of 1/10000. */
export const UNIT_PLACES = 4;
const UNITS_PER_CENT = 100n;

/**
 * The largest amount held, in cents: 2^46 whole units. Up to there a double still tells every
 * cent apart (its spacing is below 0.01), so amounts survive JSON and `toCents` unchanged.
 */
export const MAX_CENTS = 2 ** 46 * 100;
const MAX_BIG = BigInt(MAX_CENTS);

function centsNumber(value: bigint, field: string): number {
  if (value > MAX_BIG || value < -MAX_BIG) {
    throw new RangeError(`${field} is beyond the largest amount held (${value.toString()} cents)`);
  }
  return Number(value);
}

export type LineKind = 'Standard' | 'Custom' | 'UsageBased';

export type LineMoneyInput = {
  kind: LineKind;
  billingTerm: string;
  /** Unit price; more than 4 decimals are rounded half away from zero. */
  price: number;
  /** Unit cost; more than 4 decimals are rounded half away from zero. */
  unitCost: number;
  /** A whole number of units. */
  quantity: number;
  /** Custom items only: the item's initial amount (see `lineTotalsCents`). */
  initialTotal?: number;
};

/** Line or quote totals in integer cents (minor units). */
export type TotalsCents = {
  initialCost: number;
  initialProfit: number;
  initialTotal: number;
  recurringCost: number;
  recurringProfit: number;
  recurringTotal: number;
};

export type AmountCurrency = { amount: number; currency: string };

/** Same shape as the API's InvoiceTotals. */
export type MoneyTotals = {
  initialCost: AmountCurrency;
  initialProfit: AmountCurrency;
  initialTotal: AmountCurrency;
  recurringCost: AmountCurrency;
  recurringProfit: AmountCurrency;
  recurringTotal: AmountCurrency;
};

export const TOTAL_FIELDS = [
  'initialCost',
  'initialProfit',
  'initialTotal',
  'recurringCost',
  'recurringProfit',
  'recurringTotal',
] as const satisfies readonly (keyof TotalsCents)[];

type BigTotals = Record<keyof TotalsCents, bigint>;

const ZERO: BigTotals = {
  initialCost: 0n,
  initialProfit: 0n,
  initialTotal: 0n,
  recurringCost: 0n,
  recurringProfit: 0n,
  recurringTotal: 0n,
};

/** A decimal amount as integer cents, rounded half away from zero. */
export function toCents(amount: number, field = 'amount'): number {
  return centsNumber(toScaled(amount, 2, field), field);
}

/** Integer cents as an amount with (at most) 2 decimals: the double nearest to cents/100. */
export function centsToAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS) {
    throw new RangeError(`cents must be a whole number within ±MAX_CENTS (got ${cents})`);
  }
  // Division by 100 is correctly rounded, so this is the double that prints as the 2-decimal value.
  return cents / 100 + 0; // `+ 0` turns -0 into 0
}

function quantityOf(quantity: number): bigint {
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`quantity must be a whole number (got ${String(quantity)})`);
  }
  return BigInt(quantity);
}

/** unit (1/10000) × quantity, rounded half away from zero to cents. */
function extendedCents(unit: bigint, quantity: bigint): bigint {
  return divRoundHalfAway(unit * quantity, UNITS_PER_CENT);
}

function lineBig(input: LineMoneyInput): BigTotals {
  const price = toScaled(input.price, UNIT_PLACES, 'price');
  const unitCost = toScaled(input.unitCost, UNIT_PLACES, 'unitCost');
  const quantity = quantityOf(input.quantity);
  const kind = moneyKind(input.billingTerm);
  if (kind === 'none') return { ...ZERO };

  const amount = extendedCents(price, quantity);
  const cost = extendedCents(unitCost, quantity);

  if (input.kind === 'Custom') {
    // initialTotal is the item's initial amount. For a one-time item it is the whole amount
    // (its cost is unit cost × quantity); for a recurring item it is a setup fee with no cost,
    // while price × quantity recurs. Missing initialTotal: the one-time amount, or no setup fee.
    const initial =
      input.initialTotal === undefined
        ? kind === 'initial'
          ? amount
          : 0n
        : toScaled(input.initialTotal, 2, 'initialTotal');
    if (kind === 'initial') {
      return { ...ZERO, initialTotal: initial, initialCost: cost, initialProfit: initial - cost };
    }
    return {
      initialTotal: initial,
      initialCost: 0n,
      initialProfit: initial,
      recurringTotal: amount,
      recurringCost: cost,
      recurringProfit: amount - cost,
    };
  }

  if (kind === 'initial') {
    return { ...ZERO, initialTotal: amount, initialCost: cost, initialProfit: amount - cost };
  }
  return { ...ZERO, recurringTotal: amount, recurringCost: cost, recurringProfit: amount - cost };
}

function toNumbers(big: BigTotals): TotalsCents {
  const out = {} as TotalsCents;
  for (const f of TOTAL_FIELDS) out[f] = centsNumber(big[f], f);
  return out;
}

function addInto(acc: BigTotals, add: BigTotals): void {
  for (const f of TOTAL_FIELDS) acc[f] += add[f];
}

/**
 * A line's totals in integer cents. Amount = price × quantity and cost = unit cost × quantity,
 * each rounded half away from zero to cents; profit = amount − cost. One-Time and Activation
 * count in initial, Trial nowhere (a Custom Trial's initialTotal included), any other term in
 * recurring. Throws a RangeError naming the field for a non-finite price, unit cost or
 * initialTotal, a fractional quantity, or a result beyond MAX_CENTS.
 */
export function lineTotalsCents(input: LineMoneyInput): TotalsCents {
  return toNumbers(lineBig(input));
}

/** Quote totals in integer cents: the sums of the lines' cent amounts. */
export function quoteTotalsCents(lines: readonly LineMoneyInput[]): TotalsCents {
  const acc = { ...ZERO };
  for (const line of lines) addInto(acc, lineBig(line));
  return toNumbers(acc);
}

/** Integer cents as API totals (`{ amount, currency }` with 2-decimal amounts). */
export function centsToTotals(cents: TotalsCents, currency: string): MoneyTotals {
  const out = {} as MoneyTotals;
  for (const f of TOTAL_FIELDS) out[f] = { amount: centsToAmount(cents[f]), currency };
  return out;
}

/** API totals back to integer cents. */
export function totalsToCents(totals: MoneyTotals): TotalsCents {
  const out = {} as TotalsCents;
  for (const f of TOTAL_FIELDS) out[f] = toCents(totals[f].amount, f);
  return out;
}

export function lineTotals(input: LineMoneyInput, currency: string): MoneyTotals {
  return centsToTotals(lineTotalsCents(input), currency);
}

export function quoteTotals(lines: readonly LineMoneyInput[], currency: string): MoneyTotals {
  return centsToTotals(quoteTotalsCents(lines), currency);
}

/**
 * Sums totals that are already in API form (e.g. stored line totals), in cents.
 * Throws a RangeError when an amount is in another currency: such sums mean nothing.
 */
export function sumTotals(totals: readonly MoneyTotals[], currency: string): MoneyTotals {
  const acc = { ...ZERO };
  for (const t of totals) {
    for (const f of TOTAL_FIELDS) {
      if (t[f].currency !== currency) {
        throw new RangeError(`${f}.currency is ${t[f].currency}, expected ${currency}`);
      }
      acc[f] += toScaled(t[f].amount, 2, f);
    }
  }
  return centsToTotals(toNumbers(acc), currency);
}

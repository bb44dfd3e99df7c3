import {
  centsToAmount,
  checkCents,
  extendedCents,
  subtractCents,
  sumCents,
  toCents,
  toScaledNumber,
} from './cents';
import type { LineItemKind } from '../api/enums';
import { unhandled } from '../api/unhandled';
import { moneyKind } from './terms';

/** Unit prices and costs keep 4 decimals: they are held as integers of 1/10000. */
export const UNIT_PLACES = 4;

export type LineMoneyInput = {
  kind: LineItemKind;
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

// Fixed-field object literals rather than loops over TOTAL_FIELDS: this runs on every edit in
// the app and every write on the server, and keyed stores into `{}` are several times slower.
function totals(
  initialTotal: number,
  initialCost: number,
  recurringTotal: number,
  recurringCost: number,
): TotalsCents {
  return {
    initialCost,
    initialProfit: subtractCents(initialTotal, initialCost, 'initialProfit'),
    initialTotal,
    recurringCost,
    recurringProfit: subtractCents(recurringTotal, recurringCost, 'recurringProfit'),
    recurringTotal,
  };
}

/**
 * A line's totals in integer cents. Amount = price × quantity and cost = unit cost × quantity,
 * each rounded half away from zero to cents; profit = amount − cost. One-Time and Activation
 * count in initial, Trial nowhere (a Custom Trial's initialTotal included), any other term in
 * recurring. Custom items carry `initialTotal`, the item's initial amount: for a one-time item
 * the whole amount (its cost unit cost × quantity), for a recurring item a setup fee without
 * cost while price × quantity recurs; missing, it is price × quantity for a one-time item and
 * no fee for a recurring one.
 * Throws a RangeError naming the field for a non-finite price, unit cost or initialTotal, a
 * fractional quantity, or an amount beyond MAX_CENTS.
 */
export function lineTotalsCents(input: LineMoneyInput): TotalsCents {
  const price = toScaledNumber(input.price, UNIT_PLACES, 'price');
  const unitCost = toScaledNumber(input.unitCost, UNIT_PLACES, 'unitCost');
  const quantity = input.quantity;
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`quantity must be a whole number (got ${String(quantity)})`);
  }
  const kind = moneyKind(input.billingTerm);
  if (kind === 'none') return totals(0, 0, 0, 0);

  const amountField = kind === 'initial' ? 'initialTotal' : 'recurringTotal';
  const amount = extendedCents(price, quantity, amountField);
  const cost = extendedCents(
    unitCost,
    quantity,
    kind === 'initial' ? 'initialCost' : 'recurringCost',
  );

  switch (input.kind) {
    case 'Custom': {
      // Its own initial amount: a recurring Custom line has a setup fee besides.
      const initial =
        input.initialTotal === undefined
          ? kind === 'initial'
            ? amount
            : 0
          : checkCents(toCents(input.initialTotal, 'initialTotal'), 'initialTotal');
      return kind === 'initial' ? totals(initial, cost, 0, 0) : totals(initial, 0, amount, cost);
    }
    case 'Standard':
    case 'UsageBased':
      return kind === 'initial' ? totals(amount, cost, 0, 0) : totals(0, 0, amount, cost);
    default:
      return unhandled(input.kind);
  }
}

function sumAll(parts: readonly TotalsCents[]): TotalsCents {
  const pick = (f: keyof TotalsCents) =>
    sumCents(
      parts.map((p) => p[f]),
      f,
    );
  return {
    initialCost: pick('initialCost'),
    initialProfit: pick('initialProfit'),
    initialTotal: pick('initialTotal'),
    recurringCost: pick('recurringCost'),
    recurringProfit: pick('recurringProfit'),
    recurringTotal: pick('recurringTotal'),
  };
}

/** Quote totals in integer cents: the sums of the lines' cent amounts. */
export function quoteTotalsCents(lines: readonly LineMoneyInput[]): TotalsCents {
  return sumAll(lines.map(lineTotalsCents));
}

/** Integer cents as API totals (`{ amount, currency }` with 2-decimal amounts). */
export function centsToTotals(cents: TotalsCents, currency: string): MoneyTotals {
  return {
    initialCost: { amount: centsToAmount(cents.initialCost), currency },
    initialProfit: { amount: centsToAmount(cents.initialProfit), currency },
    initialTotal: { amount: centsToAmount(cents.initialTotal), currency },
    recurringCost: { amount: centsToAmount(cents.recurringCost), currency },
    recurringProfit: { amount: centsToAmount(cents.recurringProfit), currency },
    recurringTotal: { amount: centsToAmount(cents.recurringTotal), currency },
  };
}

/** API totals back to integer cents. */
export function totalsToCents(t: MoneyTotals): TotalsCents {
  return {
    initialCost: toCents(t.initialCost.amount, 'initialCost'),
    initialProfit: toCents(t.initialProfit.amount, 'initialProfit'),
    initialTotal: toCents(t.initialTotal.amount, 'initialTotal'),
    recurringCost: toCents(t.recurringCost.amount, 'recurringCost'),
    recurringProfit: toCents(t.recurringProfit.amount, 'recurringProfit'),
    recurringTotal: toCents(t.recurringTotal.amount, 'recurringTotal'),
  };
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
export function sumTotals(all: readonly MoneyTotals[], currency: string): MoneyTotals {
  for (const t of all) {
    for (const f of TOTAL_FIELDS) {
      if (t[f].currency !== currency) {
        throw new RangeError(`${f}.currency is ${t[f].currency}, expected ${currency}`);
      }
    }
  }
  return centsToTotals(sumAll(all.map(totalsToCents)), currency);
}

/**
 * The `initialTotal` a Custom item carries: for a one-time item its whole amount, price ×
 * quantity rounded to cents, so the line always reads as price × quantity while it is edited;
 * for a recurring item the setup fee given (0 without one); for a trial 0 (it counts nowhere).
 */
export function customInitialTotal(
  billingTerm: string,
  price: number,
  quantity: number,
  setupFee = 0,
): number {
  const kind = moneyKind(billingTerm);
  if (kind === 'none') return 0;
  if (kind === 'recurring') return setupFee;
  return centsToAmount(
    lineTotalsCents({ kind: 'Custom', billingTerm, price, unitCost: 0, quantity }).initialTotal,
  );
}

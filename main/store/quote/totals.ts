import {
  MAX_CENTS,
  TOTAL_FIELDS,
  centsToTotals,
  lineMoneyInput,
  lineTotalsCents,
  quoteTotals,
  recurringPerPeriod,
  totalsByPeriod,
  type LineMoneyInput,
  type RecurringByPeriod,
  type TotalsCents,
} from '../../../common/money';
import type { WorkLineItem, WorkQuote } from '../types';

// Line totals are exact decimal arithmetic (BigInt) and an edit recomputes every line of the
// quote; most lines did not change, so their cents are remembered by their money inputs.
const CACHE_MAX = 20_000;
const cache = new Map<string, TotalsCents>();

function lineCents(input: LineMoneyInput): TotalsCents {
  const key = `${input.kind}|${input.billingTerm}|${input.price}|${input.unitCost}|${input.quantity}|${input.initialTotal ?? ''}`;
  let cents = cache.get(key);
  if (!cents) {
    cents = lineTotalsCents(input);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, cents);
  }
  return cents;
}

/**
 * A line's money inputs as last seen, with its cents, by line id: reading or editing a quote
 * again then costs no allocation for its unchanged lines (the inputs are compared, so a
 * stale entry is never used).
 */
interface LineMemo {
  kind: WorkLineItem['kind'];
  billingTerm: string;
  price: number;
  cost: number;
  quantity: number;
  initialTotal: number | null;
  cents: TotalsCents;
}
const memo = new Map<string, LineMemo>();

function centsOf(li: WorkLineItem): TotalsCents {
  const m = memo.get(li.id);
  if (
    m !== undefined &&
    m.kind === li.kind &&
    m.billingTerm === li.billingTerm &&
    m.price === li.price &&
    m.cost === li.cost &&
    m.quantity === li.quantity &&
    m.initialTotal === li.initialTotal
  ) {
    return m.cents;
  }
  const cents = lineCents(lineMoneyInput(li));
  if (memo.size >= CACHE_MAX) memo.clear();
  memo.set(li.id, {
    kind: li.kind,
    billingTerm: li.billingTerm,
    price: li.price,
    cost: li.cost,
    quantity: li.quantity,
    initialTotal: li.initialTotal,
    cents,
  });
  return cents;
}

/**
 * Recomputes the quote's totals, and every line's (unless `lines` is false: the edit path
 * stores no line totals), with the rules shared with the server.
 */
export function recomputeTotals(w: WorkQuote, lines = true): void {
  const sum: TotalsCents = {
    initialCost: 0,
    initialProfit: 0,
    initialTotal: 0,
    recurringCost: 0,
    recurringProfit: 0,
    recurringTotal: 0,
  };
  for (const li of w.lineItems) {
    const cents = centsOf(li);
    if (lines) li.totals = centsToTotals(cents, w.currency);
    else delete (li as Partial<WorkLineItem>).totals;
    for (const f of TOTAL_FIELDS) sum[f] += cents[f];
  }
  if (TOTAL_FIELDS.some((f) => Math.abs(sum[f]) > MAX_CENTS)) {
    // throws the money module's RangeError
    w.totals = quoteTotals(w.lineItems.map(lineMoneyInput), w.currency);
    return;
  }
  w.totals = centsToTotals(sum, w.currency);
}

/**
 * A copy of an edit's working copy (whose lines carry no totals) with every line's totals,
 * as a view shows it: the lines are new objects, everything else is shared with `w`.
 */
export function withLineTotals(w: WorkQuote): WorkQuote {
  return {
    ...w,
    lineItems: w.lineItems.map((li) => ({ ...li, totals: centsToTotals(centsOf(li), w.currency) })),
  };
}

/** The quote's recurring cents per billing period (for the list; lines' cents remembered). */
export function recurringByPeriod(w: WorkQuote): RecurringByPeriod {
  return totalsByPeriod(
    recurringPerPeriod(
      w.lineItems.map((li) => ({ billingTerm: li.billingTerm, cents: centsOf(li) })),
    ),
  );
}

export function zeroTotals(currency: string): WorkQuote['totals'] {
  return quoteTotals([], currency);
}

/**
 * The stored form of a working copy: totals are derived, so they are left out (a third of
 * a full quote's bytes) and recomputed when the copy is read.
 */
export function storedDoc(w: WorkQuote): string {
  if (!w.lineItems.some((li) => li.totals !== undefined))
    return JSON.stringify({ ...w, totals: undefined });
  return JSON.stringify({
    ...w,
    totals: undefined,
    lineItems: w.lineItems.map((li) => ({ ...li, totals: undefined })),
  });
}

export function parseDoc(doc: string): WorkQuote {
  const w = JSON.parse(doc) as WorkQuote;
  recomputeTotals(w);
  return w;
}

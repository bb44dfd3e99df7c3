import {
  MAX_CENTS,
  TOTAL_FIELDS,
  centsToTotals,
  lineTotalsCents,
  quoteTotals,
  type LineMoneyInput,
  type TotalsCents,
} from '../../common/money';
import type { WorkLineItem, WorkQuote } from './types';

function moneyInput(li: WorkLineItem): LineMoneyInput {
  return {
    kind: li.kind,
    billingTerm: li.billingTerm,
    price: li.price,
    unitCost: li.cost,
    quantity: li.quantity,
    ...(li.kind === 'Custom' && li.initialTotal !== null ? { initialTotal: li.initialTotal } : {}),
  };
}

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
  const inputs = w.lineItems.map(moneyInput);
  w.lineItems.forEach((li, i) => {
    const cents = lineCents(inputs[i]!);
    if (lines) li.totals = centsToTotals(cents, w.currency);
    else delete (li as Partial<WorkLineItem>).totals;
    for (const f of TOTAL_FIELDS) sum[f] += cents[f];
  });
  if (TOTAL_FIELDS.some((f) => Math.abs(sum[f]) > MAX_CENTS)) {
    w.totals = quoteTotals(inputs, w.currency); // throws the money module's RangeError
    return;
  }
  w.totals = centsToTotals(sum, w.currency);
}

export function zeroTotals(currency: string): WorkQuote['totals'] {
  return quoteTotals([], currency);
}

/**
 * The stored form of a working copy: totals are derived, so they are left out (a third of
 * a full quote's bytes) and recomputed when the copy is read. Padded with spaces to a whole
 * number of blocks: a rewrite of the same length is done in place by SQLite, which then
 * writes only the pages whose bytes changed, where a new length rewrites every page of it.
 */
export function storedDoc(w: WorkQuote): string {
  const doc = !w.lineItems.some((li) => li.totals !== undefined)
    ? JSON.stringify({ ...w, totals: undefined })
    : JSON.stringify({
        ...w,
        totals: undefined,
        lineItems: w.lineItems.map((li) => ({ ...li, totals: undefined })),
      });
  return doc.padEnd(Math.ceil(doc.length / DOC_BLOCK) * DOC_BLOCK, ' ');
}

const DOC_BLOCK = 256;

export function parseDoc(doc: string): WorkQuote {
  const w = JSON.parse(doc) as WorkQuote;
  recomputeTotals(w);
  return w;
}

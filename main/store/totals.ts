import { lineTotals, quoteTotals, type LineMoneyInput } from '../../common/money';
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

/** Recomputes every line's totals and the quote's, with the rules shared with the server. */
export function recomputeTotals(w: WorkQuote): void {
  const inputs = w.lineItems.map(moneyInput);
  w.lineItems.forEach((li, i) => {
    li.totals = lineTotals(inputs[i]!, w.currency);
  });
  w.totals = quoteTotals(inputs, w.currency);
}

export function zeroTotals(currency: string): WorkQuote['totals'] {
  return quoteTotals([], currency);
}

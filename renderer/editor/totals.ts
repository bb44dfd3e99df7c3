import {
  lineMoneyInput,
  lineTotalsCents,
  moneyKind,
  recurringPerPeriodOfLines,
  totalsByPeriod,
  type PeriodTotalsCents,
  type RecurringByPeriod,
  marginPercent,
  quoteTotalsCents,
  type LineMoneyInput,
  type TotalsCents,
} from '../../common/money';
import type { LineItemView } from '../../common/ipc/shapes';
import type { ItemDraft } from '../state/editor';
import { parseAmount, parseQuantity } from './numbers';

/** The item as money sees it, with what is being typed taking the place of stored values. */
export function moneyInput(item: LineItemView, draft?: ItemDraft): LineMoneyInput {
  const q = draft?.quantity !== undefined ? parseQuantity(draft.quantity) : null;
  const p = draft?.price !== undefined ? parseAmount(draft.price) : null;
  const f = draft?.initialTotal !== undefined ? parseAmount(draft.initialTotal) : null;
  const recurringCustom = item.kind === 'Custom' && moneyKind(item.billingTerm) === 'recurring';
  const { initialTotal: kept, ...stored } = lineMoneyInput(item);
  return {
    ...stored,
    quantity: q?.ok ? q.value : item.quantity,
    price: p?.ok ? p.value : item.price,
    // While its quantity or price is typed, a one-time Custom item's amount is price ×
    // quantity (the store keeps its initialTotal so); a recurring one's initialTotal is its
    // setup fee, on its own.
    ...(recurringCustom
      ? { initialTotal: f?.ok ? f.value : (kept ?? 0) }
      : q || p || kept === undefined
        ? {}
        : { initialTotal: kept }),
  };
}

export function lineCents(item: LineItemView, draft?: ItemDraft): TotalsCents {
  try {
    return lineTotalsCents(moneyInput(item, draft));
  } catch {
    return lineTotalsCents(moneyInput(item));
  }
}

export function quoteCents(
  items: readonly LineItemView[],
  drafts: Record<string, ItemDraft>,
): TotalsCents {
  try {
    return quoteTotalsCents(items.map((i) => moneyInput(i, drafts[i.id])));
  } catch {
    return quoteTotalsCents(items.map((i) => moneyInput(i)));
  }
}

export { marginPercent };

/** Recurring total, cost, profit and margin per billing period, with what is being typed. */
export function periodTotals(
  items: readonly LineItemView[],
  drafts: Record<string, ItemDraft>,
): PeriodTotalsCents[] {
  try {
    return recurringPerPeriodOfLines(items.map((i) => moneyInput(i, drafts[i.id])));
  } catch {
    return recurringPerPeriodOfLines(items.map((i) => moneyInput(i)));
  }
}

/** Recurring cents per billing period of these items, with what is being typed. */
export function periodCents(
  items: readonly LineItemView[],
  drafts: Record<string, ItemDraft>,
): RecurringByPeriod {
  return totalsByPeriod(periodTotals(items, drafts));
}

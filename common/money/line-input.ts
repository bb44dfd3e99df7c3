// The one mapping from a line item as it is kept — the working copy, a version, the editor's
// view, the server's row — to what the money functions read. Every holder calls its unit cost
// `cost`; money calls it `unitCost`, and only a Custom item's own initial amount counts (the
// other kinds have none). Written once so a holder cannot count a line differently.
import type { LineItemKind } from '../api/enums';
import type { LineMoneyInput } from './totals';

/** A line item's money fields, as every holder of one keeps them. */
export interface KeptLineMoney {
  kind: LineItemKind;
  billingTerm: string;
  price: number;
  /** Unit cost. */
  cost: number;
  quantity: number;
  /** Custom items: the item's initial amount; null or absent: none given. */
  initialTotal?: number | null | undefined;
}

export function lineMoneyInput(li: KeptLineMoney): LineMoneyInput {
  return {
    kind: li.kind,
    billingTerm: li.billingTerm,
    price: li.price,
    unitCost: li.cost,
    quantity: li.quantity,
    ...(li.kind === 'Custom' && li.initialTotal !== null && li.initialTotal !== undefined
      ? { initialTotal: li.initialTotal }
      : {}),
  };
}

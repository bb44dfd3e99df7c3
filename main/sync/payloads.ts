// Request bodies for line items, built from the merged state (local ids → server ids).
import { unhandled, type AddLineItemPayload, type UpdateLineItemPayload } from '../../common/api';
import { fingerprintOf } from './lost-create';
import type { ItemState, QuoteState } from './model';

type Term = AddLineItemPayload['billingTerm'];

function common(i: ItemState) {
  return { effectiveDate: i.effectiveDate, price: i.price, quantity: i.quantity, note: i.note };
}

/** What an add and an update of the item both send, by kind. */
function editable(i: ItemState) {
  const commitment = i.commitmentTermId ? { commitmentTermId: i.commitmentTermId } : {};
  switch (i.type) {
    case 'Custom':
      return {
        type: 'Custom' as const,
        ...common(i),
        billingTerm: i.billingTerm as never,
        cost: i.cost ?? 0,
        initialTotal: i.initialTotal ?? 0,
        productName: i.productName ?? '',
        ...(i.productSku ? { productSku: i.productSku } : {}),
      };
    case 'UsageBased':
      return {
        type: 'UsageBased' as const,
        ...common(i),
        billingTerm: i.billingTerm as Term,
        cost: i.cost ?? 0,
        usageBased: (i.usageBased ?? { displayNote: false, type: 'PRICE_FLAT' }) as never,
        ...commitment,
      };
    case 'Standard':
      return {
        type: 'Standard' as const,
        ...common(i),
        billingTerm: i.billingTerm as Term,
        ...commitment,
      };
    default:
      return unhandled(i.type);
  }
}

/** Parents within the same request by index (spec rule 1), parents already there by id. A
 * Custom item names no product and is never an add-on. */
export function addItemsPayload(
  merged: QuoteState,
  keys: string[],
  serverIdOf: (key: string) => string | null,
): AddLineItemPayload[] {
  const index = new Map(keys.map((k, i) => [k, i]));
  return keys.map((k) => {
    const i = merged.items[k]!;
    const body = editable(i);
    if (body.type === 'Custom') return body;
    const parent =
      i.parent === null
        ? {}
        : index.has(i.parent)
          ? { requiredLineItemIndex: index.get(i.parent)! }
          : serverIdOf(i.parent)
            ? { requiredLineItemId: serverIdOf(i.parent)! }
            : {};
    return { ...body, productId: i.productId!, ...parent };
  });
}

export function updateItemsPayload(
  merged: QuoteState,
  keys: string[],
  serverIdOf: (key: string) => string,
): UpdateLineItemPayload[] {
  return keys.map((k) => ({ ...editable(merged.items[k]!), id: serverIdOf(k) }));
}

/** What identifies an added item on the server when its answer was lost (parents aside:
 * their server ids are what the lost answer would have told). */
export function itemFingerprint(i: ItemState): string {
  return fingerprintOf({ ...i, parent: null });
}

/** What no update can change: kind, product and whether it is an add-on. Used when someone
 * edited a lost item before we looked for it. */
export function itemWeakFingerprint(i: ItemState): string {
  return fingerprintOf({ type: i.type, productId: i.productId, addon: i.parent !== null });
}

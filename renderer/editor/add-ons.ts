// Add-ons ("↳") belong with the product they were added for: moving a parent into another
// section takes its add-ons along, and moving an add-on alone away from its parent's section
// is asked about first.
import type { LineItemView, QuoteDetail } from '../../common/ipc/shapes';

export interface MovePlan {
  /** The items to move, in order: the item, then (for a parent changing section) its add-ons. */
  lineItemIds: string[];
  /** Set when an add-on would leave its parent's section: the move waits for a yes. */
  leavesParent?: { addOn: LineItemView; parent: LineItemView; parentSection: string };
}

/** The section an item is in (null: in none). */
export function sectionOf(detail: QuoteDetail, itemId: string): string | null {
  return detail.sections.find((s) => s.lineItemIds.includes(itemId))?.id ?? null;
}

export function sectionName(detail: QuoteDetail, sectionId: string | null): string {
  return detail.sections.find((s) => s.id === sectionId)?.name ?? 'Not in a section';
}

export function planMove(detail: QuoteDetail, itemId: string, to: string | null): MovePlan {
  const item = detail.lineItems.find((i) => i.id === itemId);
  if (!item) return { lineItemIds: [itemId] };
  const from = sectionOf(detail, itemId);
  const parent = item.requiredLineItemId
    ? detail.lineItems.find((i) => i.id === item.requiredLineItemId)
    : undefined;
  if (parent) {
    const parentSection = sectionOf(detail, parent.id);
    if (to !== parentSection && from !== to) {
      return {
        lineItemIds: [itemId],
        leavesParent: { addOn: item, parent, parentSection: sectionName(detail, parentSection) },
      };
    }
    return { lineItemIds: [itemId] };
  }
  if (from === to) return { lineItemIds: [itemId] };
  // The add-ons beside it go along; one the user already moved elsewhere stays where it is.
  const addOns = detail.lineItems
    .filter((i) => i.requiredLineItemId === itemId && sectionOf(detail, i.id) === from)
    .map((i) => i.id);
  return { lineItemIds: [itemId, ...addOns] };
}

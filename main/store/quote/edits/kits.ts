// Kits on a working copy: a kit made from selected line items, and a kit inserted as one edit
// (items with their add-ons in one batch, sections found by name or made, catalogue items at
// today's catalogue price where it changed since the kit was saved).
import {
  LIMITS,
  pricingTermToBillingTerm,
  unhandled,
  type BillingTerm,
} from '../../../../common/api';
import { KitContent, type KitItem } from '../../../../common/kits';
import { suggestedPrice } from '../../../../common/money';
import { refuse, fieldError, StoreValidationError } from '../../errors';
import type { AddLineItemInput, FieldError, WorkLineItem, WorkQuote } from '../../types';
import { check } from '../validate';
import type { EditContext } from './context';
import { addLineItems } from './line-items';
import { createSection, moveLineItem } from './sections';

/** A catalogue item whose price changed since the kit was saved: it takes today's. */
export interface KitPriceChange {
  productName: string;
  billingTerm: BillingTerm;
  /** The unit price saved in the kit. */
  was: number;
  /** Today's catalogue price, which the inserted item takes. */
  now: number;
}

/** What inserting a kit into a quote would do, worked out before anything is added. */
export interface KitPlan {
  itemCount: number;
  /** How many more line items the quote can take. */
  room: number;
  /** Why the kit cannot go in (too many items, another currency); null when it can. */
  problem: { message: string; type: FieldError['type'] } | null;
  priceChanges: KitPriceChange[];
  /** Sections of the kit the quote does not have yet: made by the insert. */
  newSections: string[];
  inputs: AddLineItemInput[];
}

/** The catalogue's (cost, suggested price) of (product, term), from the offline copy. */
function listPriceOf(
  productId: string,
  term: BillingTerm,
  ctx: EditContext,
): { cost: number; suggested: number } | null {
  for (const p of ctx.pricing(productId)) {
    if (pricingTermToBillingTerm(p.billingTerm) !== term) continue;
    const rate = p.rates[0];
    if (rate) return { cost: rate.partnerBuyRate, suggested: rate.suggestedRetailPrice };
  }
  return null;
}

/** Items of the quote in the order the salesperson sees them: by section, then the rest. */
function displayOrder(w: WorkQuote): { item: WorkLineItem; section: string | null }[] {
  const byId = new Map(w.lineItems.map((li) => [li.id, li]));
  const placed = new Set<string>();
  const out: { item: WorkLineItem; section: string | null }[] = [];
  for (const s of [...w.sections].sort((a, b) => a.order - b.order)) {
    for (const x of [...s.lineItems].sort((a, b) => a.order - b.order)) {
      const item = byId.get(x.lineItemId);
      if (!item || placed.has(item.id)) continue;
      placed.add(item.id);
      out.push({ item, section: s.id });
    }
  }
  for (const item of w.lineItems) if (!placed.has(item.id)) out.push({ item, section: null });
  return out;
}

/**
 * A kit of the given line items of a quote. An add-on goes with its parent: a parent left out
 * of the selection is taken in too (named in `addedParents`), as the two can only be added
 * together. Items keep the order and the sections the salesperson sees.
 */
export function kitFromQuote(
  w: WorkQuote,
  lineItemIds: string[],
  name: string,
  ctx: EditContext,
): { kit: KitContent; addedParents: string[] } {
  if (lineItemIds.length === 0) refuse('lineItemIds', 'select at least one line item');
  const errors: FieldError[] = [];
  const chosen = new Set<string>();
  lineItemIds.forEach((id, i) => {
    if (w.lineItems.some((li) => li.id === id)) chosen.add(id);
    else
      errors.push(
        fieldError(
          `lineItemIds[${i}]`,
          'is not a line item of this quote',
          'QUOTE_LINE_ITEM_NOT_FOUND',
        ),
      );
  });
  if (errors.length) throw new StoreValidationError(errors);
  const addedParents: string[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const li of w.lineItems) {
      const parent = li.requiredLineItemId;
      if (!chosen.has(li.id) || !parent || chosen.has(parent)) continue;
      const p = w.lineItems.find((x) => x.id === parent);
      if (!p) continue;
      chosen.add(parent);
      addedParents.push(p.product.name);
      grew = true;
    }
  }
  const rows = displayOrder(w).filter((r) => chosen.has(r.item.id));
  const sectionIds = [...new Set(rows.map((r) => r.section).filter((s) => s !== null))];
  const sections = sectionIds.map((id) => ({ name: w.sections.find((s) => s.id === id)!.name }));
  const index = new Map(rows.map((r, i) => [r.item.id, i]));
  const items = rows.map(({ item: li, section }): KitItem => {
    const common = {
      quantity: li.quantity,
      price: li.price,
      note: li.note,
      section: section === null ? null : sectionIds.indexOf(section),
    };
    const parent = li.requiredLineItemId ? (index.get(li.requiredLineItemId) ?? null) : null;
    switch (li.kind) {
      case 'Custom':
        return {
          type: 'Custom',
          productName: li.product.name,
          sku: li.product.sku,
          billingTerm: li.billingTerm as Extract<KitItem, { type: 'Custom' }>['billingTerm'],
          cost: li.cost,
          initialTotal: li.initialTotal ?? 0,
          ...common,
        };
      case 'Standard':
        return {
          type: 'Standard',
          productId: li.product.id ?? '',
          productName: li.product.name,
          sku: li.product.sku,
          billingTerm: li.billingTerm,
          commitmentTermId: li.commitmentTerm?.id ?? null,
          parent,
          ...common,
          listPrice: li.product.id ? listPriceOf(li.product.id, li.billingTerm, ctx) : null,
        };
      case 'UsageBased':
        return {
          type: 'UsageBased',
          productId: li.product.id ?? '',
          productName: li.product.name,
          sku: li.product.sku,
          billingTerm: li.billingTerm,
          commitmentTermId: li.commitmentTerm?.id ?? null,
          parent,
          cost: li.cost,
          usageBased: li.usageBased ?? { displayNote: false, type: 'PRICE_FLAT' },
          ...common,
        };
      default:
        return unhandled(li.kind);
    }
  });
  const kit = check(KitContent, { name, currency: w.currency, sections, items }, 'kit');
  return { kit, addedParents };
}

/** The add payload of one kit item; `price` is the price it goes in at. */
function inputOf(item: KitItem, price: number): AddLineItemInput {
  const common = { quantity: item.quantity, price, note: item.note };
  switch (item.type) {
    case 'Custom':
      return {
        type: 'Custom',
        productName: item.productName,
        productSku: item.sku,
        billingTerm: item.billingTerm,
        cost: item.cost,
        initialTotal: item.initialTotal,
        ...common,
      };
    case 'Standard':
    case 'UsageBased': {
      const rel = {
        ...(item.commitmentTermId ? { commitmentTermId: item.commitmentTermId } : {}),
        // Add-ons go in the same batch as their parent (spec: requiredLineItemIndex).
        ...(item.parent !== null ? { requiredLineItemIndex: item.parent } : {}),
      };
      if (item.type === 'Standard')
        return {
          type: 'Standard',
          productId: item.productId,
          billingTerm: item.billingTerm,
          ...common,
          ...rel,
        };
      return {
        type: 'UsageBased',
        productId: item.productId,
        billingTerm: item.billingTerm,
        cost: item.cost,
        usageBased: item.usageBased,
        ...common,
        ...rel,
      };
    }
    default:
      return unhandled(item);
  }
}

/** What inserting `kit` into the quote would do; nothing is changed. */
export function planKit(w: WorkQuote, kit: KitContent, ctx: EditContext): KitPlan {
  const itemCount = kit.items.length;
  const room = Math.max(0, LIMITS.lineItems - w.lineItems.length);
  const priceChanges: KitPriceChange[] = [];
  const margin = w.salesMarginPercentage ?? 0;
  const inputs = kit.items.map((item) => {
    if (item.type !== 'Standard' || item.listPrice === null) return inputOf(item, item.price);
    const today = listPriceOf(item.productId, item.billingTerm, ctx);
    const then = item.listPrice;
    if (!today || (today.cost === then.cost && today.suggested === then.suggested))
      return inputOf(item, item.price);
    // Today's price, as adding the product afresh would give it (the quote's margin, if any).
    const now =
      margin > 0 ? (suggestedPrice(today.cost, margin) ?? today.suggested) : today.suggested;
    priceChanges.push({
      productName: item.productName,
      billingTerm: item.billingTerm,
      was: item.price,
      now,
    });
    return inputOf(item, now);
  });
  const newSections = kit.sections
    .map((s) => s.name)
    .filter((n) => !w.sections.some((s) => s.name.trim() === n.trim()));
  let problem: KitPlan['problem'] = null;
  if (kit.currency !== w.currency) {
    problem = {
      message: `The kit's prices are in ${kit.currency} and this quote is in ${w.currency}.`,
      type: 'QUOTE_VALIDATION',
    };
  } else if (itemCount > room) {
    problem = {
      message:
        room === 0
          ? `This quote already has the most line items a quote can hold (${LIMITS.lineItems}); the kit's ${itemCount} do not fit.`
          : `The kit has ${itemCount} line items, but only ${room} more ${room === 1 ? 'fits' : 'fit'} in this quote (at most ${LIMITS.lineItems} a quote).`,
      type: 'LINE_ITEM_LIMIT_EXCEEDED',
    };
  }
  return { itemCount, room, problem, priceChanges, newSections, inputs };
}

/**
 * Inserts a kit as one edit: its items in one batch (add-ons with their parents), each in the
 * quote's section of the same name (made when missing). Refused whole, nothing added, when the
 * kit does not fit or any item is refused. Returns the new items' ids in kit order.
 */
export function insertKit(
  w: WorkQuote,
  kit: KitContent,
  ctx: EditContext,
): { lineItemIds: string[]; priceChanges: KitPriceChange[] } {
  const plan = planKit(w, kit, ctx);
  if (plan.problem) refuse('kit', plan.problem.message, plan.problem.type);
  const ids = addLineItems(w, plan.inputs, ctx);
  const sectionIds = kit.sections.map(
    (s) =>
      w.sections.find((x) => x.name.trim() === s.name.trim())?.id ?? createSection(w, s.name, ctx),
  );
  kit.items.forEach((item, i) => {
    if (item.section !== null) moveLineItem(w, ids[i]!, { sectionId: sectionIds[item.section]! });
  });
  return { lineItemIds: ids, priceChanges: plan.priceChanges };
}

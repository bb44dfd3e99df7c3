// What the add-item dialog sends for a catalogue product: its fields checked (each problem named
// at its field), then the item and the add-ons chosen with it, which travel in the same request
// as their parent (the spec's rule 1) at their own suggested prices.
import { LIMITS } from '../../common/api/limits';
import { suggestedPrice } from '../../common/money';
import type {
  AddLineItemInput,
  CatalogueProduct,
  LineItemView,
  QuoteDetail,
} from '../../common/ipc/shapes';
import { ipc } from '../ipc';
import { submit, type Errors } from './item-fields';
import { parseAmount, parseQuantity, priceText } from './numbers';
import type { CatalogueChoice } from './use-catalogue-choice';

export interface Typed {
  quantity: string;
  note: string;
}

/** The item to add, or what is wrong with the form. */
export function catalogueItem(
  choice: CatalogueChoice,
  typed: Typed,
  ctx: { usage: boolean; count: number; left: number; parentOnQuote: LineItemView | undefined },
): { ok: true; item: AddLineItemInput; quantity: number } | { ok: false; errors: Errors } {
  const { product, billingTerm } = choice;
  const errs: Errors = {};
  if (!product) errs.productId = 'Choose a product';
  if (!billingTerm) errs.billingTerm = 'Choose a billing term';
  const q = parseQuantity(typed.quantity);
  if (!q.ok) errs.quantity = q.error;
  const p = parseAmount(choice.price, 'Price');
  if (!p.ok) errs.price = p.error;
  const c = parseAmount(choice.cost, 'Cost');
  if (ctx.usage && !c.ok) errs.cost = c.error;
  if (typed.note.length > LIMITS.noteMax)
    errs.note = `Note must be at most ${LIMITS.noteMax} characters`;
  if (ctx.count > ctx.left)
    errs._form = `Only ${ctx.left} more item${ctx.left === 1 ? '' : 's'} fit on this quote (limit ${LIMITS.lineItems}).`;
  if (product?.requiresProductId && !ctx.parentOnQuote)
    errs.productId =
      'This is an add-on: add its parent product to the quote first, and choose this add-on with it.';
  if (Object.keys(errs).length || !product || !billingTerm || !q.ok || !p.ok)
    return { ok: false, errors: errs };
  const base = {
    productId: product.id,
    billingTerm,
    quantity: q.value,
    price: p.value,
    note: typed.note || undefined,
    commitmentTermId: choice.commitmentTermId || undefined,
    requiredLineItemId: ctx.parentOnQuote?.id,
  };
  const item: AddLineItemInput = ctx.usage
    ? {
        type: 'UsageBased',
        ...base,
        cost: c.ok ? c.value : 0,
        usageBased: { type: choice.usageType, displayNote: choice.displayNote },
      }
    : { type: 'Standard', ...base };
  return { ok: true, item, quantity: q.value };
}

/** The chosen add-ons as items of the same request, or the one whose price is unknown. */
export async function addOnItems(
  addOns: CatalogueProduct[],
  parent: { billingTerm: string; quantity: number; margin: number },
): Promise<{ ok: true; items: AddLineItemInput[] } | { ok: false; missing: string }> {
  const items: AddLineItemInput[] = [];
  for (const a of addOns) {
    const ap = await ipc()
      .call('catalogue.pricing', { productId: a.id })
      .then((r) => r.prices.find((x) => x.billingTerm === parent.billingTerm) ?? r.prices[0])
      .catch(() => undefined);
    if (!ap) return { ok: false, missing: a.name };
    items.push({
      type: 'Standard',
      productId: a.id,
      billingTerm: ap.billingTerm,
      quantity: parent.quantity,
      price: Number(priceText(suggestedPrice(ap.cost, parent.margin) ?? ap.cost)),
      requiredLineItemIndex: 0,
    });
  }
  return { ok: true, items };
}

/**
 * Checks the form and adds the item with its chosen add-ons in one request; the problems are
 * shown at their fields. True once added.
 */
export async function addCatalogueItems(
  choice: CatalogueChoice,
  typed: Typed,
  to: { detail: QuoteDetail; sectionId: string | null; usage: boolean; left: number },
  chosenAddOns: CatalogueProduct[],
  setErrors: (e: Errors) => void,
): Promise<boolean> {
  const { detail, usage, left } = to;
  const product = choice.product;
  const parentOnQuote = product?.requiresProductId
    ? detail.lineItems.find((i) => i.product.id === product.requiresProductId)
    : undefined;
  const count = 1 + chosenAddOns.length;
  const made = catalogueItem(choice, typed, { usage, count, left, parentOnQuote });
  setErrors(made.ok ? {} : made.errors);
  if (!made.ok) return false;
  const more = await addOnItems(chosenAddOns, {
    billingTerm: made.item.billingTerm,
    quantity: made.quantity,
    margin: detail.header.salesMarginPercentage ?? 0,
  });
  if (!more.ok) {
    setErrors({ _form: `No price is known for the add-on ${more.missing}.` });
    return false;
  }
  return submit(detail, [made.item, ...more.items], to.sectionId, setErrors);
}

import {
  CustomBillingTerm,
  LIMITS,
  pricingTermToBillingTerm,
  unhandled,
  type BillingTerm,
  type CatalogueProduct,
  type CommitmentTerm,
} from '../../../../common/api';
import { customInitialTotal, moneyKind, suggestedPrice } from '../../../../common/money';
import { StoreValidationError, fieldError, refuse } from '../../errors';
import { zeroTotals } from '../totals';
import type {
  AddLineItemInput,
  FieldError,
  LineItemPatch,
  WorkLineItem,
  WorkProduct,
  WorkQuote,
} from '../../types';
import { assertEditable, repairText } from '../validate';
import type { EditContext } from './context';

interface PriceInfo {
  cost: number;
  suggested: number;
  commitmentTerm: CommitmentTerm | null;
}

/** The catalogue price of (product, term); falls back to what the quote itself already shows. */
function priceFor(
  w: WorkQuote,
  productId: string,
  term: BillingTerm,
  ctx: EditContext,
): PriceInfo | null {
  for (const p of ctx.pricing(productId)) {
    if (pricingTermToBillingTerm(p.billingTerm) !== term) continue;
    const rate = p.rates[0];
    if (!rate) continue;
    return {
      cost: rate.partnerBuyRate,
      suggested: rate.suggestedRetailPrice,
      commitmentTerm: p.commitmentTerm ?? null,
    };
  }
  const seen = w.lineItems.find((li) => li.product.id === productId && li.billingTerm === term);
  return seen
    ? { cost: seen.cost, suggested: seen.price, commitmentTerm: seen.commitmentTerm }
    : null;
}

function productFor(
  w: WorkQuote,
  productId: string,
  ctx: EditContext,
): (WorkProduct & { cat: CatalogueProduct | null }) | null {
  const cat = ctx.product(productId);
  if (cat) {
    return {
      id: cat.id,
      name: cat.name,
      sku: cat.sku,
      isMspOnly: cat.isMspOnly ?? false,
      type: cat.type ?? 'Standalone',
      cat,
    };
  }
  const seen = w.lineItems.find((li) => li.product.id === productId);
  return seen ? { ...seen.product, cat: null } : null;
}

function commitmentFor(
  id: string | undefined | null,
  ctx: EditContext,
  field: string,
): CommitmentTerm | null {
  if (!id) return null;
  const t = ctx.commitmentTerm(id);
  if (!t) refuse(field, 'is not a known commitment term', 'INVALID_REQUEST_FIELD');
  return t;
}

/**
 * Adds line items of the three kinds with the spec's rules that depend on the quote and the
 * catalogue: the 30-item limit, catalogue products and prices, and add-ons sent with (or
 * after) their parent. The items' fields were checked where they entered (the IPC schema,
 * built from the API's); they are trusted here. Returns the new items' local ids in input
 * order.
 */
export function addLineItems(w: WorkQuote, inputs: AddLineItemInput[], ctx: EditContext): string[] {
  assertEditable(w);
  if (w.lineItems.length + inputs.length > LIMITS.lineItems) {
    refuse(
      'lineItems',
      `a quote holds at most ${LIMITS.lineItems} line items (it has ${w.lineItems.length}, ${inputs.length} more requested)`,
      'LINE_ITEM_LIMIT_EXCEEDED',
    );
  }
  const errors: FieldError[] = [];
  const prepared: WorkLineItem[] = [];
  const products: (CatalogueProduct | null)[] = [];
  inputs.forEach((input, i) => {
    try {
      const { item, cat } = prepareItem(w, input, i, ctx);
      prepared.push(item);
      products.push(cat);
    } catch (err) {
      if (err instanceof StoreValidationError) errors.push(...err.details);
      else throw err;
    }
  });
  if (errors.length) throw new StoreValidationError(errors);

  // Relationships, once every item of the batch has its id.
  inputs.forEach((input, i) => {
    if (input.type === 'Custom') return;
    const item = prepared[i]!;
    const field = `lineItems[${i}]`;
    let parent: WorkLineItem | undefined;
    if (input.requiredLineItemIndex !== undefined) {
      if (input.requiredLineItemIndex === i || input.requiredLineItemIndex >= inputs.length) {
        errors.push(
          fieldError(
            `${field}.requiredLineItemIndex`,
            'must name another item of the same request',
            'QUOTE_VALIDATION',
          ),
        );
        return;
      }
      parent = prepared[input.requiredLineItemIndex];
    } else if (input.requiredLineItemId !== undefined) {
      parent = w.lineItems.find((li) => li.id === input.requiredLineItemId);
      if (!parent) {
        errors.push(
          fieldError(
            `${field}.requiredLineItemId`,
            'is not a line item of this quote',
            'QUOTE_LINE_ITEM_NOT_FOUND',
          ),
        );
        return;
      }
    }
    const requires = products[i]?.requiresProductId;
    if (requires) {
      if (!parent) {
        errors.push(
          fieldError(
            `${field}.requiredLineItemId`,
            `${item.product.name} is an add-on: add it together with its parent product or name the parent line item`,
            'QUOTE_VALIDATION',
          ),
        );
        return;
      }
      if (parent.product.id !== requires) {
        errors.push(
          fieldError(
            `${field}.requiredLineItemId`,
            `${item.product.name} requires a different parent product`,
            'QUOTE_VALIDATION',
          ),
        );
        return;
      }
    }
    item.requiredLineItemId = parent?.id ?? null;
  });
  if (errors.length) throw new StoreValidationError(errors);
  w.lineItems.push(...prepared);
  return prepared.map((p) => p.id);
}

// long: every rule for one line item that depends on the quote or the catalogue (product, price, commitment, usage terms), kind by kind
function prepareItem(
  w: WorkQuote,
  raw: AddLineItemInput,
  i: number,
  ctx: EditContext,
): { item: WorkLineItem; cat: CatalogueProduct | null } {
  const root = `lineItems[${i}]`;
  const input = repairText(raw);
  const base = {
    id: ctx.newId(),
    effectiveDate: input.effectiveDate ?? ctx.now,
    quantity: input.quantity,
    note: input.note ?? '',
    usageBased: null,
    requiredLineItemId: null,
    requiredSubscriptionId: null,
    subscriptionId: null,
    initialTotal: null,
    commitmentTerm: null,
    totals: zeroTotals(w.currency),
  };
  if (input.type === 'Custom') {
    return {
      item: {
        ...base,
        kind: 'Custom',
        product: {
          id: null,
          name: input.productName,
          sku: input.productSku ?? '',
          isMspOnly: false,
          type: 'Custom',
        },
        billingTerm: input.billingTerm,
        price: input.price,
        cost: input.cost,
        // A one-time item reads as price × quantity; a recurring one's is its setup fee.
        initialTotal:
          moneyKind(input.billingTerm) === 'initial'
            ? customInitialTotal(input.billingTerm, input.price, input.quantity)
            : input.initialTotal,
      },
      cat: null,
    };
  }
  const product = productFor(w, input.productId, ctx);
  if (!product)
    refuse(`${root}.productId`, 'is not a product of the catalogue', 'RESOURCE_NOT_FOUND');
  const { cat, ...workProduct } = product;
  const related = {
    requiredSubscriptionId: input.requiredSubscriptionId ?? null,
    subscriptionId: input.subscriptionId ?? null,
  };
  switch (input.type) {
    case 'Standard': {
      const price = priceFor(w, input.productId, input.billingTerm, ctx);
      if (!price)
        refuse(
          `${root}.billingTerm`,
          `${product.name} has no ${String(input.billingTerm)} price`,
          'QUOTE_VALIDATION',
        );
      const margin = w.salesMarginPercentage ?? 0;
      const defaultPrice =
        margin > 0 ? (suggestedPrice(price.cost, margin) ?? price.suggested) : price.suggested;
      return {
        item: {
          ...base,
          ...related,
          kind: 'Standard',
          product: workProduct,
          billingTerm: input.billingTerm,
          price: input.price ?? defaultPrice,
          cost: price.cost,
          commitmentTerm:
            commitmentFor(input.commitmentTermId, ctx, `${root}.commitmentTermId`) ??
            price.commitmentTerm,
        },
        cat,
      };
    }
    case 'UsageBased': {
      // The store's own callers may leave the usage terms to the catalogue copy.
      const usageBased = input.usageBased ?? cat?.usageBased;
      if (!usageBased)
        refuse(
          `${root}.usageBased`,
          `is required: the catalogue has no usage terms for ${product.name}`,
          'INVALID_REQUEST_FIELD',
        );
      return {
        item: {
          ...base,
          ...related,
          kind: 'UsageBased',
          product: workProduct,
          billingTerm: input.billingTerm,
          price: input.price,
          cost: input.cost,
          usageBased,
          commitmentTerm: commitmentFor(input.commitmentTermId, ctx, `${root}.commitmentTermId`),
        },
        cat,
      };
    }
    default:
      return unhandled(input);
  }
}

const ALLOWED_PATCH: Record<WorkLineItem['kind'], readonly string[]> = {
  Standard: ['id', 'effectiveDate', 'price', 'quantity', 'note', 'billingTerm', 'commitmentTermId'],
  Custom: [
    'id',
    'effectiveDate',
    'price',
    'quantity',
    'note',
    'billingTerm',
    'cost',
    'initialTotal',
    'productName',
    'productSku',
  ],
  UsageBased: [
    'id',
    'effectiveDate',
    'price',
    'quantity',
    'note',
    'billingTerm',
    'commitmentTermId',
    'cost',
    'usageBased',
  ],
};

/** Updates line items in place; their kind and relationships stay (spec rule 2). */
export function updateLineItems(w: WorkQuote, patches: LineItemPatch[], ctx: EditContext): void {
  assertEditable(w);
  const errors: FieldError[] = [];
  patches.forEach((patch, i) => {
    const root = `lineItems[${i}]`;
    const li = w.lineItems.find((x) => x.id === patch.id);
    if (!li) {
      errors.push(
        fieldError(`${root}.id`, 'is not a line item of this quote', 'QUOTE_LINE_ITEM_NOT_FOUND'),
      );
      return;
    }
    const extra = Object.keys(patch).filter((k) => !ALLOWED_PATCH[li.kind].includes(k));
    if (extra.length) {
      for (const k of extra) {
        errors.push(
          fieldError(
            `${root}.${k}`,
            `cannot be changed on a ${li.kind} line item`,
            'INVALID_REQUEST_FIELD',
          ),
        );
      }
      return;
    }
    // The patch's fields were checked where they entered (the IPC schema) and the item's own
    // were checked when it was made: what is left are the rules that depend on the item.
    if (li.kind === 'Custom' && patch.billingTerm !== undefined) {
      const term = CustomBillingTerm.safeParse(patch.billingTerm);
      if (!term.success) {
        errors.push(
          fieldError(
            `${root}.billingTerm`,
            `a Custom line item cannot be billed ${patch.billingTerm}`,
            'INVALID_REQUEST_FIELD',
          ),
        );
        return;
      }
    }
    const p = repairText(patch);
    try {
      const billingTerm = p.billingTerm ?? li.billingTerm;
      const wasOneTime = moneyKind(li.billingTerm) === 'initial';
      let cost = li.cost;
      let commitment = li.commitmentTerm;
      if (li.kind === 'Standard' && billingTerm !== li.billingTerm) {
        const price = li.product.id ? priceFor(w, li.product.id, billingTerm, ctx) : null;
        if (!price)
          refuse(
            `${root}.billingTerm`,
            `${li.product.name} has no ${billingTerm} price`,
            'QUOTE_VALIDATION',
          );
        cost = price.cost;
        commitment = price.commitmentTerm;
      }
      if (li.kind !== 'Custom' && p.commitmentTermId !== undefined) {
        commitment = commitmentFor(
          p.commitmentTermId ?? undefined,
          ctx,
          `${root}.commitmentTermId`,
        );
      }
      li.effectiveDate = p.effectiveDate ?? li.effectiveDate;
      li.price = p.price ?? li.price;
      li.quantity = p.quantity ?? li.quantity;
      li.note = p.note ?? li.note;
      li.billingTerm = billingTerm;
      li.commitmentTerm = li.kind === 'Custom' ? null : commitment;
      li.cost = li.kind === 'Standard' ? cost : (p.cost ?? li.cost);
      if (li.kind === 'Custom') {
        // One-time: the amount follows price × quantity as they are edited. Recurring: the
        // setup fee; a one-time item's whole amount does not become one when the term changes.
        li.initialTotal =
          moneyKind(billingTerm) === 'initial'
            ? customInitialTotal(billingTerm, li.price, li.quantity)
            : (p.initialTotal ?? (wasOneTime ? 0 : (li.initialTotal ?? 0)));
        li.product = {
          ...li.product,
          name: p.productName ?? li.product.name,
          sku: p.productSku ?? li.product.sku,
        };
      }
      if (li.kind === 'UsageBased') li.usageBased = p.usageBased ?? li.usageBased;
    } catch (err) {
      if (err instanceof StoreValidationError) errors.push(...err.details);
      else throw err;
    }
  });
  if (errors.length) throw new StoreValidationError(errors);
}

/** Deletes line items; a parent goes only together with its add-ons. */
export function deleteLineItems(w: WorkQuote, ids: string[]): void {
  assertEditable(w);
  const errors: FieldError[] = [];
  const gone = new Set(ids);
  ids.forEach((id, i) => {
    if (!w.lineItems.some((li) => li.id === id)) {
      errors.push(
        fieldError(
          `lineItemIds[${i}]`,
          'is not a line item of this quote',
          'QUOTE_LINE_ITEM_NOT_FOUND',
        ),
      );
    }
  });
  const keptAddOns = new Map<string, string[]>();
  for (const li of w.lineItems) {
    if (li.requiredLineItemId && gone.has(li.requiredLineItemId) && !gone.has(li.id)) {
      keptAddOns.set(li.requiredLineItemId, [
        ...(keptAddOns.get(li.requiredLineItemId) ?? []),
        li.product.name,
      ]);
    }
  }
  for (const [parent, names] of keptAddOns) {
    errors.push(
      fieldError(
        `lineItemIds[${ids.indexOf(parent)}]`,
        `is required by ${names.join(', ')}; delete ${names.length > 1 ? 'those add-ons' : 'that add-on'} too`,
        'QUOTE_VALIDATION',
      ),
    );
  }
  if (errors.length) throw new StoreValidationError(errors);
  w.lineItems = w.lineItems.filter((li) => !gone.has(li.id));
  for (const s of w.sections) {
    s.lineItems = s.lineItems
      .filter((x) => !gone.has(x.lineItemId))
      .map((x, i) => ({ ...x, order: i }));
  }
}

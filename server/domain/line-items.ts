import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  unhandled,
  type AddLineItemPayload,
  type ErrorDetails,
  type LineItemResponse,
  type UpdateLineItemPayload,
} from '../../common/api';
import { centsToAmount, lineTotalsCents, MAX_CENTS, UNIT_PLACES } from '../../common/money';
import { toScaled } from '../../common/money/decimal';
import type { Caller, Ctx } from '../context';
import { invalid, refused } from './errors';
import { lineItemResponse, lineMoney } from './line-item-view';
import { lineItemRows, refreshAggregates } from './quotes';
import type { LineItemRow, PricingRow, ProductRow, QuoteRow } from './rows';

/** Unit prices and costs keep 4 decimals (docs/architecture.md#money-and-totals); more are rounded half away from zero. */
function unit(value: number): number {
  return Number(toScaled(value, UNIT_PLACES, 'amount')) / 10 ** UNIT_PLACES + 0;
}

function product(ctx: Ctx, id: string): ProductRow | undefined {
  return ctx.sql<ProductRow>('SELECT * FROM products WHERE id = ?').get(id);
}

function pricing(ctx: Ctx, productId: string, term: string): PricingRow | undefined {
  return ctx
    .sql<PricingRow>('SELECT * FROM product_pricing WHERE product_id = ? AND billing_term = ?')
    .get(productId, term);
}

function commitmentTerm(ctx: Ctx, id: string): string | undefined {
  return ctx.sql<{ term: string }>('SELECT term FROM commitment_terms WHERE id = ?').get(id)?.term;
}

class Problems {
  readonly list: ErrorDetails[] = [];
  add(type: ErrorDetails['type'], message: string): void {
    this.list.push({ type, message });
  }
  throwIfAny(): void {
    if (this.list.length === 0) return;
    // The first problem's code leads; every problem is listed.
    throw invalid(this.list[0]!.type, this.list);
  }
}

type Draft = Omit<LineItemRow, 'totals_json'>;

function withTotals(d: Draft): LineItemRow {
  return {
    ...d,
    totals_json: JSON.stringify(lineTotalsCents(lineMoney({ ...d, totals_json: '' }))),
  };
}

/**
 * `withTotals`, or a problem naming the field when an amount is beyond what common/money holds
 * (MAX_CENTS). Price ≤ 1e9 and quantity ≤ 2^31−1 each pass the schema, but their product can
 * reach 2·10^18: that is bad input (400), not a failure of the server. Only the refusal does
 * the extra work of telling the amount from the cost apart.
 */
function checkedTotals(d: Draft, at: string, p: Problems): LineItemRow | undefined {
  try {
    return withTotals(d);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const most = centsToAmount(MAX_CENTS);
  let amountFits = true;
  try {
    lineTotalsCents({ ...lineMoney({ ...d, totals_json: '' }), unitCost: 0 });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    amountFits = false;
  }
  if (!amountFits) {
    p.add(
      'INVALID_REQUEST_FIELD',
      `${at}.price: price × quantity (${d.price} × ${d.quantity}) is more than the largest amount a line can hold (${most})`,
    );
  } else {
    // The cost that did not fit: the catalogue's (Standard: only the quantity is the caller's)
    // or the caller's own.
    switch (d.kind) {
      case 'Standard':
        p.add(
          'INVALID_REQUEST_FIELD',
          `${at}.quantity: the catalogue unit cost × quantity (${d.cost} × ${d.quantity}) is more than the largest amount a line can hold (${most})`,
        );
        break;
      case 'Custom':
      case 'UsageBased':
        p.add(
          'INVALID_REQUEST_FIELD',
          `${at}.cost: cost × quantity (${d.cost} × ${d.quantity}) is more than the largest amount a line can hold (${most})`,
        );
        break;
      default:
        unhandled(d.kind);
    }
  }
  return undefined;
}

const INSERT = `INSERT INTO line_items (id, quote_id, position, kind, product_id, product_name, product_sku,
  product_type, is_msp_only, billing_term, commitment_term_id, commitment_term, price, cost, quantity,
  initial_total, effective_date, note, usage_type, usage_display_note, required_line_item_id,
  required_subscription_id, subscription_id, totals_json)
  VALUES (@id, @quote_id, @position, @kind, @product_id, @product_name, @product_sku, @product_type,
  @is_msp_only, @billing_term, @commitment_term_id, @commitment_term, @price, @cost, @quantity,
  @initial_total, @effective_date, @note, @usage_type, @usage_display_note, @required_line_item_id,
  @required_subscription_id, @subscription_id, @totals_json)`;

/** Resolves the catalogue side of a Standard / UsageBased line (product, unit cost, commitment). */
function catalogueLine(
  ctx: Ctx,
  p: Problems,
  at: string,
  item: {
    type: string;
    productId: string;
    billingTerm: string;
    commitmentTermId?: string | undefined;
  },
) {
  const prod = product(ctx, item.productId);
  if (!prod) {
    p.add('INVALID_REQUEST_FIELD', `${at}.productId: no product with id ${item.productId}`);
    return undefined;
  }
  const price = pricing(ctx, prod.id, item.billingTerm);
  if (item.type === 'Standard' && !price) {
    p.add(
      'QUOTE_VALIDATION',
      `${at}.billingTerm: ${prod.name} is not sold with billing term ${item.billingTerm}`,
    );
    return undefined;
  }
  if (item.type === 'UsageBased' && !prod.usage_type) {
    p.add(
      'USAGE_BASED_PARAMETERS_MISCONFIGURATION',
      `${at}.productId: ${prod.name} has no usage-based pricing`,
    );
    return undefined;
  }
  const termId = item.commitmentTermId ?? price?.commitment_term_id ?? null;
  let term: string | null = null;
  if (termId) {
    term = commitmentTerm(ctx, termId) ?? null;
    if (term === null) {
      p.add(
        'INVALID_REQUEST_FIELD',
        `${at}.commitmentTermId: no commitment term with id ${termId}`,
      );
      return undefined;
    }
  }
  return { prod, unitCost: price?.cost ?? 0, termId, term };
}

/**
 * Adds line items (docs/architecture.md#add-ons; spec rules 1 and 3). All or nothing: every problem is
 * reported and nothing is written when there is one.
 */
// long: all-or-nothing: every item checked against the spec's rules, then written, in one transaction
export function addLineItems(
  ctx: Ctx,
  _caller: Caller,
  quote: QuoteRow,
  items: AddLineItemPayload[],
  currency: string,
): LineItemResponse[] {
  return ctx.db.transaction(() => {
    const existing = lineItemRows(ctx, quote.id);
    if (existing.length + items.length > LIMITS.lineItems) {
      throw refused(
        'LINE_ITEM_LIMIT_EXCEEDED',
        `lineItems: a quote holds at most ${LIMITS.lineItems} line items (has ${existing.length}, adding ${items.length})`,
      );
    }
    const p = new Problems();
    const ids = items.map(() => randomUUID());
    const byId = new Map(existing.map((l) => [l.id, l]));
    let position = existing.reduce((m, l) => Math.max(m, l.position), -1) + 1;
    const drafts: Draft[] = [];
    const productOf: (string | null)[] = [];

    items.forEach((item, i) => {
      const at = `[${i}]`;
      const base = {
        id: ids[i]!,
        quote_id: quote.id,
        position: position++,
        kind: item.type,
        billing_term: item.billingTerm,
        price: unit(item.price),
        quantity: item.quantity,
        effective_date: new Date(item.effectiveDate).toISOString(),
        note: item.note ?? '',
        required_line_item_id: null,
        required_subscription_id: null,
        subscription_id: null,
        initial_total: null,
        usage_type: null,
        usage_display_note: null,
        commitment_term_id: null,
        commitment_term: null,
      };
      if (item.type === 'Custom') {
        productOf.push(null);
        drafts.push({
          ...base,
          product_id: randomUUID(),
          product_name: item.productName,
          product_sku: item.productSku ?? '',
          product_type: 'Custom',
          is_msp_only: 0,
          cost: unit(item.cost),
          initial_total: item.initialTotal,
        });
        return;
      }
      const c = catalogueLine(ctx, p, at, item);
      productOf.push(c?.prod.id ?? null);
      if (!c) {
        drafts.push(undefined as unknown as Draft);
        return;
      }
      drafts.push({
        ...base,
        product_id: c.prod.id,
        product_name: c.prod.name,
        product_sku: c.prod.sku,
        product_type: c.prod.type,
        is_msp_only: c.prod.is_msp_only,
        cost: item.type === 'UsageBased' ? unit(item.cost) : unit(c.unitCost),
        commitment_term_id: c.termId,
        commitment_term: c.term,
        required_subscription_id: item.requiredSubscriptionId ?? null,
        subscription_id: item.subscriptionId ?? null,
        ...(item.type === 'UsageBased'
          ? {
              usage_type: item.usageBased.type,
              usage_display_note: item.usageBased.displayNote ? 1 : 0,
            }
          : {}),
      });
    });

    // Relationships, once every product of the request is known.
    items.forEach((item, i) => {
      if (item.type === 'Custom' || !drafts[i]) return;
      const at = `[${i}]`;
      const prod = product(ctx, item.productId)!;
      let parentProduct: string | null | undefined;
      if (item.requiredLineItemIndex !== undefined && item.requiredLineItemId !== undefined) {
        p.add(
          'QUOTE_VALIDATION',
          `${at}: give requiredLineItemIndex or requiredLineItemId, not both`,
        );
        return;
      }
      if (item.requiredLineItemIndex !== undefined) {
        const j = item.requiredLineItemIndex;
        if (j >= items.length || j === i) {
          p.add(
            'QUOTE_VALIDATION',
            `${at}.requiredLineItemIndex: ${j} is not another item of this request`,
          );
          return;
        }
        drafts[i]!.required_line_item_id = ids[j]!;
        parentProduct = productOf[j];
      } else if (item.requiredLineItemId !== undefined) {
        const parent = byId.get(item.requiredLineItemId);
        if (!parent) {
          p.add(
            'LINE_ITEM_NOT_FOUND',
            `${at}.requiredLineItemId: no line item ${item.requiredLineItemId} on this quote`,
          );
          return;
        }
        drafts[i]!.required_line_item_id = parent.id;
        parentProduct = parent.product_id;
      }
      if (prod.requires_product_id) {
        if (parentProduct === undefined) {
          p.add(
            'QUOTE_VALIDATION',
            `${at}.requiredLineItemIndex: ${prod.name} is an add-on and needs its parent product on the quote (requiredLineItemIndex or requiredLineItemId)`,
          );
        } else if (parentProduct !== prod.requires_product_id) {
          const parentName =
            product(ctx, prod.requires_product_id)?.name ?? prod.requires_product_id;
          p.add(
            'QUOTE_VALIDATION',
            `${at}: ${prod.name} must be attached to a ${parentName} line item`,
          );
        }
      }
    });
    const rows: LineItemRow[] = [];
    drafts.forEach((d, i) => {
      const row = d && checkedTotals(d, `[${i}]`, p);
      if (row) rows.push(row);
    });
    p.throwIfAny();

    const insert = ctx.sql(INSERT);
    for (const r of rows) insert.run(r);
    refreshAggregates(ctx, quote.id, [...existing, ...rows]);
    return rows.map((r) => lineItemResponse(r, currency));
  })();
}

export function updateLineItems(
  ctx: Ctx,
  quote: QuoteRow,
  items: UpdateLineItemPayload[],
  currency: string,
): LineItemResponse[] {
  return ctx.db.transaction(() => {
    const existing = new Map(lineItemRows(ctx, quote.id).map((l) => [l.id, l]));
    const p = new Problems();
    const seen = new Set<string>();
    const updated: LineItemRow[] = [];
    items.forEach((item, i) => {
      const at = `[${i}]`;
      if (seen.has(item.id)) {
        p.add('INVALID_REQUEST_FIELD', `${at}.id: line item ${item.id} is given twice`);
        return;
      }
      seen.add(item.id);
      const row = existing.get(item.id);
      if (!row) {
        p.add('LINE_ITEM_NOT_FOUND', `${at}.id: no line item ${item.id} on this quote`);
        return;
      }
      if (row.kind !== item.type) {
        p.add(
          'QUOTE_VALIDATION',
          `${at}.type: line item ${item.id} is ${row.kind}, not ${item.type}`,
        );
        return;
      }
      const next: Draft = {
        ...row,
        billing_term: item.billingTerm,
        price: unit(item.price),
        quantity: item.quantity,
        effective_date: new Date(item.effectiveDate).toISOString(),
        note: item.note ?? row.note,
      };
      if (item.type === 'Custom') {
        next.product_name = item.productName;
        next.product_sku = item.productSku ?? row.product_sku;
        next.cost = unit(item.cost);
        next.initial_total = item.initialTotal;
      } else {
        const termChanged = item.billingTerm !== row.billing_term;
        const c = catalogueLine(ctx, p, at, {
          type: item.type,
          productId: row.product_id!,
          billingTerm: item.billingTerm,
          commitmentTermId:
            item.commitmentTermId ??
            (termChanged ? undefined : (row.commitment_term_id ?? undefined)),
        });
        if (!c) return;
        next.commitment_term_id = c.termId;
        next.commitment_term = c.term;
        if (item.type === 'Standard') next.cost = unit(c.unitCost);
        else {
          next.cost = unit(item.cost);
          next.usage_type = item.usageBased.type;
          next.usage_display_note = item.usageBased.displayNote ? 1 : 0;
        }
      }
      const checked = checkedTotals(next, at, p);
      if (checked) updated.push(checked);
    });
    p.throwIfAny();
    const stmt = ctx.sql(
      `UPDATE line_items SET billing_term = @billing_term, price = @price, quantity = @quantity,
        effective_date = @effective_date, note = @note, product_name = @product_name, product_sku = @product_sku,
        cost = @cost, initial_total = @initial_total, commitment_term_id = @commitment_term_id,
        commitment_term = @commitment_term, usage_type = @usage_type, usage_display_note = @usage_display_note,
        totals_json = @totals_json WHERE id = @id`,
    );
    for (const r of updated) stmt.run(r);
    refreshAggregates(ctx, quote.id);
    return updated.map((r) => lineItemResponse(r, currency));
  })();
}

/** Deletes line items; a parent cannot go while one of its add-ons stays (docs/architecture.md#add-ons). */
export function deleteLineItems(ctx: Ctx, quote: QuoteRow, ids: string[]): void {
  ctx.db.transaction(() => {
    const existing = new Map(lineItemRows(ctx, quote.id).map((l) => [l.id, l]));
    const gone = new Set(ids);
    const p = new Problems();
    ids.forEach((id, i) => {
      if (!existing.has(id))
        p.add('LINE_ITEM_NOT_FOUND', `lineItemIds[${i}]: no line item ${id} on this quote`);
    });
    p.throwIfAny();
    for (const l of existing.values()) {
      if (l.required_line_item_id && gone.has(l.required_line_item_id) && !gone.has(l.id)) {
        p.add(
          'QUOTE_VALIDATION',
          `lineItemIds: line item ${l.required_line_item_id} is required by add-on ${l.id} (${l.product_name}); delete the add-on too`,
        );
      }
    }
    p.throwIfAny();
    const delItem = ctx.sql('DELETE FROM line_items WHERE id = ?');
    const delSection = ctx.sql('DELETE FROM section_items WHERE line_item_id = ?');
    for (const id of gone) {
      delSection.run(id);
      delItem.run(id);
    }
    refreshAggregates(ctx, quote.id);
  })();
}

import {
  billingTermToPricingTerm,
  type BillingTerm,
  type CatalogueProduct,
  type CatalogueQuery,
  type CompaniesPage,
  type Company,
  type PricingResponse,
  type ProductsPage,
} from '../../common/api';
import { moneyKind } from '../../common/money';
import type { Caller, Ctx } from '../context';
import { refused } from './errors';
import type { PricingRow, ProductRow } from './rows';

function pageOf(q: CatalogueQuery, total: number) {
  return {
    number: q.page,
    size: q.size,
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
  };
}

export function companies(ctx: Ctx, caller: Caller, q: CatalogueQuery): CompaniesPage {
  const term = q.search?.trim().toLowerCase() ?? '';
  const where = 'partner_id = ? AND instr(lower(name), ?) > 0';
  const total = ctx
    .sql<{ n: number }>(`SELECT count(*) AS n FROM clients WHERE ${where}`)
    .get(caller.partner.id, term)!.n;
  const rows = ctx
    .sql<{
      id: string;
      name: string;
      is_shadow: number;
      status: string;
      address_json: string | null;
    }>(`SELECT * FROM clients WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
    .all(caller.partner.id, term, q.size, q.page * q.size);
  const content: Company[] = rows.map((r) => {
    const a = r.address_json ? (JSON.parse(r.address_json) as Company['address']) : undefined;
    return {
      id: r.id,
      name: r.name,
      address: a ?? { street: '', city: '', stateOrProvince: '', postalCode: '', country: '' },
      status: r.status,
      isShadowCompany: r.is_shadow === 1,
    };
  });
  return { content, page: pageOf(q, total) };
}

export function products(ctx: Ctx, q: CatalogueQuery): ProductsPage {
  const term = q.search?.trim().toLowerCase() ?? '';
  const where = "instr(lower(name || ' ' || sku || ' ' || vendor_name), ?) > 0";
  const total = ctx
    .sql<{ n: number }>(`SELECT count(*) AS n FROM products WHERE ${where}`)
    .get(term)!.n;
  const rows = ctx
    .sql<ProductRow>(
      `SELECT * FROM products WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`,
    )
    .all(term, q.size, q.page * q.size);
  const content: CatalogueProduct[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    vendorName: r.vendor_name,
    sku: r.sku,
    requiresCommitment: r.requires_commitment === 1,
    isMspOnly: r.is_msp_only === 1,
    type: r.type as CatalogueProduct['type'],
    ...(r.usage_type
      ? {
          usageBased: {
            type: r.usage_type as 'PRICE_FLAT' | 'PRICE_VARIES' | 'QTY_VARIES',
            displayNote: r.usage_display_note === 1,
          },
        }
      : {}),
    ...(r.requires_product_id ? { requiresProductId: r.requires_product_id } : {}),
  }));
  return { content, page: pageOf(q, total) };
}

const CHARGE_TYPES = { initial: 'OneTime', recurring: 'Recurring', none: 'Trial' } as const;

export function pricing(ctx: Ctx, productId: string): PricingResponse {
  const product = ctx.sql<ProductRow>('SELECT * FROM products WHERE id = ?').get(productId);
  if (!product) throw refused('RESOURCE_NOT_FOUND', `id: no product with id ${productId}`);
  const rows = ctx
    .sql<PricingRow & { term: string | null }>(
      `SELECT p.*, t.term FROM product_pricing p LEFT JOIN commitment_terms t ON t.id = p.commitment_term_id
       WHERE p.product_id = ? ORDER BY p.rowid`,
    )
    .all(productId);
  return {
    content: rows.map((r) => ({
      productId,
      billingTerm: billingTermToPricingTerm(r.billing_term as BillingTerm),
      commitmentTerm: r.commitment_term_id
        ? { id: r.commitment_term_id, term: r.term ?? '' }
        : null,
      type: product.usage_type ? 'UsageBased' : 'Standard',
      rates: [
        {
          partnerBuyRate: r.cost,
          suggestedRetailPrice: r.suggested_price,
          chargeType: CHARGE_TYPES[moneyKind(r.billing_term)],
        },
      ],
    })),
  };
}

import { z } from 'zod';
import { BillingTerm, ProductType } from './enums';
import { PageInfo } from './list';
import { UsageBased } from './resources';

/**
 * Read-only catalogue, shaped like the platform's partner API v1 (docs/architecture.md#catalogue). Fields
 * after the comment are our server's extensions, optional for other servers.
 */
export const Address = z.object({
  street: z.string(),
  street2: z.string().optional(),
  city: z.string(),
  stateOrProvince: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

export const Company = z.object({
  id: z.string(),
  name: z.string(),
  address: Address,
  status: z.string(),
  // extensions
  isShadowCompany: z.boolean().optional(),
});
export type Company = z.infer<typeof Company>;

export const CatalogueProduct = z.object({
  id: z.string(),
  name: z.string(),
  vendorName: z.string(),
  sku: z.string(),
  requiresCommitment: z.boolean(),
  // extensions
  isMspOnly: z.boolean().optional(),
  type: ProductType.optional(),
  usageBased: UsageBased.optional(),
  requiresProductId: z.string().optional(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

/** The pricing API spells `2-Year` / `3-Year` where quotes spell `2 Year` / `3 Year`. */
export const PricingBillingTerm = z.string();
export function pricingTermToBillingTerm(term: string): BillingTerm | undefined {
  const normalized = term.replace(/^(\d)-Year$/, '$1 Year');
  const r = BillingTerm.safeParse(normalized);
  return r.success ? r.data : undefined;
}
export function billingTermToPricingTerm(term: BillingTerm): string {
  return term === '2 Year' || term === '3 Year' ? term.replace(' ', '-') : term;
}

export const Rate = z.object({
  partnerBuyRate: z.number(),
  suggestedRetailPrice: z.number(),
  chargeType: z.string(),
});
export type Rate = z.infer<typeof Rate>;

export const ProductPricing = z.object({
  productId: z.string(),
  billingTerm: PricingBillingTerm,
  commitmentTerm: z.object({ id: z.string(), term: z.string() }).nullable().optional(),
  type: z.string(),
  rates: z.array(Rate),
});
export type ProductPricing = z.infer<typeof ProductPricing>;

export const PricingResponse = z.object({ content: z.array(ProductPricing) });
export type PricingResponse = z.infer<typeof PricingResponse>;

export const cataloguePage = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), page: PageInfo });
export const CompaniesPage = cataloguePage(Company);
export type CompaniesPage = z.infer<typeof CompaniesPage>;
export const ProductsPage = cataloguePage(CatalogueProduct);
export type ProductsPage = z.infer<typeof ProductsPage>;

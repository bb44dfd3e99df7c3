import { z } from 'zod';
import {
  AccountType,
  BillingTerm,
  IntentType,
  ProductType,
  QuoteStatus,
  UsageBasedType,
} from '../../common/api';

// The seed format of fixtures/demo-seed.json. Everything added beyond that file is optional,
// so it keeps loading as it is.
const id = z.guid();

const Address = z.object({
  street: z.string(),
  street2: z.string().optional(),
  city: z.string(),
  stateOrProvince: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

const SeedClient = z.object({
  id,
  name: z.string().min(1),
  isShadowCompany: z.boolean(),
  status: z.string().optional(),
  address: Address.optional(),
});

const SeedUser = z.object({
  id,
  fullName: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.string(),
});

const SeedCredential = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  userId: id,
});

const SeedPreferences = z.object({
  daysToExpire: z.number().int().min(1),
  introMessage: z.string(),
  termsAndDisclaimers: z.string(),
  salesMarginPercentage: z.number().optional(),
});

const SeedPartner = z.object({
  id,
  name: z.string(),
  street: z.string(),
  street2: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
  stateOrProvinceCode: z.string(),
  country: z.string().optional(),
  parentPartner: z.object({ parentPartnerId: id, parentPartnerName: z.string() }).optional(),
  currency: z.string().optional(),
  users: z.array(SeedUser),
  credentials: z.array(SeedCredential),
  clients: z.array(SeedClient),
  preferences: SeedPreferences.optional(),
});

const SeedPricing = z.object({
  billingTerm: BillingTerm,
  cost: z.number().min(0),
  suggestedPrice: z.number().min(0),
  commitmentTermId: id.optional(),
});

const SeedProduct = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  vendorName: z.string().optional(),
  isMspOnly: z.boolean(),
  type: ProductType,
  requiresProductId: id.optional(),
  requiresCommitment: z.boolean().optional(),
  usageBased: z.object({ type: UsageBasedType, displayNote: z.boolean() }).optional(),
  pricing: z.array(SeedPricing).min(1),
});

/** A line of a seeded quote: the API's add payload, so seeded quotes follow the API's rules. */
const SeedLineItem = z.record(z.string(), z.unknown());

const SeedQuote = z.object({
  id,
  partnerId: id,
  clientId: id,
  createdBy: id,
  ownedBy: id.optional(),
  status: QuoteStatus,
  intentType: IntentType.optional(),
  referenceCode: z.string().optional(),
  /** Days before now (0 = today); keeps a demo's dates fresh whenever it is seeded. */
  createdDaysAgo: z.number().int().min(0).optional(),
  /** Days before now of its last change (`updatedOn`); without it, seeding's own time. */
  updatedDaysAgo: z.number().int().min(0).optional(),
  expiresInDays: z.number().int().optional(),
  introMessage: z.string().optional(),
  termsAndDisclaimers: z.string().optional(),
  salesMarginPercentage: z.number().optional(),
  lineItems: z.array(SeedLineItem).optional(),
  sections: z
    .array(z.object({ name: z.string(), lineItems: z.array(z.number().int().min(0)) }))
    .optional(),
  accessList: z
    .array(
      z.object({
        email: z.string(),
        accountType: AccountType.optional(),
        accountName: z.string().optional(),
        accountRole: z.string().optional(),
      }),
    )
    .optional(),
  respondedBy: z.object({ email: z.string(), fullName: z.string() }).optional(),
});

export const SeedFile = z.object({
  currency: z.string().default('USD'),
  partners: z.array(SeedPartner),
  commitmentTerms: z.array(z.object({ id, term: z.string() })).default([]),
  products: z.array(SeedProduct).default([]),
  quotes: z.array(SeedQuote).default([]),
});
export type SeedFile = z.infer<typeof SeedFile>;
export type SeedQuote = z.infer<typeof SeedQuote>;

import { z } from 'zod';
import {
  AccountType,
  BillingTerm,
  IntentType,
  ProductType,
  QuoteStatus,
  UsageBasedType,
} from './enums';

/** Response shapes of the spec. Unknown extra fields are tolerated (stripped), never refused. */

export const AmountCurrency = z.object({ amount: z.number(), currency: z.string() });
export type AmountCurrency = z.infer<typeof AmountCurrency>;

export const InvoiceTotals = z.object({
  initialCost: AmountCurrency,
  initialProfit: AmountCurrency,
  initialTotal: AmountCurrency,
  recurringCost: AmountCurrency,
  recurringProfit: AmountCurrency,
  recurringTotal: AmountCurrency,
});
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

export const ClientDetails = z.object({
  id: z.string(),
  name: z.string(),
  isShadowCompany: z.boolean(),
});
export type ClientDetails = z.infer<typeof ClientDetails>;

export const ParentPartnerDetails = z.object({
  parentPartnerId: z.string(),
  parentPartnerName: z.string(),
});
export type ParentPartnerDetails = z.infer<typeof ParentPartnerDetails>;

export const PartnerDetails = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  postcode: z.string(),
  stateOrProvinceCode: z.string(),
  street: z.string(),
  country: z.string().optional(),
  street2: z.string().optional(),
  parentPartner: ParentPartnerDetails.optional(),
});
export type PartnerDetails = z.infer<typeof PartnerDetails>;

export const QuoteListPartnerDetails = z.object({
  id: z.string(),
  name: z.string(),
  parentPartner: ParentPartnerDetails.optional(),
});
export type QuoteListPartnerDetails = z.infer<typeof QuoteListPartnerDetails>;

export const OwnedByDetails = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.string(),
});
export type OwnedByDetails = z.infer<typeof OwnedByDetails>;

export const UserModel = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  fullName: z.string(),
  ipAddress: z.string().optional(),
  quoteAcceptedByName: z.string().optional(),
  userRole: z.string().optional(),
});
export type UserModel = z.infer<typeof UserModel>;

export const RespondedBy = z.object({
  email: z.string(),
  fullName: z.string(),
  ipAddress: z.string().optional(),
});
export type RespondedBy = z.infer<typeof RespondedBy>;

export const CommitmentTerm = z.object({ id: z.string(), term: z.string() });
export type CommitmentTerm = z.infer<typeof CommitmentTerm>;

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  isMspOnly: z.boolean(),
  type: ProductType,
});
export type Product = z.infer<typeof Product>;

export const UsageBased = z.object({
  displayNote: z.boolean({ error: 'must be true or false' }),
  type: UsageBasedType,
});
export type UsageBased = z.infer<typeof UsageBased>;

export const LineItemRelationship = z.object({
  requiredLineItemId: z.string().optional(),
  requiredSubscriptionId: z.string().optional(),
});
export type LineItemRelationship = z.infer<typeof LineItemRelationship>;

export const LineItemResponse = z.object({
  id: z.string(),
  billingTerm: BillingTerm,
  cost: AmountCurrency,
  price: AmountCurrency,
  effectiveDate: z.string(),
  note: z.string(),
  product: Product,
  quantity: z.number().int(),
  totals: InvoiceTotals,
  commitmentTerm: CommitmentTerm.optional(),
  relationship: LineItemRelationship.optional(),
  subscriptionId: z.string().optional(),
  usageBased: UsageBased.optional(),
});
export type LineItemResponse = z.infer<typeof LineItemResponse>;

/** The spec declares `lineItems` as one object; servers may send one object or an array. */
export function normalizeLineItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined) return [];
  return [value];
}
export const LineItemList = z.preprocess(normalizeLineItems, z.array(LineItemResponse));

export const CreatedBy = z.object({ fullName: z.string(), id: z.string(), role: z.string() });
export type CreatedBy = z.infer<typeof CreatedBy>;

export const AttachmentResponse = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  type: z.string(),
  url: z.string(),
  createdOn: z.string(),
  createdBy: CreatedBy,
  replacedOn: z.string().optional(),
});
export type AttachmentResponse = z.infer<typeof AttachmentResponse>;
export const AttachmentList = z.array(AttachmentResponse);

export const AccessListEntry = z.object({
  id: z.string(),
  email: z.string(),
  accountType: AccountType,
  link: z.string(),
  accountName: z.string().optional(),
  accountRole: z.string().optional(),
  userId: z.string().optional(),
});
export type AccessListEntry = z.infer<typeof AccessListEntry>;
export const AccessListResponse = z.object({ accessList: z.array(AccessListEntry) });
export type AccessListResponse = z.infer<typeof AccessListResponse>;

export const SectionLineItem = z.object({
  lineItemId: z.string(),
  order: z.number().int(),
});
export type SectionLineItem = z.infer<typeof SectionLineItem>;

export const Section = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  lineItems: z.array(SectionLineItem),
});
export type Section = z.infer<typeof Section>;
export const SectionsResponse = z.object({ sections: z.array(Section) });
export type SectionsResponse = z.infer<typeof SectionsResponse>;

export const QuoteResponse = z.object({
  id: z.string(),
  status: QuoteStatus,
  client: ClientDetails,
  partner: PartnerDetails,
  createdBy: z.string(),
  createdByEmail: z.string(),
  createdOn: z.string(),
  expiresOn: z.string(),
  introMessage: z.string(),
  termsAndDisclaimers: z.string(),
  published: z.boolean(),
  referenceCode: z.string(),
  attachments: z.array(AttachmentResponse),
  lineItems: LineItemList,
  totals: InvoiceTotals,
  publishedOn: z.string().optional(),
  respondedOn: z.string().optional(),
  revokedOn: z.string().optional(),
  quoteRequestId: z.string().optional(),
  salesMarginPercentage: z.number().optional(),
  intentType: IntentType.optional(),
  ownedBy: UserModel.optional(),
  acceptedBy: RespondedBy.optional(),
  declinedBy: RespondedBy.optional(),
  /** Not in the spec's table; our server sends it, other servers may not. */
  updatedOn: z.string().optional(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

export const PreferencesResponse = z.object({
  attachments: z.array(AttachmentResponse),
  daysToExpire: z.number().int(),
  introMessage: z.string(),
  salesMarginPercentage: z.number(),
  termsAndDisclaimers: z.string(),
});
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;

export const QuotePreferencesResult = z.object({
  daysToExpire: z.number().int(),
  introMessage: z.string(),
  salesMarginPercentage: z.number(),
  termsAndDisclaimers: z.string(),
});
export type QuotePreferencesResult = z.infer<typeof QuotePreferencesResult>;

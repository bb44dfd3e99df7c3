import { z } from 'zod';

export const QuoteStatus = z.enum([
  'draft',
  'assigned',
  'sent',
  'closed',
  'declined',
  'accepted',
  'changes_requested',
  'expired',
  'pending',
]);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** Statuses in which header, line items, sections and attachments may change (docs/architecture.md#statuses-and-transitions). */
export const EDITABLE_STATUSES: readonly QuoteStatus[] = ['draft', 'assigned', 'changes_requested'];
/** Statuses in which the access list may no longer change. */
export const ACCESS_LIST_FROZEN_STATUSES: readonly QuoteStatus[] = [
  'accepted',
  'declined',
  'closed',
];

export const BillingTerm = z.enum([
  'Monthly',
  'Annual',
  '1 Year',
  '2 Year',
  '3 Year',
  'Trial',
  'Activation',
  'One-Time',
]);
export type BillingTerm = z.infer<typeof BillingTerm>;

export const CustomBillingTerm = z.enum(['Monthly', 'Annual', 'Trial', 'One-Time']);
export type CustomBillingTerm = z.infer<typeof CustomBillingTerm>;

export const IntentType = z.enum([
  'PARTNER_TO_CLIENT',
  'PLATFORM_TO_PARTNER',
  'PLATFORM_TO_PARTNER_CLIENT',
]);
export type IntentType = z.infer<typeof IntentType>;

export const AccountType = z.enum(['user', 'contact', 'guest']);
export type AccountType = z.infer<typeof AccountType>;

export const ListAccount = z.enum(['user', 'partner']);
export type ListAccount = z.infer<typeof ListAccount>;

export const ProductType = z.enum(['Standalone', 'Solution', 'Custom']);
export type ProductType = z.infer<typeof ProductType>;

export const UsageBasedType = z.enum(['PRICE_FLAT', 'PRICE_VARIES', 'QTY_VARIES']);
export type UsageBasedType = z.infer<typeof UsageBasedType>;

export const LineItemKind = z.enum(['Standard', 'Custom', 'UsageBased']);
export type LineItemKind = z.infer<typeof LineItemKind>;

/** Fields `GET /v2/quotes` may sort by. */
export const SortField = z.enum([
  'id',
  'status',
  'client.name',
  'createdBy',
  'createdOn',
  'updatedOn',
  'totals.initialTotal',
  'totals.recurringTotal',
]);
export type SortField = z.infer<typeof SortField>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

// Named schemas of the document. Names go into zod-to-openapi's own metadata registry for the
// contract's schema instances themselves, so every place that uses one (e.g. InvoiceTotals in
// QuoteResponse) becomes a $ref instead of a copy, without touching common/api.
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import * as api from '../../common/api';

/**
 * The spec declares `lineItems` as a single LineItemResponse; this server sends an array, and
 * clients accept either (common/api normalizes). The contract's preprocess step cannot be
 * expressed in a schema, so the document states both shapes.
 */
export const QuoteResponse = api.QuoteResponse.extend({
  lineItems: z.union([api.LineItemResponse, z.array(api.LineItemResponse)]).meta({
    description:
      'Declared by the spec as one LineItemResponse; this server sends an array of them. Clients accept both.',
  }),
});

export const COMPONENTS = {
  // enums
  QuoteStatus: api.QuoteStatus,
  BillingTerm: api.BillingTerm,
  CustomBillingTerm: api.CustomBillingTerm,
  IntentType: api.IntentType,
  AccountType: api.AccountType,
  ProductType: api.ProductType,
  UsageBasedType: api.UsageBasedType,
  ErrorCode: api.ErrorCode,
  // resources
  AmountCurrency: api.AmountCurrency,
  InvoiceTotals: api.InvoiceTotals,
  ClientDetails: api.ClientDetails,
  ParentPartnerDetails: api.ParentPartnerDetails,
  PartnerDetails: api.PartnerDetails,
  QuoteListPartnerDetails: api.QuoteListPartnerDetails,
  OwnedByDetails: api.OwnedByDetails,
  UserModel: api.UserModel,
  RespondedBy: api.RespondedBy,
  CommitmentTerm: api.CommitmentTerm,
  Product: api.Product,
  UsageBased: api.UsageBased,
  LineItemRelationship: api.LineItemRelationship,
  LineItemResponse: api.LineItemResponse,
  CreatedBy: api.CreatedBy,
  AttachmentResponse: api.AttachmentResponse,
  AccessListEntry: api.AccessListEntry,
  AccessListResponse: api.AccessListResponse,
  SectionLineItem: api.SectionLineItem,
  Section: api.Section,
  SectionsResponse: api.SectionsResponse,
  QuoteResponse,
  PageInfo: api.PageInfo,
  ListStatusCounts: api.ListStatusCounts,
  ListLineItemCounts: api.ListLineItemCounts,
  ListTotals: api.ListTotals,
  ListContent: api.ListContent,
  ListResponse: api.ListResponse,
  PreferencesResponse: api.PreferencesResponse,
  QuotePreferencesResult: api.QuotePreferencesResult,
  ErrorDetails: api.ErrorDetails,
  ErrorResponse: api.ErrorResponse,
  // requests
  CreateQuotePayload: api.CreateQuotePayload,
  UpdateQuotePayload: api.UpdateQuotePayload,
  AddStandardLineItem: api.AddStandardLineItem,
  AddCustomLineItem: api.AddCustomLineItem,
  AddUsageBasedLineItem: api.AddUsageBasedLineItem,
  AddLineItemPayload: api.AddLineItemPayload,
  UpdateStandardLineItem: api.UpdateStandardLineItem,
  UpdateCustomLineItem: api.UpdateCustomLineItem,
  UpdateUsageBasedLineItem: api.UpdateUsageBasedLineItem,
  UpdateLineItemPayload: api.UpdateLineItemPayload,
  DeleteLineItemsPayload: api.DeleteLineItemsPayload,
  CreateSectionPayload: api.CreateSectionPayload,
  SectionPayload: api.SectionPayload,
  SectionsPayload: api.SectionsPayload,
  AddAccessListEntryPayload: api.AddAccessListEntryPayload,
  UpdateAttachmentPayload: api.UpdateAttachmentPayload,
  CopyAttachmentPayload: api.CopyAttachmentPayload,
  PreferencesPayload: api.PreferencesPayload,
  AddPreferenceAttachmentsPayload: api.AddPreferenceAttachmentsPayload,
} satisfies Record<string, z.ZodType>;

/** Gives each contract schema its component name, and ids their uuid format (idempotent). */
export function nameComponents(): void {
  if (!zodToOpenAPIRegistry.has(api.Uuid)) zodToOpenAPIRegistry.add(api.Uuid, { format: 'uuid' });
  for (const [refId, schema] of Object.entries(COMPONENTS)) {
    const current = zodToOpenAPIRegistry.get(schema);
    if (current?._internal?.refId === refId) continue;
    zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current?._internal, refId } });
  }
}

// The 33 operations of the spec's endpoint tables (library attachments 7, preferences 4,
// quotes 6, access list 3, quote attachments 6, line items 4, sections 3), each with exactly the
// statuses its row lists. POST /v1/token, in its own table without statuses, is the OAuth token
// endpoint rather than a quoting operation: the bearer security scheme describes it instead.
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import * as api from '../../common/api';
import { QuoteResponse } from './components';
import {
  AccessListEntryParams,
  AttachmentIdParams,
  DownloadQuery,
  DownloadZipQuery,
  LineItemParams,
  ListQuotesQuery,
  QuoteAttachmentIdParams,
  QuoteIdParams,
} from './parameters';

type ErrorStatus = 400 | 403 | 404;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  403: 'Authorization Error: no valid token for this API, or a resource the caller may not use',
  404: 'Not Found',
};

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const errors = (...statuses: ErrorStatus[]): Record<string, ResponseConfig> =>
  Object.fromEntries(
    statuses.map((s) => [
      String(s),
      { description: ERROR_DESCRIPTIONS[s], content: json(api.ErrorResponse) },
    ]),
  );

const ok = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  content: json(schema),
});
const noContent: ResponseConfig = { description: 'No Content' };

const binary = (mediaType: string) => ({ type: 'string' as const, contentMediaType: mediaType });

const jsonOrPdf = (description: string): ResponseConfig => ({
  description,
  content: {
    ...json(api.AttachmentResponse),
    'application/pdf': { schema: binary('application/pdf') },
  },
});

const jsonBody = (schema: z.ZodType) => ({ body: { required: true, content: json(schema) } });

const multipart = (field: 'attachments' | 'attachment') => ({
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: [field],
          properties: {
            [field]:
              field === 'attachments'
                ? { type: 'array' as const, items: binary('application/octet-stream') }
                : binary('application/octet-stream'),
          },
        },
      },
    },
  },
});

const AttachmentList = z.array(api.AttachmentResponse);
const LineItemList = z.array(api.LineItemResponse);
const AccessListEntries = z.array(api.AccessListEntry);

const LIBRARY = 'Library attachments';
const PREFERENCES = 'Quote preferences';
const QUOTES = 'Quotes';
const ACCESS = 'Quote access list';
const QUOTE_ATTACHMENTS = 'Quote attachments';
const LINE_ITEMS = 'Quote line items';
const SECTIONS = 'Quote sections';

export const ROUTES: RouteConfig[] = [
  // Library attachments
  {
    method: 'get',
    path: '/v2/quote-attachments',
    tags: [LIBRARY],
    operationId: 'listLibraryAttachments',
    summary: "The partner's attachment library",
    responses: { 200: ok('OK', AttachmentList), ...errors(403) },
  },
  {
    method: 'post',
    path: '/v2/quote-attachments',
    tags: [LIBRARY],
    operationId: 'uploadLibraryAttachments',
    summary: 'Uploads files into the library',
    request: multipart('attachments'),
    responses: { 201: ok('Created', AttachmentList), ...errors(400, 403) },
  },
  {
    method: 'put',
    path: '/v2/quote-attachments',
    tags: [LIBRARY],
    operationId: 'updateLibraryAttachments',
    summary: 'Renames and reorders library attachments',
    request: jsonBody(api.UpdateAttachmentsPayload),
    responses: { 200: ok('OK', AttachmentList), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quote-attachments/shared',
    tags: [LIBRARY],
    operationId: 'copyQuoteAttachmentsToLibrary',
    summary: 'Adds existing quote attachments to the library',
    request: jsonBody(api.CopyAttachmentsPayload),
    responses: { 201: ok('Created', AttachmentList), ...errors(400, 403, 404) },
  },
  {
    method: 'delete',
    path: '/v2/quote-attachments/{attachmentId}',
    tags: [LIBRARY],
    operationId: 'deleteLibraryAttachment',
    summary: 'Deletes a library attachment',
    request: { params: AttachmentIdParams },
    responses: { 204: noContent, ...errors(400, 403, 404) },
  },
  {
    method: 'get',
    path: '/v2/quote-attachments/{attachmentId}',
    tags: [LIBRARY],
    operationId: 'getLibraryAttachment',
    summary: 'A library attachment, or with download=true the file itself',
    request: { params: AttachmentIdParams, query: DownloadQuery },
    responses: { 200: jsonOrPdf('OK'), ...errors(400, 403, 404) },
  },
  {
    method: 'patch',
    path: '/v2/quote-attachments/{attachmentId}',
    tags: [LIBRARY],
    operationId: 'replaceLibraryAttachment',
    summary: "Replaces a library attachment's file",
    request: { params: AttachmentIdParams, ...multipart('attachment') },
    responses: { 200: ok('OK', api.AttachmentResponse), ...errors(400, 403, 404) },
  },

  // Quote preferences
  {
    method: 'get',
    path: '/v2/quote-preferences',
    tags: [PREFERENCES],
    operationId: 'getQuotePreferences',
    summary: "The quote preferences of the caller's partner account",
    responses: { 200: ok('OK', api.PreferencesResponse), ...errors(400, 403) },
  },
  {
    method: 'put',
    path: '/v2/quote-preferences',
    tags: [PREFERENCES],
    operationId: 'putQuotePreferences',
    summary: 'Creates or updates the quote preferences',
    request: jsonBody(api.PreferencesPayload),
    responses: {
      200: ok('OK: updated', api.QuotePreferencesResult),
      201: ok('Created', api.QuotePreferencesResult),
      ...errors(400, 403),
    },
  },
  {
    method: 'post',
    path: '/v2/quote-preferences/attachments',
    tags: [PREFERENCES],
    operationId: 'addPreferenceAttachments',
    summary: 'Creates preference attachments from library attachments',
    request: jsonBody(api.AddPreferenceAttachmentsPayload),
    responses: { 201: ok('Created', AttachmentList), ...errors(400, 403, 404) },
  },
  {
    method: 'delete',
    path: '/v2/quote-preferences/attachments/{attachmentId}',
    tags: [PREFERENCES],
    operationId: 'deletePreferenceAttachment',
    summary: 'Removes a preference attachment',
    request: { params: AttachmentIdParams },
    responses: { 204: noContent, ...errors(400, 403, 404) },
  },

  // Quotes
  {
    method: 'get',
    path: '/v2/quotes',
    tags: [QUOTES],
    operationId: 'listQuotes',
    summary: 'Lists quotes, a page at a time, with per-status counts',
    request: { query: ListQuotesQuery },
    responses: { 200: ok('OK', api.ListResponse), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes',
    tags: [QUOTES],
    operationId: 'createQuote',
    summary: 'Creates a quote for a client',
    request: jsonBody(api.CreateQuotePayload),
    responses: { 201: ok('Created', QuoteResponse), ...errors(400, 403) },
  },
  {
    method: 'get',
    path: '/v2/quotes/{quoteId}',
    tags: [QUOTES],
    operationId: 'getQuote',
    summary: 'A quote',
    request: { params: QuoteIdParams },
    responses: { 200: ok('OK', QuoteResponse), ...errors(400, 403) },
  },
  {
    method: 'put',
    path: '/v2/quotes/{quoteId}',
    tags: [QUOTES],
    operationId: 'updateQuote',
    summary: "Updates a quote's expiry, messages, status and published flag",
    request: { params: QuoteIdParams, ...jsonBody(api.UpdateQuotePayload) },
    responses: { 200: ok('OK', QuoteResponse), ...errors(400, 403) },
  },
  {
    method: 'delete',
    path: '/v2/quotes/{quoteId}',
    tags: [QUOTES],
    operationId: 'deleteQuote',
    summary: 'Deletes a quote',
    request: { params: QuoteIdParams },
    responses: { 204: noContent, ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/take-ownership',
    tags: [QUOTES],
    operationId: 'takeQuoteOwnership',
    summary: 'Makes the current partner user the owner',
    request: { params: QuoteIdParams },
    responses: { 200: ok('OK', QuoteResponse), ...errors(400, 403, 404) },
  },

  // Quote access list
  {
    method: 'get',
    path: '/v2/quotes/{quoteId}/access-list',
    tags: [ACCESS],
    operationId: 'getAccessList',
    summary: 'Who the quote is shared with',
    request: { params: QuoteIdParams },
    responses: { 200: ok('OK', api.AccessListResponse), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/access-list',
    tags: [ACCESS],
    operationId: 'addAccessListEntries',
    summary: 'Shares the quote with the e-mail recipients',
    request: { params: QuoteIdParams, ...jsonBody(api.AddAccessListEntriesPayload) },
    responses: { 201: ok('Created', AccessListEntries), ...errors(400, 403) },
  },
  {
    method: 'delete',
    path: '/v2/quotes/{quoteId}/access-list/{accessListEntryId}',
    tags: [ACCESS],
    operationId: 'deleteAccessListEntry',
    summary: 'Stops sharing the quote with one recipient',
    request: { params: AccessListEntryParams },
    responses: { 204: noContent, ...errors(400, 403) },
  },

  // Quote attachments
  {
    method: 'get',
    path: '/v2/quotes/{quoteId}/attachments',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'downloadQuoteAttachments',
    summary: 'All attachments of the quote in one zip',
    request: { params: QuoteIdParams, query: DownloadZipQuery },
    responses: {
      200: {
        description: 'OK: a zip holding every attachment',
        content: { 'application/zip': { schema: binary('application/zip') } },
      },
      ...errors(400, 403, 404),
    },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/attachments',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'uploadQuoteAttachments',
    summary: 'Uploads files to the quote',
    request: { params: QuoteIdParams, ...multipart('attachments') },
    responses: { 201: ok('Created', AttachmentList), ...errors(400, 403, 404) },
  },
  {
    method: 'put',
    path: '/v2/quotes/{quoteId}/attachments',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'updateQuoteAttachments',
    summary: "Renames and reorders the quote's attachments",
    request: { params: QuoteIdParams, ...jsonBody(api.UpdateAttachmentsPayload) },
    responses: { 200: ok('OK', AttachmentList), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/attachments/shared',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'copyLibraryAttachmentsToQuote',
    summary: 'Adds copies of library attachments to the quote',
    request: { params: QuoteIdParams, ...jsonBody(api.CopyAttachmentsPayload) },
    responses: { 201: ok('Created', AttachmentList), ...errors(400, 403, 404) },
  },
  {
    method: 'get',
    path: '/v2/quotes/{quoteId}/attachments/{attachmentId}',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'getQuoteAttachment',
    summary: 'A quote attachment, or with download=true the file itself',
    request: { params: QuoteAttachmentIdParams, query: DownloadQuery },
    responses: { 200: jsonOrPdf('OK'), ...errors(400, 403, 404) },
  },
  {
    method: 'delete',
    path: '/v2/quotes/{quoteId}/attachments/{attachmentId}',
    tags: [QUOTE_ATTACHMENTS],
    operationId: 'deleteQuoteAttachment',
    summary: 'Deletes a quote attachment',
    request: { params: QuoteAttachmentIdParams },
    responses: { 204: noContent, ...errors(400, 403) },
  },

  // Quote line items
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/line-items',
    tags: [LINE_ITEMS],
    operationId: 'addLineItems',
    summary: 'Adds line items, each selected by its type',
    request: { params: QuoteIdParams, ...jsonBody(api.AddLineItemsPayload) },
    responses: { 201: ok('Created', LineItemList), ...errors(400, 403) },
  },
  {
    method: 'put',
    path: '/v2/quotes/{quoteId}/line-items',
    tags: [LINE_ITEMS],
    operationId: 'updateLineItems',
    summary: 'Updates line items, each selected by its type',
    request: { params: QuoteIdParams, ...jsonBody(api.UpdateLineItemsPayload) },
    responses: { 200: ok('OK', LineItemList), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/line-items/bulk-delete',
    tags: [LINE_ITEMS],
    operationId: 'deleteLineItems',
    summary: 'Deletes several line items',
    request: { params: QuoteIdParams, ...jsonBody(api.DeleteLineItemsPayload) },
    responses: { 204: noContent, ...errors(400, 403) },
  },
  {
    method: 'delete',
    path: '/v2/quotes/{quoteId}/line-items/{lineItemId}',
    tags: [LINE_ITEMS],
    operationId: 'deleteLineItem',
    summary: 'Deletes a line item',
    request: { params: LineItemParams },
    responses: { 204: noContent, ...errors(400, 403) },
  },

  // Quote sections
  {
    method: 'get',
    path: '/v2/quotes/{quoteId}/sections',
    tags: [SECTIONS],
    operationId: 'getSections',
    summary: "The quote's sections",
    request: { params: QuoteIdParams },
    responses: { 200: ok('OK', api.SectionsResponse), ...errors(400, 403) },
  },
  {
    method: 'post',
    path: '/v2/quotes/{quoteId}/sections',
    tags: [SECTIONS],
    operationId: 'createSection',
    summary: 'Creates a section to organize line items',
    request: { params: QuoteIdParams, ...jsonBody(api.CreateSectionPayload) },
    responses: { 201: ok('Created', api.SectionsResponse), ...errors(400, 403) },
  },
  {
    method: 'put',
    path: '/v2/quotes/{quoteId}/sections',
    tags: [SECTIONS],
    operationId: 'replaceSections',
    summary: "Replaces the quote's sections",
    request: { params: QuoteIdParams, ...jsonBody(api.SectionsPayload) },
    responses: { 200: ok('OK', api.SectionsResponse), ...errors(400, 403) },
  },
];

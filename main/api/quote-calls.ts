// The quote calls: the quote itself, its access list and its sections.
import { z } from 'zod';
import {
  AccessListEntry,
  AccessListResponse,
  ListResponse,
  QuoteResponse,
  SectionsResponse,
  type AddAccessListEntriesPayload,
  type CreateQuotePayload,
  type SectionsPayload,
  type UpdateQuotePayload,
  type IntentType,
  type ListAccount,
  type QuoteStatus,
  type SortField,
} from '../../common/api';
import type { CallOptions } from './transport';
import type { Caller } from './caller';

export const Q = '/v2/quotes/{quoteId}';

export interface ListQuotesParams {
  limit?: number;
  page?: number;
  /** `field,asc|desc`, or the parts. */
  sort?: string | { field: SortField; direction: 'asc' | 'desc' };
  search?: string;
  /** One status, comma-separated statuses, or a list. */
  status?: string | QuoteStatus[];
  account?: ListAccount;
  partnerId?: string;
  intentType?: IntentType;
}

/** The query string's values (the server checks them; the app builds them from typed values). */
function listQuery(p: ListQuotesParams) {
  const status = Array.isArray(p.status) ? p.status.join(',') : p.status;
  const sort = typeof p.sort === 'object' ? `${p.sort.field},${p.sort.direction}` : p.sort;
  return {
    limit: p.limit,
    page: p.page,
    sort,
    search: p.search,
    status,
    account: p.account,
    partnerId: p.partnerId,
    intentType: p.intentType,
  };
}

export function quoteCalls({ call }: Caller) {
  return {
    listQuotes: (params: ListQuotesParams = {}, o?: CallOptions) =>
      call(
        { method: 'GET', route: '/v2/quotes', query: listQuery(params), response: ListResponse },
        o,
      ),
    getQuote: (quoteId: string, o?: CallOptions) =>
      call({ method: 'GET', route: Q, params: { quoteId }, response: QuoteResponse }, o),
    createQuote: (payload: CreateQuotePayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: '/v2/quotes',
          body: payload,
          response: QuoteResponse,
        },
        o,
      ),
    updateQuote: (quoteId: string, payload: UpdateQuotePayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: Q,
          params: { quoteId },
          body: payload,
          response: QuoteResponse,
        },
        o,
      ),
    deleteQuote: (quoteId: string, o?: CallOptions) =>
      call<void>({ method: 'DELETE', route: Q, params: { quoteId } }, o),
    takeOwnership: (quoteId: string, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${Q}/take-ownership`,
          params: { quoteId },
          response: QuoteResponse,
        },
        o,
      ),
  };
}

/** Who else may see and edit a quote. */
export function accessListCalls({ call }: Caller) {
  return {
    getAccessList: (quoteId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: `${Q}/access-list`,
          params: { quoteId },
          response: AccessListResponse,
        },
        o,
      ),
    addAccessList: (quoteId: string, entries: AddAccessListEntriesPayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${Q}/access-list`,
          params: { quoteId },
          body: entries,
          response: z.array(AccessListEntry),
        },
        o,
      ),
    deleteAccessEntry: (quoteId: string, accessListEntryId: string, o?: CallOptions) =>
      call<void>(
        {
          method: 'DELETE',
          route: `${Q}/access-list/{accessListEntryId}`,
          params: { quoteId, accessListEntryId },
        },
        o,
      ),
  };
}

/** A quote's sections (named groups of line items). */
export function sectionCalls({ call }: Caller) {
  return {
    getSections: (quoteId: string, o?: CallOptions) =>
      call(
        { method: 'GET', route: `${Q}/sections`, params: { quoteId }, response: SectionsResponse },
        o,
      ),
    createSection: (quoteId: string, name: string, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${Q}/sections`,
          params: { quoteId },
          body: { name },
          response: SectionsResponse,
        },
        o,
      ),
    replaceSections: (quoteId: string, payload: SectionsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: `${Q}/sections`,
          params: { quoteId },
          body: payload,
          response: SectionsResponse,
        },
        o,
      ),
  };
}

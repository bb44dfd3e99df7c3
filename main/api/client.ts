// Over 500 lines: one short method per endpoint of the spec (~50), each validating in and out over transport.ts.
// The typed client of the Quoting API (spec) and the catalogue endpoints (DESIGN.md §2).
// Every method validates its arguments before sending and its answer after receiving.
import type { Agent } from 'undici';
import { z, type ZodType } from 'zod';
import {
  AccessListEntry,
  AccessListResponse,
  AddAccessListEntriesPayload,
  AddLineItemsPayload,
  AddPreferenceAttachmentsPayload,
  AttachmentList,
  AttachmentResponse,
  CatalogueQuery,
  CompaniesPage,
  CopyAttachmentsPayload,
  CreateQuotePayload,
  CreateSectionPayload,
  DeleteLineItemsPayload,
  LIMITS,
  LineItemList,
  ListQuotesQuery,
  ListResponse,
  PreferencesPayload,
  PreferencesResponse,
  PricingResponse,
  ProductsPage,
  QuotePreferencesResult,
  QuoteResponse,
  SectionsPayload,
  SectionsResponse,
  TokenResponse,
  UpdateAttachmentsPayload,
  UpdateLineItemsPayload,
  UpdateQuotePayload,
  type CompaniesPage as CompaniesPageT,
  type IntentType,
  type ListAccount,
  type QuoteStatus,
  type SortField,
} from '../../common/api';
import { createAgent } from './agent';
import { saveBody, type DownloadResult } from './download';
import { ApiError, AuthError, MissingSecretError } from './errors';
import { checkUploads, formOf, type UploadInput } from './multipart';
import { buildPath, checkPayload } from './request-parts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { expiryOf, TokenManager, type StoredToken, type TokenCache } from './token';
import {
  parseBody,
  Transport,
  type ApiEvent,
  type CallOptions,
  type Exchange,
  type Method,
  type RawResponse,
} from './transport';

/** What the client needs of a connection profile (the vault's profiles carry more). */
export interface ApiProfile {
  baseUrl: string;
  audience: string;
  clientId: string;
  caFile?: string;
}

export interface ApiClientOptions {
  /** The client secret, or a function reading it (from the vault) when a token is needed. */
  clientSecret: string | (() => Promise<string | undefined>);
  tokenCache?: TokenCache;
  /** Per attempt, for JSON calls. Default 30 s. */
  timeoutMs?: number;
  /** Per attempt, for downloads. Default 120 s. */
  downloadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** A token this close to expires_at is replaced. Default 5 minutes. */
  refreshMarginMs?: number;
  connections?: number;
  onEvent?: (e: ApiEvent) => void;
  /** For tests: the jitter source. */
  random?: () => number;
}

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

export interface CatalogueParams {
  page?: number;
  size?: number;
  search?: string;
}

export interface DownloadOptions extends CallOptions {
  /** Stop and delete the partial file past this many bytes. */
  maxBytes?: number;
}

/** One PDF: the service's own limit. A zip of a quote's attachments: all of them, plus slack. */
export const DEFAULT_MAX_PDF_BYTES = LIMITS.attachmentBytes;
export const DEFAULT_MAX_ZIP_BYTES = LIMITS.attachmentBytes * LIMITS.quoteAttachments + 1024 * 1024;

async function consume(res: RawResponse): Promise<void> {
  await res.body.dump();
}

export function createApiClient(profile: ApiProfile, opts: ApiClientOptions) {
  const baseUrl = profile.baseUrl.replace(/\/+$/, '');
  let agentPromise: Promise<Agent> | undefined;
  const agent = () => {
    agentPromise ??= createAgent({ caFile: profile.caFile, connections: opts.connections });
    // A CA file that cannot be read now may be fixed later: do not keep the failure.
    agentPromise.catch(() => {
      agentPromise = undefined;
    });
    return agentPromise;
  };
  const transport = new Transport({
    baseUrl,
    agent,
    retry: { ...DEFAULT_RETRY, ...opts.retry },
    timeoutMs: opts.timeoutMs ?? 30_000,
    onEvent: opts.onEvent,
    random: opts.random,
  });
  const downloadTimeoutMs = opts.downloadTimeoutMs ?? 120_000;

  async function secret(): Promise<string> {
    const s = typeof opts.clientSecret === 'string' ? opts.clientSecret : await opts.clientSecret();
    if (!s) throw new MissingSecretError();
    return s;
  }

  async function fetchToken(): Promise<StoredToken> {
    const route = '/v1/token';
    const body = {
      audience: profile.audience,
      grant_type: 'client_credentials',
      client_id: profile.clientId,
      client_secret: await secret(),
    };
    try {
      const t = await transport.send(
        // Asking for a token changes nothing on the server, so it may be retried.
        { method: 'POST', route, path: route, json: body, retryable: true },
        async (res) => parseBody(TokenResponse, res.status, await res.body.text(), 'POST', route),
        {},
      );
      opts.onEvent?.({ type: 'token', outcome: 'fetched' });
      return { accessToken: t.access_token, expiresAt: expiryOf(t, Date.now()) };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.type === 'access_denied')) {
        opts.onEvent?.({ type: 'token', outcome: 'refused' });
        throw new AuthError(err.status, err.type, err.details, err.serverMessage, 'POST', route);
      }
      opts.onEvent?.({ type: 'token', outcome: 'failed' });
      throw err;
    }
  }

  const tokens = new TokenManager({
    fetchToken,
    cache: opts.tokenCache,
    refreshMarginMs: opts.refreshMarginMs,
  });
  const auth = {
    token: (signal?: AbortSignal) => tokens.get(signal),
    refused: (t: string) => tokens.invalidate(t),
  };

  interface Spec<T> {
    method: Method;
    route: string;
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
    /** Request payload and the schema it must satisfy. */
    body?: { schema: ZodType; value: unknown };
    response?: ZodType<T>;
  }

  async function call<T>(spec: Spec<T>, o: CallOptions = {}): Promise<T> {
    const path = buildPath(spec.method, spec.route, spec.params, spec.query);
    const ex: Exchange = { method: spec.method, route: spec.route, path };
    if (spec.body)
      ex.json = checkPayload(spec.body.schema, spec.body.value, spec.method, spec.route);
    const schema = spec.response;
    return transport.send(
      ex,
      async (res) => {
        if (!schema) {
          await consume(res);
          return undefined as T;
        }
        return parseBody(schema, res.status, await res.body.text(), spec.method, spec.route);
      },
      o,
      auth,
    );
  }

  async function upload<T>(
    method: Method,
    route: string,
    params: Record<string, string>,
    field: string,
    files: UploadInput[],
    response: ZodType<T>,
    o: CallOptions = {},
  ): Promise<T> {
    const path = buildPath(method, route, params);
    const checked = await checkUploads(field, files, method, route);
    return transport.send(
      { method, route, path, form: () => formOf(field, checked) },
      async (res) => parseBody(response, res.status, await res.body.text(), method, route),
      o,
      auth,
    );
  }

  async function download(
    route: string,
    params: Record<string, string>,
    query: Record<string, string>,
    dest: string,
    o: DownloadOptions,
    defaultMax: number,
    accept: string,
  ): Promise<DownloadResult> {
    const path = buildPath('GET', route, params, query);
    const maxBytes = o.maxBytes ?? defaultMax;
    return transport.send(
      { method: 'GET', route, path, headers: { accept }, timeoutMs: downloadTimeoutMs },
      (res) => saveBody(res, dest, maxBytes, 'GET', route),
      o,
      auth,
    );
  }

  function listQuery(p: ListQuotesParams) {
    const status = Array.isArray(p.status) ? p.status.join(',') : p.status;
    const sort = typeof p.sort === 'object' ? `${p.sort.field},${p.sort.direction}` : p.sort;
    const raw = {
      limit: p.limit,
      page: p.page,
      sort,
      search: p.search,
      status,
      account: p.account,
      partnerId: p.partnerId,
      intentType: p.intentType,
    };
    checkPayload(ListQuotesQuery, raw, 'GET', '/v2/quotes', 'query', 'INVALID_REQUEST_PARAMETER');
    return raw;
  }

  function catalogueQuery(route: string, p: CatalogueParams) {
    checkPayload(CatalogueQuery, p, 'GET', route, 'query', 'INVALID_REQUEST_PARAMETER');
    return { page: p.page, size: p.size, search: p.search };
  }

  const Q = '/v2/quotes/{quoteId}';
  const LIB = '/v2/quote-attachments';
  const PREF = '/v2/quote-preferences';

  return {
    profile: { ...profile, baseUrl },

    /** A valid access token (cached, refreshed shortly before it expires). */
    getToken: (o: CallOptions = {}) => tokens.get(o.signal),

    /** Closes the connection pool. */
    close: async () => {
      const a = agentPromise;
      agentPromise = undefined;
      if (a) await (await a.catch(() => undefined))?.close();
    },

    // ---- quotes
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
          body: { schema: CreateQuotePayload, value: payload },
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
          body: { schema: UpdateQuotePayload, value: payload },
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

    // ---- access list
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
          body: { schema: AddAccessListEntriesPayload, value: entries },
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

    // ---- line items
    addLineItems: (quoteId: string, items: AddLineItemsPayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${Q}/line-items`,
          params: { quoteId },
          body: { schema: AddLineItemsPayload, value: items },
          response: LineItemList,
        },
        o,
      ),
    updateLineItems: (quoteId: string, items: UpdateLineItemsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: `${Q}/line-items`,
          params: { quoteId },
          body: { schema: UpdateLineItemsPayload, value: items },
          response: LineItemList,
        },
        o,
      ),
    bulkDeleteLineItems: (quoteId: string, lineItemIds: string[], o?: CallOptions) =>
      call<void>(
        {
          method: 'POST',
          route: `${Q}/line-items/bulk-delete`,
          params: { quoteId },
          body: { schema: DeleteLineItemsPayload, value: { lineItemIds } },
        },
        o,
      ),
    deleteLineItem: (quoteId: string, lineItemId: string, o?: CallOptions) =>
      call<void>(
        {
          method: 'DELETE',
          route: `${Q}/line-items/{lineItemId}`,
          params: { quoteId, lineItemId },
        },
        o,
      ),

    // ---- sections
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
          body: { schema: CreateSectionPayload, value: { name } },
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
          body: { schema: SectionsPayload, value: payload },
          response: SectionsResponse,
        },
        o,
      ),

    // ---- quote attachments
    uploadQuoteAttachments: (quoteId: string, files: UploadInput[], o?: CallOptions) =>
      upload('POST', `${Q}/attachments`, { quoteId }, 'attachments', files, AttachmentList, o),
    updateQuoteAttachments: (quoteId: string, payload: UpdateAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: `${Q}/attachments`,
          params: { quoteId },
          body: { schema: UpdateAttachmentsPayload, value: payload },
          response: AttachmentList,
        },
        o,
      ),
    /** Adds copies of library attachments to the quote. */
    copyLibraryAttachmentsToQuote: (
      quoteId: string,
      payload: CopyAttachmentsPayload,
      o?: CallOptions,
    ) =>
      call(
        {
          method: 'POST',
          route: `${Q}/attachments/shared`,
          params: { quoteId },
          body: { schema: CopyAttachmentsPayload, value: payload },
          response: AttachmentList,
        },
        o,
      ),
    getQuoteAttachment: (quoteId: string, attachmentId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: `${Q}/attachments/{attachmentId}`,
          params: { quoteId, attachmentId },
          response: AttachmentResponse,
        },
        o,
      ),
    downloadQuoteAttachment: (
      quoteId: string,
      attachmentId: string,
      dest: string,
      o: DownloadOptions = {},
    ) =>
      download(
        `${Q}/attachments/{attachmentId}`,
        { quoteId, attachmentId },
        { download: 'true' },
        dest,
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** All of the quote's attachments as one zip file. */
    downloadQuoteAttachmentsZip: (quoteId: string, dest: string, o: DownloadOptions = {}) =>
      download(
        `${Q}/attachments`,
        { quoteId },
        { downloadZip: 'true' },
        dest,
        o,
        DEFAULT_MAX_ZIP_BYTES,
        'application/zip, application/json',
      ),
    deleteQuoteAttachment: (quoteId: string, attachmentId: string, o?: CallOptions) =>
      call<void>(
        {
          method: 'DELETE',
          route: `${Q}/attachments/{attachmentId}`,
          params: { quoteId, attachmentId },
        },
        o,
      ),

    // ---- attachment library
    listLibrary: (o?: CallOptions) =>
      call({ method: 'GET', route: LIB, response: AttachmentList }, o),
    uploadToLibrary: (files: UploadInput[], o?: CallOptions) =>
      upload('POST', LIB, {}, 'attachments', files, AttachmentList, o),
    updateLibrary: (payload: UpdateAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: LIB,
          body: { schema: UpdateAttachmentsPayload, value: payload },
          response: AttachmentList,
        },
        o,
      ),
    /** Adds existing quote attachments to the library. */
    shareQuoteAttachmentsToLibrary: (payload: CopyAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${LIB}/shared`,
          body: { schema: CopyAttachmentsPayload, value: payload },
          response: AttachmentList,
        },
        o,
      ),
    getLibraryAttachment: (attachmentId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: `${LIB}/{attachmentId}`,
          params: { attachmentId },
          response: AttachmentResponse,
        },
        o,
      ),
    downloadLibraryAttachment: (attachmentId: string, dest: string, o: DownloadOptions = {}) =>
      download(
        `${LIB}/{attachmentId}`,
        { attachmentId },
        { download: 'true' },
        dest,
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** Replaces the file of a library attachment (PATCH: never retried). */
    replaceLibraryAttachment: (attachmentId: string, file: UploadInput, o?: CallOptions) =>
      upload(
        'PATCH',
        `${LIB}/{attachmentId}`,
        { attachmentId },
        'attachment',
        [file],
        AttachmentResponse,
        o,
      ),
    deleteLibraryAttachment: (attachmentId: string, o?: CallOptions) =>
      call<void>({ method: 'DELETE', route: `${LIB}/{attachmentId}`, params: { attachmentId } }, o),

    // ---- preferences
    getPreferences: (o?: CallOptions) =>
      call({ method: 'GET', route: PREF, response: PreferencesResponse }, o),
    savePreferences: (payload: PreferencesPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: PREF,
          body: { schema: PreferencesPayload, value: payload },
          response: QuotePreferencesResult,
        },
        o,
      ),
    addPreferenceAttachments: (libraryAttachmentIds: string[], o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${PREF}/attachments`,
          body: {
            schema: AddPreferenceAttachmentsPayload,
            value: { attachments: libraryAttachmentIds },
          },
          response: AttachmentList,
        },
        o,
      ),
    deletePreferenceAttachment: (attachmentId: string, o?: CallOptions) =>
      call<void>(
        { method: 'DELETE', route: `${PREF}/attachments/{attachmentId}`, params: { attachmentId } },
        o,
      ),

    // ---- catalogue (read-only)
    listCompanies: (params: CatalogueParams = {}, o?: CallOptions): Promise<CompaniesPageT> =>
      call(
        {
          method: 'GET',
          route: '/v1/companies',
          query: catalogueQuery('/v1/companies', params),
          response: CompaniesPage,
        },
        o,
      ),
    listProducts: (params: CatalogueParams = {}, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: '/v1/products',
          query: catalogueQuery('/v1/products', params),
          response: ProductsPage,
        },
        o,
      ),
    getProductPricing: (productId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: '/v1/products/{productId}/pricing',
          params: { productId },
          response: PricingResponse,
        },
        o,
      ),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

// The typed client of the Quoting API (spec) and the catalogue endpoints (docs/architecture.md#catalogue).
// Every method validates its arguments before sending and its answer after receiving. The
// methods are grouped by what they work on, each group in its own file over `caller.ts`.
import { libraryCalls, quoteAttachmentCalls } from './attachment-calls';
import { createCaller, type ApiClientOptions, type ApiProfile } from './caller';
import { catalogueCalls } from './catalogue-calls';
import { lineItemCalls } from './line-item-calls';
import { preferenceCalls } from './preference-calls';
import { accessListCalls, quoteCalls, sectionCalls } from './quote-calls';
import type { CallOptions } from './transport';

export type { ApiClientOptions, ApiProfile } from './caller';
export type { ListQuotesParams } from './quote-calls';
export type { CatalogueParams } from './catalogue-calls';
export {
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_ZIP_BYTES,
  type DownloadOptions,
} from './attachment-calls';

export function createApiClient(profile: ApiProfile, opts: ApiClientOptions) {
  const { caller, tokens, baseUrl, close } = createCaller(profile, opts);
  return {
    profile: { ...profile, baseUrl },
    /** A valid access token (cached, refreshed shortly before it expires). */
    getToken: (o: CallOptions = {}) => tokens.get(o.signal),
    /** Closes the connection pool. */
    close,
    ...quoteCalls(caller),
    ...accessListCalls(caller),
    ...sectionCalls(caller),
    ...lineItemCalls(caller),
    ...quoteAttachmentCalls(caller),
    ...libraryCalls(caller),
    ...preferenceCalls(caller),
    ...catalogueCalls(caller),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

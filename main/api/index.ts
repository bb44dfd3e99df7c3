/** The Quoting API client: see README.md in this folder for the surface and its guarantees. */
export {
  createApiClient,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_ZIP_BYTES,
  type ApiClient,
  type ApiClientOptions,
  type ApiProfile,
  type CatalogueParams,
  type DownloadOptions,
  type ListQuotesParams,
} from './client';
export {
  ApiClientError,
  ApiError,
  AuthError,
  CancelledError,
  DownloadTooLargeError,
  InvalidRequestError,
  InvalidResponseError,
  MissingSecretError,
  NetworkError,
  TimeoutError,
  type ErrorDetail,
  type Outcome,
} from './errors';
export type { StoredToken, TokenCache } from './token';
export type { ApiEvent, CallOptions } from './transport';
export type { UploadFile, UploadInput } from './multipart';
export type { BytesResult, DownloadResult } from './download';
export { DEFAULT_RETRY, isTransientStatus, type RetryPolicy } from './retry';

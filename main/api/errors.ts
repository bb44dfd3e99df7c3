// Every failure of a call is one of these. `outcome` tells the sync engine what it may
// assume: 'refused' = the server did not apply the request (safe to fix and resend);
// 'unknown' = it may or may not have (look before sending a non-idempotent call again).

export type Outcome = 'refused' | 'unknown';

export interface ErrorDetail {
  type: string;
  message: string;
}

/** The profile's CA file cannot be read or holds no certificate (main/api/agent.ts). */
export class CaFileError extends Error {
  override readonly name = 'CaFileError';
}

export abstract class ApiClientError extends Error {
  abstract readonly outcome: Outcome;
  constructor(
    message: string,
    readonly method: string,
    readonly route: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The server answered with an error status. 4xx: refused. 5xx: outcome unknown, because a
 * gateway or a failing server may have applied part of the request before answering.
 */
export class ApiError extends ApiClientError {
  override readonly name: string = 'ApiError';
  readonly outcome: Outcome;
  constructor(
    readonly status: number,
    /** ErrorResponse.type, e.g. QUOTE_NOT_FOUND; 'UNKNOWN_ERROR' when the body was no ErrorResponse. */
    readonly type: string,
    readonly details: ErrorDetail[],
    message: string,
    method: string,
    route: string,
    /** Seconds, from a Retry-After header, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${method} ${route}: ${status} ${type}: ${message}`, method, route);
    this.serverMessage = message;
    this.outcome = status >= 500 ? 'unknown' : 'refused';
  }
  readonly serverMessage: string;

  /** True when `type` or any detail carries one of the given codes. */
  hasCode(...codes: string[]): boolean {
    return codes.includes(this.type) || this.details.some((d) => codes.includes(d.type));
  }
}

/** The token endpoint refused the client id / secret (401 access_denied). */
export class AuthError extends ApiError {
  override readonly name = 'AuthError';
}

/** The connection failed or broke before a complete answer arrived. */
export class NetworkError extends ApiClientError {
  override readonly name: string = 'NetworkError';
  readonly outcome: Outcome = 'unknown';
  constructor(
    message: string,
    method: string,
    route: string,
    /** The system or TLS error code, e.g. ECONNREFUSED, SELF_SIGNED_CERT_IN_CHAIN. */
    readonly code: string | undefined,
    /** The server's certificate could not be verified (or the CA file could not be read). */
    readonly certificate: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, method, route, options);
  }
}

/** No complete answer within the call's time limit. */
export class TimeoutError extends NetworkError {
  override readonly name = 'TimeoutError';
  constructor(
    method: string,
    route: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${route}: no answer within ${timeoutMs} ms`, method, route, 'TIMEOUT', false);
  }
}

/** The caller aborted the call through its AbortSignal. */
export class CancelledError extends ApiClientError {
  override readonly name = 'CancelledError';
  readonly outcome: Outcome = 'unknown';
  constructor(method: string, route: string, options?: { cause?: unknown }) {
    super(`${method} ${route}: cancelled`, method, route, options);
  }
}

/** The request was not sent: its payload breaks the contract. `details` name the fields. */
export class InvalidRequestError extends ApiClientError {
  override readonly name = 'InvalidRequestError';
  readonly outcome: Outcome = 'refused';
  constructor(
    readonly details: ErrorDetail[],
    method: string,
    route: string,
  ) {
    super(
      `${method} ${route}: not sent, invalid request: ${details.map((d) => d.message).join('; ')}`,
      method,
      route,
    );
  }
}

/**
 * The server answered 2xx with a body that does not match the contract. The request was
 * processed, but we cannot tell what it did: treat like an unknown outcome.
 */
export class InvalidResponseError extends ApiClientError {
  override readonly name = 'InvalidResponseError';
  readonly outcome: Outcome = 'unknown';
  constructor(
    readonly status: number,
    readonly problems: string[],
    method: string,
    route: string,
  ) {
    super(
      `${method} ${route}: unexpected response (${status}): ${problems.slice(0, 5).join('; ')}`,
      method,
      route,
    );
  }
}

/** A download grew past its size cap; the partial file was deleted. */
export class DownloadTooLargeError extends ApiClientError {
  override readonly name = 'DownloadTooLargeError';
  readonly outcome: Outcome = 'refused';
  constructor(
    readonly maxBytes: number,
    method: string,
    route: string,
  ) {
    super(`${method} ${route}: download larger than ${maxBytes} bytes, stopped`, method, route);
  }
}

/** No client secret is known for this connection (none saved, or the session ended). */
export class MissingSecretError extends ApiClientError {
  override readonly name = 'MissingSecretError';
  readonly outcome: Outcome = 'refused';
  constructor() {
    super('no client secret is stored for this connection', 'POST', '/v1/token');
  }
}

// One HTTP exchange with retries, timeouts, cancellation and error typing. Endpoint
// methods describe a call (method, route, body, schema); this file carries it out.
import type { Agent, FormData } from 'undici';
import type { ZodType } from 'zod';
import { isIdKey, normalizeIdField } from './ids';
import {
  ApiClientError,
  ApiError,
  CancelledError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  CaFileError,
  type ErrorDetail,
} from './errors';
import { loadUndici } from './undici';
import {
  backoffDelay,
  isIdempotent,
  isTransientStatus,
  parseRetryAfter,
  sleep,
  type RetryPolicy,
} from './retry';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  signal?: AbortSignal;
  /** Per attempt; the default comes from the client options. */
  timeoutMs?: number;
}

/** What the client reports about its traffic: never headers or bodies, so never a secret. */
export type ApiEvent =
  | { type: 'response'; method: string; route: string; status: number; attempt: number; ms: number }
  | { type: 'failure'; method: string; route: string; error: string; attempt: number; ms: number }
  | {
      type: 'retry';
      method: string;
      route: string;
      attempt: number;
      delayMs: number;
      reason: string;
    }
  | { type: 'token'; outcome: 'fetched' | 'refused' | 'failed' };

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: import('undici').Dispatcher.ResponseData['body'];
}

export interface Exchange {
  method: Method;
  /** The route template, e.g. /v2/quotes/{quoteId}: used in errors and events. */
  route: string;
  /** The concrete path with query, below the base URL. */
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: () => Promise<FormData>;
  /** Overrides the method's idempotency (the token request changes nothing, so it may retry). */
  retryable?: boolean;
  timeoutMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  agent: () => Promise<Agent>;
  retry: RetryPolicy;
  timeoutMs: number;
  onEvent?: (e: ApiEvent) => void;
  random?: () => number;
}

const CERT_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|UNABLE_TO_GET_ISSUER/;
/** A certificate refused by its dates: most often this computer's clock, which the user can fix. */
const CLOCK_WORDS: Record<string, string> = {
  CERT_NOT_YET_VALID:
    "the server's certificate is not valid yet by this computer's clock: check its date and time",
  CERT_HAS_EXPIRED:
    "the server's certificate has expired, or this computer's clock is ahead: check its date and time",
};

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    e = (e as { cause?: unknown }).cause;
  }
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A 4xx/5xx body as an ApiError: ErrorResponse, the token endpoint's TokenError, or anything. */
export function toApiError(
  status: number,
  text: string,
  method: string,
  route: string,
  retryAfterMs: number | undefined,
  Kind: typeof ApiError = ApiError,
): ApiError {
  let type = 'UNKNOWN_ERROR';
  let message = `HTTP ${status}`;
  let details: ErrorDetail[] = [];
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.type === 'string') type = body.type;
    else if (typeof body.error === 'string') type = body.error;
    if (typeof body.message === 'string') message = body.message;
    else if (typeof body.error_description === 'string') message = body.error_description;
    if (Array.isArray(body.details)) {
      details = body.details
        .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
        .map((d) => ({ type: String(d.type ?? ''), message: String(d.message ?? '') }));
    }
  } catch {
    const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (snippet) message = `HTTP ${status}: ${snippet}`;
  }
  const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
  return new Kind(status, type, details, message, method, route, retryAfterSeconds);
}

/**
 * Deeper than any answer of the API comes near (the reviver this walk replaced overflowed the
 * stack at a few thousand).
 */
const MAX_DEPTH = 1000;

/** Whether `key` ends as every id field's name does ("id", "…Ids"): most are passed over here. */
function mayBeIdKey(key: string): boolean {
  const last = key.charCodeAt(key.length - 1);
  return last === 100 /* d */ || last === 115; /* s */
}

/**
 * Parses an answer's JSON. Optional fields may come as null from other servers; the schemas
 * say "absent", so they are dropped. Ids are made lower case, whatever case the server writes
 * them in (ids.ts). Both after a plain JSON.parse, in one walk with a stack of its own (not
 * recursion, so a deeply nested answer cannot exhaust the stack: past MAX_DEPTH it is refused
 * as a RangeError): a reviver doing the same cost three times as much.
 */
export function parseJson(text: string): unknown {
  const root: unknown = JSON.parse(text);
  const stack: unknown[] = [root];
  const depths: number[] = [0];
  while (stack.length) {
    const v = stack.pop();
    const depth = depths.pop()! + 1;
    if (depth > MAX_DEPTH) throw new RangeError('the answer is nested too deeply');
    if (Array.isArray(v)) {
      // Nulls in a list stay (only an absent field can be left out).
      for (const x of v as unknown[])
        if (x !== null && typeof x === 'object') {
          stack.push(x);
          depths.push(depth);
        }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      let x = o[k];
      if (x === null) {
        // (A field named "" keeps its null, as the reviver this replaced kept it: it took
        // every "" for the root.)
        if (k !== '') delete o[k];
        continue;
      }
      if ((typeof x === 'string' || Array.isArray(x)) && mayBeIdKey(k) && isIdKey(k))
        x = o[k] = normalizeIdField(x);
      if (typeof x === 'object') {
        stack.push(x);
        depths.push(depth);
      }
    }
  }
  return root;
}

export function parseBody<T>(
  schema: ZodType<T>,
  status: number,
  text: string,
  method: string,
  route: string,
): T {
  let raw: unknown;
  try {
    raw = text.length ? parseJson(text) : undefined;
  } catch {
    throw new InvalidResponseError(status, ['the body is not JSON'], method, route);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new InvalidResponseError(
      status,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`),
      method,
      route,
    );
  }
  return parsed.data;
}

function header(res: RawResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

class TimeoutMarker extends Error {}

export class Transport {
  constructor(private readonly opts: TransportOptions) {}

  /**
   * Sends the exchange, retrying idempotent ones. `handle` reads a 2xx response (and must
   * consume its body); error statuses become ApiError. `token` supplies the bearer token.
   */
  async send<T>(
    ex: Exchange,
    handle: (res: RawResponse) => Promise<T>,
    call: CallOptions,
    auth?: {
      token: (signal?: AbortSignal) => Promise<string>;
      refused: (t: string) => Promise<void>;
    },
  ): Promise<T> {
    const retryable = ex.retryable ?? isIdempotent(ex.method);
    const policy = this.opts.retry;
    let authRetried = false;
    for (let attempt = 1; ; attempt++) {
      this.throwIfCancelled(ex, call.signal);
      let token: string | undefined;
      if (auth) {
        try {
          token = await auth.token(call.signal);
        } catch (err) {
          throw this.classify(err, ex, call.signal, undefined, undefined);
        }
      }
      let failure: ApiClientError;
      try {
        return await this.attempt(ex, handle, call, attempt, token);
      } catch (err) {
        failure =
          err instanceof ApiClientError
            ? err
            : this.classify(err, ex, call.signal, undefined, undefined);
      }
      if (
        failure instanceof ApiError &&
        failure.status === 403 &&
        failure.hasCode('UNAUTHORIZED_ERROR') &&
        auth &&
        token &&
        !authRetried
      ) {
        // The token expired early or was revoked: one new token, one more try (a 403 means
        // the server applied nothing, so this is safe for every method).
        authRetried = true;
        await auth.refused(token);
        attempt--;
        continue;
      }
      if (!retryable || attempt >= policy.maxAttempts || failure instanceof CancelledError) {
        throw failure;
      }
      let delayMs: number;
      if (failure instanceof ApiError) {
        if (!isTransientStatus(failure.status)) throw failure;
        const after =
          failure.retryAfterSeconds === undefined ? undefined : failure.retryAfterSeconds * 1000;
        if (after !== undefined && after > policy.maxRetryAfterMs) throw failure;
        delayMs = after ?? backoffDelay(attempt, policy, this.opts.random);
      } else if (failure instanceof NetworkError && !failure.certificate) {
        delayMs = backoffDelay(attempt, policy, this.opts.random);
      } else {
        throw failure;
      }
      this.opts.onEvent?.({
        type: 'retry',
        method: ex.method,
        route: ex.route,
        attempt,
        delayMs,
        reason:
          failure instanceof ApiError
            ? String(failure.status)
            : ((failure as NetworkError).code ?? 'network'),
      });
      try {
        await sleep(delayMs, call.signal);
      } catch (err) {
        throw new CancelledError(ex.method, ex.route, { cause: err });
      }
    }
  }

  private throwIfCancelled(ex: Exchange, signal?: AbortSignal): void {
    if (signal?.aborted) throw new CancelledError(ex.method, ex.route, { cause: signal.reason });
  }

  private classify(
    err: unknown,
    ex: Exchange,
    userSignal: AbortSignal | undefined,
    timeoutReason: unknown,
    timeoutMs: number | undefined,
  ): ApiClientError {
    if (err instanceof ApiClientError) return err;
    if (userSignal?.aborted) return new CancelledError(ex.method, ex.route, { cause: err });
    if (err instanceof TimeoutMarker || (timeoutReason !== undefined && err === timeoutReason)) {
      return new TimeoutError(ex.method, ex.route, timeoutMs ?? 0);
    }
    if (err instanceof CaFileError) {
      return new NetworkError(
        `${ex.method} ${ex.route}: ${err.message}`,
        ex.method,
        ex.route,
        'CA_FILE_UNREADABLE',
        true,
        { cause: err },
      );
    }
    const code = errorCode(err);
    const certificate = !!code && CERT_CODE.test(code);
    const reason = CLOCK_WORDS[code ?? ''] ?? (err instanceof Error ? err.message : String(err));
    return new NetworkError(
      `${ex.method} ${ex.route}: ${certificate ? 'certificate not trusted' : 'network error'}: ${reason}`,
      ex.method,
      ex.route,
      code,
      certificate,
      { cause: err },
    );
  }

  private async attempt<T>(
    ex: Exchange,
    handle: (res: RawResponse) => Promise<T>,
    call: CallOptions,
    attempt: number,
    token: string | undefined,
  ): Promise<T> {
    const timeoutMs = call.timeoutMs ?? ex.timeoutMs ?? this.opts.timeoutMs;
    const controller = new AbortController();
    // Made only when the time is up: an error records the stack when it is made (a cost in
    // every call), and most calls end in time.
    let timeoutReason: TimeoutMarker | undefined;
    const timer = setTimeout(
      () => controller.abort((timeoutReason = new TimeoutMarker('timeout'))),
      timeoutMs,
    );
    const onUserAbort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', onUserAbort, { once: true });
    const started = Date.now();
    try {
      const agent = await this.opts.agent();
      const headers: Record<string, string> = { accept: 'application/json', ...ex.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | FormData | undefined;
      if (ex.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(ex.json);
      } else if (ex.form) {
        try {
          body = await ex.form();
        } catch (err) {
          // A file that vanished since it was checked: nothing was sent.
          throw new InvalidRequestError(
            [
              {
                type: 'INVALID_REQUEST_BODY',
                message: `a file to upload cannot be read: ${(err as Error).message}`,
              },
            ],
            ex.method,
            ex.route,
          );
        }
      }
      const { request } = await loadUndici();
      const res = await request(this.opts.baseUrl + ex.path, {
        method: ex.method,
        headers,
        body,
        dispatcher: agent,
        signal: controller.signal,
      });
      this.opts.onEvent?.({
        type: 'response',
        method: ex.method,
        route: ex.route,
        status: res.statusCode,
        attempt,
        ms: Date.now() - started,
      });
      const raw: RawResponse = { status: res.statusCode, headers: res.headers, body: res.body };
      if (res.statusCode >= 200 && res.statusCode < 300) return await handle(raw);
      const text = await res.body.text();
      throw toApiError(
        res.statusCode,
        text,
        ex.method,
        ex.route,
        parseRetryAfter(header(raw, 'retry-after')),
      );
    } catch (err) {
      const typed = this.classify(err, ex, call.signal, timeoutReason, timeoutMs);
      if (!(typed instanceof ApiError)) {
        this.opts.onEvent?.({
          type: 'failure',
          method: ex.method,
          route: ex.route,
          error: typed.name + (typed instanceof NetworkError && typed.code ? ` ${typed.code}` : ''),
          attempt,
          ms: Date.now() - started,
        });
      }
      throw typed;
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onUserAbort);
    }
  }
}

// What every endpoint method is built on: one connection pool per profile, a token that is
// fetched when needed, and three ways to call — JSON in and out (`call`), a multipart upload
// and a download (streamed to a file, or kept in memory) — each checking its arguments before sending and its answer after.
import type { Agent } from 'undici';
import type { ZodType } from 'zod';
import { TokenResponse } from '../../common/api';
import { readBody, saveBody, type BytesResult, type DownloadResult } from './download';
import { ApiError, AuthError, MissingSecretError } from './errors';
import { checkUploads, formOf, type UploadInput } from './multipart';
import { normalizeIds } from './ids';
import { buildPath } from './request-parts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { expiryOf, TokenManager, type StoredToken, type TokenCache } from './token';
import {
  parseBody,
  Transport,
  type ApiEvent,
  type CallOptions,
  type Exchange,
  type Method,
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

export interface DownloadOptions extends CallOptions {
  /** Stop past this many bytes (and delete the partial file of a download to disk). */
  maxBytes?: number;
}

/** One JSON call: the route template, its parameters, the payload's schema and the answer's. */
export interface Spec<T> {
  method: Method;
  route: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Request payload, as its method's type states it. Not checked again here: what the app
   * sends was checked where it entered (the IPC schemas, built from common/api) and the
   * server checks it too; a schema here would only state the rules a second time.
   */
  body?: unknown;
  response?: ZodType<T>;
}

export interface Caller {
  call<T>(spec: Spec<T>, o?: CallOptions): Promise<T>;
  upload<T>(
    method: Method,
    route: string,
    params: Record<string, string>,
    field: string,
    files: UploadInput[],
    response: ZodType<T>,
    o?: CallOptions,
  ): Promise<T>;
  download(
    route: string,
    params: Record<string, string>,
    query: Record<string, string>,
    dest: string,
    o: DownloadOptions,
    defaultMax: number,
    accept: string,
  ): Promise<DownloadResult>;
  /** A download kept in memory (never written to disk), capped like `download`. */
  bytes(
    route: string,
    params: Record<string, string>,
    query: Record<string, string>,
    o: DownloadOptions,
    defaultMax: number,
    accept: string,
  ): Promise<BytesResult>;
}

/** The connection pool, made on first use; a CA file that cannot be read now may be fixed later. */
function lazyAgent(profile: ApiProfile, connections: number | undefined) {
  let pending: Promise<Agent> | undefined;
  return {
    get: () => {
      // Its module (undici with it) loaded now: a start that lists the local store needs neither.
      pending ??= import('./agent').then((m) =>
        m.createAgent({ caFile: profile.caFile, connections }),
      );
      pending.catch(() => {
        pending = undefined;
      });
      return pending;
    },
    close: async () => {
      const a = pending;
      pending = undefined;
      if (a) await (await a.catch(() => undefined))?.close();
    },
  };
}

/** Client credentials at `POST /v1/token`; a refused secret is an `AuthError`. */
function tokenManager(profile: ApiProfile, opts: ApiClientOptions, transport: Transport) {
  const secret = async (): Promise<string> => {
    const s = typeof opts.clientSecret === 'string' ? opts.clientSecret : await opts.clientSecret();
    if (!s) throw new MissingSecretError();
    return s;
  };
  const fetchToken = async (): Promise<StoredToken> => {
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
  };
  return new TokenManager({
    fetchToken,
    cache: opts.tokenCache,
    refreshMarginMs: opts.refreshMarginMs,
  });
}

export function createCaller(profile: ApiProfile, opts: ApiClientOptions) {
  const baseUrl = profile.baseUrl.replace(/\/+$/, '');
  const agent = lazyAgent(profile, opts.connections);
  const transport = new Transport({
    baseUrl,
    agent: agent.get,
    retry: { ...DEFAULT_RETRY, ...opts.retry },
    timeoutMs: opts.timeoutMs ?? 30_000,
    onEvent: opts.onEvent,
    random: opts.random,
  });
  const downloadTimeoutMs = opts.downloadTimeoutMs ?? 120_000;
  const tokens = tokenManager(profile, opts, transport);
  const auth = {
    token: (signal?: AbortSignal) => tokens.get(signal),
    refused: (t: string) => tokens.invalidate(t),
  };

  const caller: Caller = {
    async call<T>(spec: Spec<T>, o: CallOptions = {}): Promise<T> {
      const path = buildPath(spec.method, spec.route, spec.params, spec.query);
      const ex: Exchange = { method: spec.method, route: spec.route, path };
      if (spec.body !== undefined) ex.json = normalizeIds(spec.body);
      const schema = spec.response;
      return transport.send(
        ex,
        async (res) => {
          if (!schema) {
            await res.body.dump();
            return undefined as T;
          }
          return parseBody(schema, res.status, await res.body.text(), spec.method, spec.route);
        },
        o,
        auth,
      );
    },
    async upload(method, route, params, field, files, response, o = {}) {
      const path = buildPath(method, route, params);
      const checked = await checkUploads(field, files, method, route);
      return transport.send(
        { method, route, path, form: () => formOf(field, checked) },
        async (res) => parseBody(response, res.status, await res.body.text(), method, route),
        o,
        auth,
      );
    },
    async download(route, params, query, dest, o, defaultMax, accept) {
      const path = buildPath('GET', route, params, query);
      const maxBytes = o.maxBytes ?? defaultMax;
      return transport.send(
        { method: 'GET', route, path, headers: { accept }, timeoutMs: downloadTimeoutMs },
        (res) => saveBody(res, dest, maxBytes, 'GET', route),
        o,
        auth,
      );
    },
    async bytes(route, params, query, o, defaultMax, accept) {
      const path = buildPath('GET', route, params, query);
      const maxBytes = o.maxBytes ?? defaultMax;
      return transport.send(
        { method: 'GET', route, path, headers: { accept }, timeoutMs: downloadTimeoutMs },
        (res) => readBody(res, maxBytes, 'GET', route),
        o,
        auth,
      );
    },
  };
  return { caller, tokens, baseUrl, close: agent.close };
}

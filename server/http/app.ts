import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Http2SecureServer } from 'node:http2';
import type { Duplex } from 'node:stream';
import { Uuid } from '../../common/api';
import type { Caller, Ctx } from '../context';
import { DomainError } from '../domain/errors';
import { authenticate } from './auth';
import { ApiError, badRequest, errorBody, fromDomain } from './errors';
import { trackConnections } from './connections';
import { log } from './log';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token (the token endpoint). */
    public?: boolean;
    /** The spec lists 404 for this endpoint: an unknown id answers 404 rather than 400. */
    lists404?: boolean;
  }
}

/** JSON bodies are small; attachments go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `body: larger than the ${JSON_BODY_LIMIT / 1024 / 1024} MiB limit`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type: must be application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: empty JSON body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: malformed JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length: does not match the body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'content-type: must be multipart/form-data',
  FST_PROTO_VIOLATION: 'body: __proto__ is not allowed as a field name',
};

/** Any refusal of bad input becomes a 400 ErrorResponse naming what was wrong, never a 500. */
function toApiError(err: FastifyError, lists404: boolean): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) return fromDomain(err, lists404);
  const known = err.code ? FASTIFY_MESSAGES[err.code] : undefined;
  if (known) return badRequest('INVALID_REQUEST_BODY', known);
  if (err instanceof SyntaxError)
    return badRequest('INVALID_REQUEST_BODY', `body: malformed JSON (${err.message})`);
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    return badRequest('INVALID_REQUEST_BODY', `body: ${err.message}`);
  }
  return undefined;
}

/**
 * Requests Node refuses before any route sees them (a request line or headers beyond the size
 * cap, bytes that are not HTTP) still get a 400 ErrorResponse, then the connection closes.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    // A connection reset or closed by the client: there is no request to answer or log.
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  // Every answered request gets its `request` line, these too. No route was matched and the
  // method is known only when the refused bytes start with one; the path is never logged.
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  const method = Buffer.isBuffer(raw)
    ? (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.exec(raw.toString('latin1', 0, 8))?.[1] ??
      'unknown')
    : 'unknown';
  log('info', 'request', {
    method,
    route: 'unrouted',
    status: 400,
    durationMs: null,
    refused: tooLarge ? 'request line and headers larger than 64 KiB' : 'not a valid HTTP request',
  });
  const message = tooLarge
    ? 'request: the request line and headers are larger than 64 KiB'
    : 'request: not a valid HTTP request';
  const body = JSON.stringify(
    errorBody(
      new ApiError(400, tooLarge ? 'INVALID_REQUEST_PARAMETER' : 'BAD_REQUEST', message),
      '',
    ),
  );
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The HTTP layer with no route on it: TLS and HTTP/2, body parsers, the auth hook, the request
 * log, error mapping and the not-found answer. The routes use this layer's helpers, so the
 * layer above both (`server/app.ts`) registers them; nothing here imports `routes/`.
 */
// long: the HTTP layer's plugins, hooks and error mapping registered in the order fastify needs them
export async function createHttpApp(
  ctx: Ctx,
  tls: { cert: string; key: string },
  /** HTTP/2 offered by ALPN beside HTTP/1.1 (default); false: HTTP/1.1 only. */
  opts: { http2?: boolean } = {},
): Promise<FastifyInstance> {
  const http2 = opts.http2 ?? true;
  const https = { cert: tls.cert, key: tls.key, maxHeaderSize: 64 * 1024 };
  // Typed as the HTTP/1.1 instance: routes see the same request and reply either way.
  const app = (Fastify as unknown as (o: object) => FastifyInstance)({
    ...(http2 ? { http2: true, https: { ...https, allowHTTP1: true } } : { https }),
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    // Long ids must reach the handler (and its 400), not fall through to a 404.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 64 * 1024 },
    requestTimeout: 120_000,
    return503OnClosing: false,
    // An HTTP/2 server has no idle-connection close; connections.ts closes its connections.
    forceCloseConnections: http2 ? false : 'idle',
    clientErrorHandler: answerClientError,
    // A path that is not valid percent-encoding never reaches a route.
    frameworkErrors: (err: FastifyError, req: { url: string }, reply: unknown) => {
      const instance = req.url.split('?')[0] ?? req.url;
      const api = new ApiError(400, 'INVALID_REQUEST_PARAMETER', `path: ${err.message}`);
      void (reply as unknown as FastifyReply)
        .code(400)
        .type('application/json')
        .send(errorBody(api, instance));
    },
  });

  if (http2) {
    // HTTP/1.1 requests to the HTTP/2 server are parsed by Node's HTTP/1 code, which reads the
    // header cap from the server object (the HTTP/2 server does not take it as an option).
    (app.server as unknown as { maxHeaderSize: number }).maxHeaderSize = https.maxHeaderSize;
    const connections = trackConnections(app.server as unknown as Http2SecureServer);
    app.addHook('preClose', (done) => {
      connections.closeGracefully();
      done();
    });
  }

  // Oversized files are reported per file (truncated), not as a thrown 413.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: 10 * 1024 * 1024 },
  });

  // An empty body (e.g. a POST with no payload but a JSON content type) is no body at all.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === ''))
      return done(null, undefined);
    // The default parser answers through `done`; what it returns carries nothing more.
    void json(req, body as string, done);
  });
  // Form bodies are the OAuth convention for the token endpoint, and only there: elsewhere a
  // form's string fields could pass a schema (`clientId=…` creates a quote) though the API takes
  // JSON. So any other endpoint answers a form like any other wrong content type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (req, body, done) => {
      if (req.routeOptions.url === '/v1/token') {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
        return;
      }
      if (String(body).length === 0) return done(null, undefined);
      done(badRequest('INVALID_REQUEST_BODY', 'content-type: must be application/json'), undefined);
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(badRequest('INVALID_REQUEST_BODY', 'content-type: must be application/json'), undefined);
  });

  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url === undefined || req.routeOptions.config.public) return;
    req.caller = await authenticate(ctx, req);
  });

  app.addHook('onResponse', async (req, reply) => {
    // Which quote a request was about, when it names a well-formed one: to follow one quote's
    // traffic (a sync's reads of it, a failed push) through the log.
    const quoteId = (req.params as { quoteId?: unknown } | undefined)?.quoteId;
    log('info', 'request', {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      ...(Uuid.safeParse(quoteId).success ? { quoteId: (quoteId as string).toLowerCase() } : {}),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      http: req.raw.httpVersion,
    });
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const api = toApiError(err, req.routeOptions.config?.lists404 === true);
    const instance = req.url.split('?')[0] ?? req.url;
    if (api) {
      void reply.code(api.status).type('application/json').send(errorBody(api, instance));
      return;
    }
    log('error', 'unhandled', {
      route: req.routeOptions.url,
      error: err.message,
      stack: err.stack,
    });
    void reply
      .code(500)
      .type('application/json')
      .send({
        status: 500,
        type: 'INTERNAL_EXCEPTION',
        message: 'Internal error',
        instance,
        details: [{ type: 'INTERNAL_EXCEPTION', message: 'Internal error' }],
      });
  });

  app.setNotFoundHandler((req, reply) => {
    const instance = req.url.split('?')[0] ?? req.url;
    const err = new ApiError(
      404,
      'RESOURCE_NOT_FOUND',
      `${req.method} ${instance}: no such endpoint`,
    );
    void reply.code(404).type('application/json').send(errorBody(err, instance));
  });

  return app;
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IpcResult } from '../../common/ipc';
import { TOKEN_HEADER } from '../../common/ipc/channels';
import { buildCsp, securityHeaders } from '../core/csp';
import type { EventHub } from '../core/event-hub';
import { silentLogger, type Logger } from '../core/log';
import { firstFilesOf, watchPageServed } from './page-served';
import { mimeTypeOf, resolveExistingFileUnder } from '../core/safe-path';
import type { Dispatch } from '../services/dispatcher';

export interface HttpBridgeOptions {
  dispatch: Dispatch;
  hub: EventHub;
  /** The built renderer (`out/renderer`); without it only the API is served. */
  staticDir?: string;
  /** 0 = any free port. The host is always 127.0.0.1. */
  port?: number;
  /** Fixed token for tests; a fresh random one per run otherwise. */
  token?: string;
  /** Other origins allowed to call (e.g. a Vite dev server on another port). */
  extraOrigins?: string[];
  log?: Logger;
  /** Largest request body; attachments travel as base64 in browser mode. */
  maxBodyBytes?: number;
  /**
   * Called once when the page's first files have been answered, or soon after listening when
   * no page asks (`page-served.ts`): what waits for the page to have loaded starts then.
   */
  onPageServed?: () => void;
}

export interface HttpBridge {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  token: string;
  /** The page to open, with the token in the fragment (never sent to any server). */
  pageUrl: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const KEEPALIVE_MS = 20_000;

/**
 * How a static file may be cached: the page's HTML is asked again every time (answered 304
 * when unchanged, which says the browser holds the page: `page-served.ts`), the build's assets
 * are named by their content's hash and never change under their name.
 */
function cachingOf(rel: string, stat: fs.Stats): { cacheControl: string; etag?: string } {
  if (rel === '/index.html')
    return {
      cacheControl: 'no-cache',
      etag: `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"`,
    };
  if (rel.startsWith('/assets/')) return { cacheControl: 'max-age=31536000, immutable' };
  return { cacheControl: 'max-age=3600' };
}

/**
 * Browser mode's transport (docs/architecture.md#browser-mode): the IPC contract over loopback HTTP. A request
 * must carry this run's token, come from our own origin when a browser says where it comes
 * from, and name our own host (so a DNS-rebinding page cannot reach it).
 */
// long: the HTTP handler and the checks every request passes (token, origin, host) share this run's token and server
export async function startBridge(options: HttpBridgeOptions): Promise<HttpBridge> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenBuf = Buffer.from(token);
  const log = options.log ?? silentLogger;
  const maxBody = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const sseClients = new Set<http.ServerResponse>();
  const pageServed = options.onPageServed
    ? watchPageServed(
        options.onPageServed,
        options.staticDir ? firstFilesOf(options.staticDir) : [],
      )
    : null;
  let origin = '';
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const tokenOk = (given: string | undefined | null) => {
    if (!given) return false;
    const buf = Buffer.from(given);
    return buf.length === tokenBuf.length && timingSafeEqual(buf, tokenBuf);
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(text);
  };
  const refuse = (res: http.ServerResponse, status: number, message: string) =>
    sendJson(res, status, {
      ok: false,
      error: { code: 'AUTH', message },
    } satisfies IpcResult<never>);

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error) => {
      log.error('bridge.request_failed', { error: String(error) });
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'Bridge error.' } });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    // Host check first: a page on another site resolving its name to 127.0.0.1 still
    // sends its own name here.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      return refuse(res, 403, 'Unknown host.');
    }
    const reqOrigin = req.headers.origin;
    if (reqOrigin !== undefined && !allowedOrigins.has(reqOrigin)) {
      return refuse(res, 403, 'Requests from other sites are refused.');
    }
    const url = new URL(req.url ?? '/', origin);

    if (url.pathname.startsWith('/ipc/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
      if (!tokenOk(req.headers[TOKEN_HEADER] as string | undefined)) {
        return refuse(
          res,
          401,
          'Missing or wrong token: open the address Quotedesk printed at start.',
        );
      }
      if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
        return refuse(res, 415, 'Send JSON.');
      }
      const body = await readBody(req, maxBody);
      if (body === null)
        return sendJson(res, 413, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'The request is too large.' },
        });
      let input: unknown;
      try {
        input = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
      } catch {
        return sendJson(res, 400, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'The request is not valid JSON.' },
        });
      }
      const name = decodeURIComponent(url.pathname.slice('/ipc/'.length));
      const result = await options.dispatch(name, input === null ? undefined : input, {
        via: 'browser',
      });
      return sendJson(res, 200, result);
    }

    if (url.pathname === '/events') {
      if (req.method !== 'GET') return refuse(res, 405, 'Use GET.');
      if (!tokenOk(url.searchParams.get('token')))
        return refuse(res, 401, 'Missing or wrong token.');
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      res.write(': connected\n\n');
      sseClients.add(res);
      req.on('close', () => sseClients.delete(res));
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'Method not allowed.');
    return serveStatic(url.pathname, req, res);
  }

  function serveStatic(pathname: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const headers = securityHeaders(buildCsp({ connectSrc: options.extraOrigins }));
    if (!options.staticDir) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The renderer is not built: run `npx vite build`.');
    }
    const rel = pathname === '/' ? '/index.html' : pathname;
    const file = resolveExistingFileUnder(options.staticDir, rel);
    if (!file) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Not found.');
    }
    const stat = fs.statSync(file);
    const caching = cachingOf(rel, stat);
    // The browser holds this very page (its HTML unchanged since it last had it): its scripts
    // are in its cache too, and it asks for none of them.
    const held = caching.etag !== undefined && req.headers['if-none-match'] === caching.etag;
    if (pageServed) {
      pageServed.started();
      res.once('close', () => pageServed.finished(rel, held));
    }
    const cacheHeaders = {
      'cache-control': caching.cacheControl,
      ...(caching.etag ? { etag: caching.etag } : {}),
    };
    if (held) {
      res.writeHead(304, { ...headers, ...cacheHeaders });
      return res.end();
    }
    res.writeHead(200, {
      ...headers,
      'content-type': mimeTypeOf(file),
      'content-length': String(stat.size),
      ...cacheHeaders,
    });
    if (req.method === 'HEAD') return res.end();
    // A file gone or unreadable meanwhile ends this answer, never the app (an unhandled
    // stream `error` event would).
    const stream = fs.createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  const unsubscribe = options.hub.subscribe((event, payload) => {
    const data = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const client of sseClients) client.write(data);
  });
  const keepalive = setInterval(() => {
    for (const client of sseClients) client.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  keepalive.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${HOST}:${port}`;
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([origin, `http://localhost:${port}`, ...(options.extraOrigins ?? [])]);
  log.info('bridge.listening', { origin });

  return {
    origin,
    port,
    token,
    pageUrl: `${origin}/#token=${token}`,
    async close() {
      pageServed?.stop();
      unsubscribe();
      clearInterval(keepalive);
      for (const client of sseClients) client.end();
      sseClients.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      if (!tooBig) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

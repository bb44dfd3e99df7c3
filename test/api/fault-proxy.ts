// A fault-injecting HTTPS proxy for tests: it sits between the client and the real server,
// records every request it sees, and for requests matching a rule answers with an error
// status, drops the connection before forwarding, or forwards and then drops the answer
// (the server did the work; the client never hears of it), or stalls, or holds a request
// until something else has happened. Faults a real server cannot
// produce on demand; everything else is the real server's answer.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { ensureTls } from '../../server/tls/certificates';

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'drop' }
  | { kind: 'drop-after-forward' }
  /** Never answers (until the client gives up or the proxy stops). */
  | { kind: 'stall' }
  /** Forwards, but sends the answer in chunks without Content-Length. */
  | { kind: 'chunked' }
  /** Forwards once `until` (given the request's URL) has settled: something else happens
   * between two requests. */
  | { kind: 'hold'; until: (url: string) => Promise<unknown> }
  /** Forwards, and rewrites the JSON answer (how another server might shape it). */
  | { kind: 'rewrite'; edit: (json: unknown) => unknown };

export interface FaultRule {
  method?: string;
  /** Path (without query) must match. */
  path?: RegExp;
  /** The request's body (as text) must match. */
  body?: RegExp;
  /** How many matching requests get the fault; later ones pass. */
  times: number;
  fault: Fault;
}

/**
 * How the server answers every request, within what the spec allows but not as ours does
 * (test/api/dialects.ts). `request` shapes what reaches the real server (e.g. a server that
 * writes upper-case ids accepts them back: ours is given them in lower case); `answer` the
 * JSON that comes back (status and content type unchanged unless it says so).
 */
export interface Dialect {
  name: string;
  request?: (r: { method: string; url: string; body: Buffer }) => { url: string; body: Buffer };
  answer?: (a: { method: string; path: string; query: string; status: number; json: unknown }) => {
    status: number;
    json: unknown;
  };
}

export interface SeenRequest {
  method: string;
  path: string;
  fault?: Fault['kind'];
  status?: number;
}

export interface FaultProxy {
  url: string;
  /** The proxy's own CA (PEM file): a client profile names it as its caFile. */
  caFile: string;
  seen: SeenRequest[];
  count(method: string, path: RegExp | string): number;
  inject(...rules: FaultRule[]): void;
  /** Every later answer in this dialect (null: the real server's own). */
  speak(dialect: Dialect | null): void;
  clear(): void;
  stop(): Promise<void>;
}

export async function startFaultProxy(upstream: {
  baseUrl: string;
  ca: string;
}): Promise<FaultProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-fault-proxy-'));
  const tls = ensureTls(dir);
  const agent = new Agent({ connect: { ca: upstream.ca } });
  const seen: SeenRequest[] = [];
  let rules: FaultRule[] = [];
  let dialect: Dialect | null = null;

  const takeFault = (method: string, path: string, body: string): Fault | undefined => {
    for (const r of rules) {
      if (r.times <= 0) continue;
      if (r.method && r.method !== method) continue;
      if (r.path && !r.path.test(path)) continue;
      if (r.body && !r.body.test(body)) continue;
      r.times--;
      return r.fault;
    }
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    let url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const entry: SeenRequest = { method, path };
    seen.push(entry);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const fault = takeFault(method, path, Buffer.concat(chunks).toString('utf8'));
    entry.fault = fault?.kind;
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'stall') return;
    if (fault?.kind === 'hold') await fault.until(url);
    if (fault?.kind === 'status') {
      entry.status = fault.status;
      res.writeHead(fault.status, {
        'content-type': 'text/html',
        ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
      });
      res.end(
        fault.body ?? `<html><body>${fault.status} from the fault-injecting proxy</body></html>`,
      );
      return;
    }
    const d = dialect;
    let sent: Buffer | undefined = chunks.length ? Buffer.concat(chunks) : undefined;
    if (d?.request) {
      const r = d.request({ method, url, body: sent ?? Buffer.alloc(0) });
      url = r.url;
      sent = chunks.length ? r.body : undefined;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || ['host', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
        continue;
      headers[k] = v;
    }
    if (sent && headers['content-length']) headers['content-length'] = String(sent.length);
    const up = await request(upstream.baseUrl + url, {
      method: method as 'GET',
      headers,
      body: sent,
      dispatcher: agent,
    });
    let body = Buffer.from(await up.body.arrayBuffer());
    let status = up.statusCode;
    const isJson = String(up.headers['content-type'] ?? '').includes('application/json');
    if (d?.answer && isJson && body.length) {
      const out = d.answer({
        method,
        path,
        query: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '',
        status,
        json: JSON.parse(body.toString('utf8')),
      });
      status = out.status;
      body = Buffer.from(JSON.stringify(out.json));
    }
    if (fault?.kind === 'rewrite') {
      body = Buffer.from(JSON.stringify(fault.edit(JSON.parse(body.toString('utf8')))));
    }
    entry.status = status;
    if (fault?.kind === 'drop-after-forward') {
      req.socket.destroy();
      return;
    }
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(up.headers)) {
      if (v === undefined || ['connection', 'keep-alive', 'transfer-encoding'].includes(k))
        continue;
      out[k] = v;
    }
    if (fault?.kind === 'chunked') {
      delete out['content-length'];
      res.writeHead(status, out);
      for (let i = 0; i < body.length; i += 16_384) res.write(body.subarray(i, i + 16_384));
      res.end();
      return;
    }
    out['content-length'] = String(body.length);
    res.writeHead(status, out);
    res.end(body);
  };

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `https://127.0.0.1:${port}`,
    caFile: tls.caFile,
    seen,
    count: (method, path) =>
      seen.filter(
        (s) =>
          s.method === method && (typeof path === 'string' ? s.path === path : path.test(s.path)),
      ).length,
    inject: (...r) => {
      rules = [...rules, ...r.map((x) => ({ ...x }))];
    },
    speak: (next) => {
      dialect = next;
    },
    clear: () => {
      rules = [];
      seen.length = 0;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

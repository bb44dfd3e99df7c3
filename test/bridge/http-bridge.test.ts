import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../common/ipc';
import { startBridge, type HttpBridge } from '../../main/bridge';
import { EventHub } from '../../main/core/event-hub';
import { events } from '../../common/ipc/events';
import type { Dispatch } from '../../main/services/dispatcher';

// Raw http.request rather than fetch: fetch forbids setting Host and Origin, which is
// exactly what an attacker's browser would send and what these tests must control.
function request(
  bridge: HttpBridge,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: bridge.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('browser-mode HTTP bridge', () => {
  const hub = new EventHub(events);
  const received: Array<[string, unknown]> = [];
  const dispatch: Dispatch = async (name, input) => {
    received.push([name, input]);
    return { ok: true, value: { echoed: name } };
  };
  let bridge: HttpBridge;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-bridge-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Quotedesk</title>');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(path.dirname(staticDir), 'qd-outside-secret.txt'), 'secret');
    bridge = await startBridge({ dispatch, hub, staticDir });
  });
  afterAll(async () => {
    await bridge.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const call = (headers: Record<string, string>, name = 'app.info') =>
    request(bridge, {
      method: 'POST',
      path: `/ipc/${name}`,
      headers: { 'content-type': 'application/json', host: `127.0.0.1:${bridge.port}`, ...headers },
      body: '{}',
    });

  it('listens on 127.0.0.1 only, on a random port, with a long random token', () => {
    expect(bridge.origin).toBe(`http://127.0.0.1:${bridge.port}`);
    expect(bridge.port).toBeGreaterThan(0);
    expect(bridge.token.length).toBeGreaterThanOrEqual(40);
    expect(bridge.pageUrl).toBe(`${bridge.origin}/#token=${bridge.token}`);
  });

  it('is not reachable on any other interface of this machine', async (ctx) => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) {
      console.log('skipped: this machine has no non-loopback IPv4 interface to try the bridge on');
      ctx.skip();
      return;
    }
    const outcome = await new Promise<string>((resolve) => {
      const s = net.connect({ host: external.address, port: bridge.port });
      s.once('connect', () => {
        s.destroy();
        resolve('connected');
      });
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });

  it('refuses a call without the token, and does not run it', async () => {
    const before = received.length;
    const res = await call({});
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'AUTH' } });
    expect(received.length).toBe(before);
  });

  it('refuses a call with a wrong token of the same length', async () => {
    const wrong = bridge.token.slice(0, -1) + (bridge.token.endsWith('A') ? 'B' : 'A');
    const res = await call({ [TOKEN_HEADER]: wrong });
    expect(res.status).toBe(401);
  });

  it('refuses a call from a foreign Origin even with the right token', async () => {
    const before = received.length;
    const res = await call({ [TOKEN_HEADER]: bridge.token, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(received.length).toBe(before);
  });

  it('refuses a request naming another host (DNS rebinding)', async () => {
    const res = await call({ [TOKEN_HEADER]: bridge.token, host: `evil.example:${bridge.port}` });
    expect(res.status).toBe(403);
  });

  it('runs a call with the token from our own origin, or with no Origin at all', async () => {
    const own = await call({ [TOKEN_HEADER]: bridge.token, origin: bridge.origin }, 'quotes.list');
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toEqual({ ok: true, value: { echoed: 'quotes.list' } });
    const none = await call({ [TOKEN_HEADER]: bridge.token });
    expect(none.status).toBe(200);
    expect(received.at(-1)).toEqual(['app.info', {}]);
  });

  it('refuses a form-encoded body (no simple cross-site request can call)', async () => {
    const res = await request(bridge, {
      method: 'POST',
      path: '/ipc/app.info',
      headers: { [TOKEN_HEADER]: bridge.token, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });

  it('streams events only to a client with the token', async () => {
    const denied = await request(bridge, { path: '/events?token=nope' });
    expect(denied.status).toBe(401);

    const got = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path: `/events?token=${encodeURIComponent(bridge.token)}`,
        },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          res.setEncoding('utf8');
          let buf = '';
          res.on('data', (c: string) => {
            buf += c;
            const line = buf.split('\n').find((l) => l.startsWith('data: '));
            if (line) {
              req.destroy();
              resolve(line.slice('data: '.length));
            }
          });
          setImmediate(() => hub.emit('quotes.changed', { count: 3 }));
        },
      );
      req.on('error', reject);
    });
    expect(JSON.parse(got)).toEqual({ event: 'quotes.changed', payload: { count: 3 } });
  });

  it('serves the renderer with a strict CSP and never a file outside it', async () => {
    const page = await request(bridge, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Quotedesk</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-');
    const js = await request(bridge, { path: '/assets/app.js' });
    expect(js.headers['content-type']).toContain('text/javascript');
    for (const p of [
      '/../qd-outside-secret.txt',
      '/%2e%2e/qd-outside-secret.txt',
      '/assets/..%2f..%2fqd-outside-secret.txt',
      '/%2fetc%2fpasswd',
    ]) {
      const res = await request(bridge, { path: p });
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

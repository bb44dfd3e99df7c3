// Tokens against the real server, counted by a transparent proxy in front of it (the
// fault-injecting proxy with no faults injected).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  createApiClient,
  type StoredToken,
  type TokenCache,
} from '../../main/api';
import { startServer } from '../helpers/server';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { ACME_ID, ADA, clientFor, unexpected } from './fixtures';

let server: Awaited<ReturnType<typeof startServer>>;
let proxy: FaultProxy;

beforeAll(async () => {
  server = await startServer();
  proxy = await startFaultProxy(server);
});
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});
beforeEach(() => proxy.clear());

const viaProxy = (extra: Parameters<typeof clientFor>[2] = {}) =>
  clientFor(server, ADA, { baseUrl: proxy.url, caFile: proxy.caFile, ...extra });

function memoryCache(
  initial?: StoredToken,
): TokenCache & { saved: StoredToken[]; value?: StoredToken } {
  const c = {
    value: initial,
    saved: [] as StoredToken[],
    load: async () => c.value,
    save: async (t: StoredToken) => {
      c.value = t;
      c.saved.push(t);
    },
    clear: async () => {
      c.value = undefined;
    },
  };
  return c;
}

describe('access tokens (counted at a proxy in front of the real server)', () => {
  it('100 sequential calls make exactly one token request', async () => {
    const tokensBefore = server
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"route":"/v1/token"')).length;
    const client = viaProxy();
    const q = await client.createQuote({ clientId: ACME_ID });
    for (let i = 0; i < 99; i++) await client.getQuote(q.id);
    await client.close();
    expect(proxy.count('POST', '/v1/token')).toBe(1);
    expect(proxy.count('GET', `/v2/quotes/${q.id}`)).toBe(99);
    expect(proxy.count('POST', '/v2/quotes')).toBe(1);
    // The server's own request log agrees.
    const served = server
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"event":"request"'))
      .map((l) => JSON.parse(l) as { method: string; route: string });
    expect(served.filter((r) => r.route === '/v1/token').length - tokensBefore).toBe(1);
  });

  it('calls started together share one token request', async () => {
    const client = viaProxy();
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => client.listQuotes({ limit: 1 })),
    );
    await client.close();
    expect(pages).toHaveLength(20);
    expect(proxy.count('POST', '/v1/token')).toBe(1);
    expect(proxy.count('GET', '/v2/quotes')).toBe(20);
  });

  it('a cached token still valid is reused across clients (restart) without a token request', async () => {
    const cache = memoryCache();
    const first = viaProxy({ tokenCache: cache });
    await first.listQuotes({ limit: 1 });
    await first.close();
    expect(cache.saved).toHaveLength(1);
    const second = viaProxy({ tokenCache: cache });
    await second.listQuotes({ limit: 1 });
    await second.close();
    expect(proxy.count('POST', '/v1/token')).toBe(1);
  });

  it('an expired cached token is not sent: a new one is fetched once and the call succeeds', async () => {
    const cache = memoryCache({
      accessToken: 'expired.token.value',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const client = viaProxy({ tokenCache: cache });
    const page = await client.listQuotes({ limit: 1 });
    await client.close();
    expect(page.page.size).toBe(1);
    expect(proxy.seen.map((s) => `${s.method} ${s.path} ${s.status}`)).toEqual([
      'POST /v1/token 200',
      'GET /v2/quotes 200',
    ]);
    expect(cache.value?.accessToken).not.toBe('expired.token.value');
  });

  it('a token the server rejects (403 UNAUTHORIZED_ERROR) is refreshed once and the call succeeds', async () => {
    // Looks valid to us (expires in an hour) but the server never issued it.
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.c2lnbmF0dXJl';
    const cache = memoryCache({
      accessToken: forged,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const client = viaProxy({ tokenCache: cache });
    const created = await client.createQuote({ clientId: ACME_ID });
    await client.close();
    expect(created.status).toBe('draft');
    expect(proxy.seen.map((s) => `${s.method} ${s.path} ${s.status}`)).toEqual([
      'POST /v2/quotes 403',
      'POST /v1/token 200',
      'POST /v2/quotes 201',
    ]);
    expect(cache.value?.accessToken).not.toBe(forged);
  });

  it('a wrong secret gives the typed auth error, without the secret in it, and is not retried', async () => {
    const secret = 'definitely-not-the-secret-123';
    const client = clientFor(
      server,
      { clientId: ADA.clientId, secret },
      { baseUrl: proxy.url, caFile: proxy.caFile },
    );
    const err = await client.listQuotes().then(unexpected, (e: unknown) => e as AuthError);
    await client.close();
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 401,
      type: 'access_denied',
      route: '/v1/token',
      outcome: 'refused',
    });
    expect(`${err.message} ${err.stack}`).not.toContain(secret);
    expect(proxy.count('POST', '/v1/token')).toBe(1);
    expect(proxy.count('GET', '/v2/quotes')).toBe(0);
  });

  it('a token for another audience is refused with CLIENT_ACCESS_DENIED, without a refresh loop', async () => {
    const other = createApiClient(
      { baseUrl: proxy.url, audience: 'api://usage', clientId: ADA.clientId, caFile: proxy.caFile },
      { clientSecret: ADA.secret },
    );
    const err = await other.listQuotes().then(unexpected, (e: unknown) => e as ApiError);
    await other.close();
    expect(err).toMatchObject({ status: 403, type: 'CLIENT_ACCESS_DENIED', outcome: 'refused' });
    expect(proxy.count('POST', '/v1/token')).toBe(1);
    expect(proxy.count('GET', '/v2/quotes')).toBe(1);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, TokenError, TokenResponse } from '../../common/api';
import { Api, DEMO, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = new Api(server.baseUrl, server.ca);
});
afterAll(async () => {
  await api?.close();
  await server?.stop();
});

const tokenBody = (over: Record<string, unknown> = {}) => ({
  audience: server.baseUrl,
  grant_type: 'client_credentials',
  client_id: DEMO.ada.clientId,
  client_secret: DEMO.ada.secret,
  ...over,
});

/** Signs a token with the server's own key, for lifetimes a test cannot wait for. */
async function signed(claims: { exp: number; aud?: string; sub?: string }): Promise<string> {
  const key = Buffer.from(
    readFileSync(join(server.dataDir, 'token-signing.key'), 'utf8').trim(),
    'base64',
  );
  return new SignJWT({
    pid: '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc',
    cid: DEMO.ada.clientId,
    scope: 'quotes',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('quotedesk-quoting-api')
    .setSubject(claims.sub ?? 'b0a9d703-1f07-4046-81c9-40e9b0597a6d')
    .setAudience(claims.aud ?? server.baseUrl)
    .setIssuedAt(claims.exp - 86_400)
    .setExpirationTime(claims.exp)
    .sign(new Uint8Array(key));
}

describe('POST /v1/token', () => {
  it('issues a one-day bearer JWT for the demo credentials', async () => {
    const r = await api.post('/v1/token', tokenBody(), { token: null });
    const t = ok(r, 200, TokenResponse);
    expect(t.token_type).toBe('Bearer');
    expect(t.expires_in).toBe(86_400);
    expect(t.access_token.split('.')).toHaveLength(3);
    const expiresAt = Date.parse(t.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(86_000_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(t.expires_at).toMatch(/(Z|[+-]\d\d:\d\d)$/);
    const list = await api.get('/v2/quotes', { token: t.access_token });
    ok(list, 200, ListResponse);
  });

  it('also accepts the OAuth form encoding', async () => {
    const r = await api.call('POST', '/v1/token', {
      token: null,
      raw: new URLSearchParams(tokenBody() as Record<string, string>).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    ok(r, 200, TokenResponse);
  });

  it('takes the form encoding at /v1/token only: elsewhere it is a wrong content type', async () => {
    const token = await api.tokenFor(DEMO.ada);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const before = ok(await api.get('/v2/quotes?account=partner', { token }), 200, ListResponse);
    const cases: Array<[string, string, string]> = [
      ['POST', '/v2/quotes', `clientId=${DEMO.clients.acme}`],
      ['PUT', '/v2/quote-preferences', 'daysToExpire=5&introMessage=a&termsAndDisclaimers=b'],
      ['POST', '/v2/quote-preferences/attachments', 'attachments=x'],
    ];
    for (const [method, path, raw] of cases) {
      const e = refused(
        await api.call(method, path, { token, raw, headers: form }),
        400,
        'INVALID_REQUEST_BODY',
        'content-type',
      );
      expect(e.message).toBe('content-type: must be application/json');
    }
    // Nothing was created.
    const after = ok(await api.get('/v2/quotes?account=partner', { token }), 200, ListResponse);
    expect(after.page.totalElements).toBe(before.page.totalElements);
  });

  it('refuses a wrong secret and an unknown client with 401 access_denied', async () => {
    for (const over of [{ client_secret: 'wrong' }, { client_id: 'nobody' }]) {
      const r = await api.post('/v1/token', tokenBody(over), { token: null });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
    }
  });

  it('refuses malformed token requests with 400 naming the field', async () => {
    const missing = await api.post('/v1/token', { audience: server.baseUrl }, { token: null });
    expect(missing.status).toBe(400);
    const e = TokenError.parse(missing.json);
    expect(e.error).toBe('invalid_request');
    expect(e.error_description).toContain('client_id');
    const grant = await api.post('/v1/token', tokenBody({ grant_type: 'password' }), {
      token: null,
    });
    expect(grant.status).toBe(400);
    expect(TokenError.parse(grant.json).error).toBe('unsupported_grant_type');
    const garbage = await api.call('POST', '/v1/token', {
      token: null,
      raw: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.status).toBe(400);
  });
});

describe('bearer tokens on /v2 and the catalogue', () => {
  const paths = [
    '/v2/quotes',
    '/v2/quote-preferences',
    '/v2/quote-attachments',
    '/v1/products',
    '/v1/companies',
  ];

  it('answers 403 UNAUTHORIZED_ERROR without a token', async () => {
    for (const p of paths) refused(await api.get(p, { token: null }), 403, 'UNAUTHORIZED_ERROR');
  });

  it('answers 403 UNAUTHORIZED_ERROR for a malformed or forged token', async () => {
    const good = await api.tokenFor(DEMO.ada);
    const [h, p] = good.split('.');
    for (const bad of ['abc', `${h}.${p}.forgedsignature`, good.slice(0, -4)]) {
      refused(await api.get('/v2/quotes', { token: bad }), 403, 'UNAUTHORIZED_ERROR');
    }
    const basic = await api.get('/v2/quotes', {
      token: null,
      headers: { authorization: `Basic ${good}` },
    });
    refused(basic, 403, 'UNAUTHORIZED_ERROR');
  });

  it('answers 403 UNAUTHORIZED_ERROR for an expired token', async () => {
    const expired = await signed({ exp: Math.floor(Date.now() / 1000) - 60 });
    refused(await api.get('/v2/quotes', { token: expired }), 403, 'UNAUTHORIZED_ERROR');
    const fresh = await signed({ exp: Math.floor(Date.now() / 1000) + 600 });
    ok(await api.get('/v2/quotes', { token: fresh }), 200, ListResponse);
  });

  it('answers 403 CLIENT_ACCESS_DENIED for a token of another audience', async () => {
    for (const audience of ['api://usage', 'api://provisioning']) {
      const t = await api.tokenFor(DEMO.ada, audience);
      for (const p of paths) refused(await api.get(p, { token: t }), 403, 'CLIENT_ACCESS_DENIED');
    }
  });

  it('accepts the base URL with a trailing slash or the localhost name as its own audience', async () => {
    const port = new URL(server.baseUrl).port;
    for (const audience of [`${server.baseUrl}/`, `https://localhost:${port}`]) {
      const t = await api.tokenFor(DEMO.ada, audience);
      ok(await api.get('/v2/quotes', { token: t }), 200, ListResponse);
    }
  });

  it('keeps tokens and secrets out of the log', async () => {
    const t = await api.tokenFor(DEMO.ada);
    await api.get('/v2/quote-attachments', { token: t });
    await server.waitForLog('"route":"/v2/quote-attachments"');
    const log = server.stderr();
    expect(log).not.toContain(t);
    expect(log).not.toContain(t.split('.')[2]!);
    expect(log).not.toContain(DEMO.ada.secret);
  });
});

// The client's pure parts: backoff, Retry-After, token expiry and sharing, argument checks,
// error bodies. The whole client runs against the real server in the other files.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidRequestError, InvalidResponseError } from '../../main/api';
import { normalizeIds } from '../../main/api/ids';
import { buildPath } from '../../main/api/request-parts';
import { backoffDelay, DEFAULT_RETRY, isIdempotent, parseRetryAfter } from '../../main/api/retry';
import { expiryOf, TokenManager, type StoredToken } from '../../main/api/token';
import { parseJson, parseBody, toApiError } from '../../main/api/transport';

describe('retry policy', () => {
  it('only GET, PUT and DELETE count as idempotent', () => {
    expect(['GET', 'PUT', 'DELETE'].every(isIdempotent)).toBe(true);
    expect(['POST', 'PATCH'].some(isIdempotent)).toBe(false);
  });

  it('backs off exponentially with full jitter, up to the ceiling', () => {
    const p = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(backoffDelay(3, p, () => 0)).toBe(0);
    expect(backoffDelay(3, p, () => 0.5)).toBe(200);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('tokens', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('takes expires_at, bounded by expires_in against a skewed clock', () => {
    expect(expiryOf({ expires_in: 86400, expires_at: '2026-01-02T00:00:00+00:00' }, now)).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    // The server's clock is a day ahead: expires_in wins.
    expect(expiryOf({ expires_in: 3600, expires_at: '2026-01-03T00:00:00Z' }, now)).toBe(
      '2026-01-01T01:00:00.000Z',
    );
    // expires_at already past by our clock: trust expires_in.
    expect(expiryOf({ expires_in: 60, expires_at: '2025-12-31T00:00:00Z' }, now)).toBe(
      '2026-01-01T00:01:00.000Z',
    );
  });

  it('concurrent callers share one token request; a near-expiry token is replaced', async () => {
    let t = now;
    let fetched = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const m = new TokenManager({
      now: () => t,
      refreshMarginMs: 60_000,
      fetchToken: async (): Promise<StoredToken> => {
        fetched++;
        await gate;
        return { accessToken: `t${fetched}`, expiresAt: new Date(t + 3600_000).toISOString() };
      },
    });
    const all = Promise.all(Array.from({ length: 20 }, () => m.get()));
    release();
    expect(new Set(await all)).toEqual(new Set(['t1']));
    expect(fetched).toBe(1);
    t += 3600_000 - 59_000; // inside the refresh margin
    expect(await m.get()).toBe('t2');
    expect(fetched).toBe(2);
  });

  it('a cached token is used if still valid, and forgotten once refused', async () => {
    const saved: StoredToken[] = [];
    let cleared = 0;
    let fetched = 0;
    const m = new TokenManager({
      now: () => now,
      fetchToken: async () => ({
        accessToken: `new${++fetched}`,
        expiresAt: new Date(now + 3600_000).toISOString(),
      }),
      cache: {
        load: async () => ({
          accessToken: 'cached',
          expiresAt: new Date(now + 3600_000).toISOString(),
        }),
        save: async (x) => void saved.push(x),
        clear: async () => void cleared++,
      },
    });
    expect(await m.get()).toBe('cached');
    await m.invalidate('some-older-token'); // not the current one: ignored
    expect(await m.get()).toBe('cached');
    await m.invalidate('cached');
    expect(cleared).toBe(1);
    expect(await m.get()).toBe('new1');
    expect(saved.map((s) => s.accessToken)).toEqual(['new1']);
  });

  it('a caller that aborts stops waiting, without cancelling the shared request', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const m = new TokenManager({
      fetchToken: async () => {
        await gate;
        return { accessToken: 'shared', expiresAt: new Date(Date.now() + 3600_000).toISOString() };
      },
    });
    const ac = new AbortController();
    const impatient = m.get(ac.signal);
    const patient = m.get();
    ac.abort(new Error('user closed the dialog'));
    await expect(impatient).rejects.toThrow('user closed the dialog');
    release();
    expect(await patient).toBe('shared');
  });
});

describe('request parts', () => {
  it('fills path parameters, encodes the query and refuses ids that are not UUIDs', () => {
    const id = '6f1c1a52-3b8e-4a8f-9d2f-0c6a3e1b2c3d';
    expect(
      buildPath('GET', '/v2/quotes/{quoteId}', { quoteId: id }, { a: 'x y', b: undefined, c: 2 }),
    ).toBe(`/v2/quotes/${id}?a=x+y&c=2`);
    const err = (() => {
      try {
        buildPath('DELETE', '/v2/quotes/{quoteId}/line-items/{lineItemId}', {
          quoteId: '../etc',
          lineItemId: '',
        });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect((err as InvalidRequestError).details.map((d) => d.message)).toEqual([
      'quoteId: must be a UUID',
      'lineItemId: is required',
    ]);
    expect((err as InvalidRequestError).outcome).toBe('refused');
  });

  it('turns an ErrorResponse, a TokenError and a non-JSON body into typed errors', () => {
    const e1 = toApiError(
      400,
      JSON.stringify({
        status: 400,
        type: 'QUOTE_VALIDATION',
        message: 'Invalid line items',
        instance: '/v2/quotes/x',
        details: [{ type: 'INVALID_REQUEST_FIELD', message: '[0].price: must not be negative' }],
      }),
      'POST',
      '/v2/quotes/{quoteId}/line-items',
      undefined,
    );
    expect(e1).toMatchObject({ status: 400, type: 'QUOTE_VALIDATION', outcome: 'refused' });
    expect(e1.hasCode('INVALID_REQUEST_FIELD')).toBe(true);
    const e2 = toApiError(
      401,
      '{"error":"access_denied","error_description":"Unauthorized"}',
      'POST',
      '/v1/token',
      undefined,
    );
    expect(e2).toMatchObject({ type: 'access_denied', serverMessage: 'Unauthorized' });
    const e3 = toApiError(502, '<html><body>Bad gateway</body></html>', 'GET', '/v2/quotes', 2000);
    expect(e3).toMatchObject({ type: 'UNKNOWN_ERROR', outcome: 'unknown', retryAfterSeconds: 2 });
    expect(e3.serverMessage).toContain('Bad gateway');
  });

  it('reads null optional fields as absent', () => {
    expect(parseJson('{"a":null,"b":[{"c":null,"d":1}],"e":[null]}')).toEqual({
      b: [{ d: 1 }],
      e: [null],
    });
  });

  it('an answer nested too deeply for the stack is an invalid response, not a crash', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(() => parseBody(z.array(z.unknown()), 200, deep, 'GET', '/v2/quotes')).toThrow(
      InvalidResponseError,
    );
  });
});

describe('ids', () => {
  const UP = 'E935CAC1-0F2A-4B7C-9D3E-5A6B7C8D9E0F';
  const low = UP.toLowerCase();

  it('ids in answers read in lower case, whatever the field; text is left as written', () => {
    const parsed = parseJson(
      JSON.stringify({
        id: UP,
        client: { id: UP },
        lineItems: [{ id: UP, product: { id: UP }, relationship: { requiredLineItemId: UP } }],
        sections: [{ lineItems: [{ lineItemId: UP }] }],
        ids: [UP, UP],
        note: UP,
        referenceCode: 'Q-ABC',
      }),
    );
    expect(parsed).toEqual({
      id: low,
      client: { id: low },
      lineItems: [{ id: low, product: { id: low }, relationship: { requiredLineItemId: low } }],
      sections: [{ lineItems: [{ lineItemId: low }] }],
      ids: [low, low],
      note: UP,
      referenceCode: 'Q-ABC',
    });
  });

  it('ids we send go out in lower case: path, query and payload', () => {
    expect(buildPath('GET', '/v2/quotes/{quoteId}', { quoteId: UP }, { partnerId: UP })).toBe(
      `/v2/quotes/${low}?partnerId=${low}`,
    );
    // The payload as the caller sends it (Spec.body in main/api/caller.ts).
    expect(normalizeIds({ lineItemIds: [UP], note: UP })).toEqual({
      lineItemIds: [low],
      note: UP,
    });
  });
});

// Retries, timeouts and cancellation, with transient faults injected by the
// fault-injecting proxy between the client and the real server.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  CancelledError,
  DownloadTooLargeError,
  NetworkError,
  TimeoutError,
  type ApiClient,
  type ApiEvent,
} from '../../main/api';
import { startServer } from '../helpers/server';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { ACME_ID, ADA, BLUE_FJORD_ID, clientFor, inDays, writePdf, unexpected } from './fixtures';

let server: Awaited<ReturnType<typeof startServer>>;
let proxy: FaultProxy;
let client: ApiClient;
let direct: ApiClient;
let events: ApiEvent[];
let quoteId: string;

beforeAll(async () => {
  server = await startServer();
  proxy = await startFaultProxy(server);
  direct = clientFor(server, ADA);
  quoteId = (await direct.createQuote({ clientId: ACME_ID })).id;
});
afterAll(async () => {
  await client?.close();
  await direct?.close();
  await proxy?.stop();
  await server?.stop();
});
beforeEach(async () => {
  proxy.clear();
  await client?.close();
  events = [];
  // Zero jitter keeps the tests quick; the backoff itself is covered in client-parts.
  client = clientFor(server, ADA, {
    baseUrl: proxy.url,
    caFile: proxy.caFile,
    events,
    random: () => 0,
    retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 50 },
  });
  await client.getToken();
  proxy.clear();
});

const header = (status: 'draft' = 'draft') => ({
  expiresOn: inDays(10),
  introMessage: `intro ${Math.random()}`,
  termsAndDisclaimers: 'terms',
  published: false,
  status,
});

async function quotesOf(clientId: string) {
  return (await direct.listQuotes({ limit: 100, search: '' })).content.filter(
    (q) => q.client.id === clientId,
  );
}

describe('fault-injecting proxy: idempotent calls are retried', () => {
  it('GET is retried after 503s and succeeds', async () => {
    proxy.inject({
      method: 'GET',
      path: /^\/v2\/quotes\//,
      times: 2,
      fault: { kind: 'status', status: 503 },
    });
    const q = await client.getQuote(quoteId);
    expect(q.id).toBe(quoteId);
    expect(proxy.seen.map((s) => s.status)).toEqual([503, 503, 200]);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(2);
  });

  it('GET is retried after dropped connections and succeeds', async () => {
    proxy.inject({ method: 'GET', path: /^\/v2\/quotes$/, times: 2, fault: { kind: 'drop' } });
    const page = await client.listQuotes({ limit: 1 });
    expect(page.page.size).toBe(1);
    expect(proxy.count('GET', '/v2/quotes')).toBe(3);
  });

  it('PUT is retried after a 503 and after a dropped connection, and applied once', async () => {
    proxy.inject(
      { method: 'PUT', times: 1, fault: { kind: 'status', status: 503 } },
      { method: 'PUT', times: 1, fault: { kind: 'drop' } },
    );
    const h = header();
    const updated = await client.updateQuote(quoteId, h);
    expect(updated.introMessage).toBe(h.introMessage);
    expect(proxy.seen.map((s) => `${s.method} ${s.fault ?? s.status}`)).toEqual([
      'PUT status',
      'PUT drop',
      'PUT 200',
    ]);
    expect((await direct.getQuote(quoteId)).introMessage).toBe(h.introMessage);
  });

  it('PUT whose answer was lost after the server applied it is retried safely', async () => {
    proxy.inject({ method: 'PUT', times: 1, fault: { kind: 'drop-after-forward' } });
    const h = header();
    const updated = await client.updateQuote(quoteId, h);
    expect(updated.introMessage).toBe(h.introMessage);
    expect(proxy.count('PUT', `/v2/quotes/${quoteId}`)).toBe(2);
  });

  it('DELETE is retried after a 502', async () => {
    const q = await direct.createQuote({ clientId: ACME_ID });
    proxy.clear();
    proxy.inject({ method: 'DELETE', times: 1, fault: { kind: 'status', status: 502 } });
    await client.deleteQuote(q.id);
    expect(proxy.seen.map((s) => s.status)).toEqual([502, 204]);
  });

  it('429 with Retry-After: the client waits as told, then succeeds', async () => {
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: { kind: 'status', status: 429, retryAfter: '1' },
    });
    await client.getQuote(quoteId);
    const retry = events.find((e) => e.type === 'retry');
    // With zero jitter the backoff would be 0 ms: 1000 ms can only come from Retry-After.
    expect(retry).toMatchObject({ reason: '429', delayMs: 1000 });
    expect(proxy.seen.map((s) => s.status)).toEqual([429, 200]);
  });

  it('a Retry-After longer than the client will wait fails at once with the server answer', async () => {
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: { kind: 'status', status: 503, retryAfter: '3600' },
    });
    const err = await client.getQuote(quoteId).then(unexpected, (e: unknown) => e);
    expect(err).toMatchObject({ status: 503, retryAfterSeconds: 3600, outcome: 'unknown' });
    expect(proxy.seen).toHaveLength(1);
  });

  it('attempts are bounded: a GET failing every time gives up after maxAttempts', async () => {
    proxy.inject({ method: 'GET', times: 100, fault: { kind: 'status', status: 500 } });
    const err = await client.getQuote(quoteId).then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, type: 'UNKNOWN_ERROR', outcome: 'unknown' });
    expect(proxy.seen).toHaveLength(4);
  });

  it('a 4xx refusal is not retried', async () => {
    const err = await client
      .getQuote('00000000-0000-4000-8000-000000000000')
      .then(unexpected, (e: unknown) => e);
    expect(err).toMatchObject({ status: 400, outcome: 'refused' });
    expect(proxy.seen).toHaveLength(1);
  });
});

describe('fault-injecting proxy: POST is never retried', () => {
  it('POST refused with 503 fails at once; nothing reached the server', async () => {
    const before = (await quotesOf(BLUE_FJORD_ID)).length;
    proxy.inject({
      method: 'POST',
      path: /^\/v2\/quotes$/,
      times: 1,
      fault: { kind: 'status', status: 503 },
    });
    const err = await client
      .createQuote({ clientId: BLUE_FJORD_ID })
      .then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 503,
      method: 'POST',
      route: '/v2/quotes',
      outcome: 'unknown',
    });
    expect(proxy.count('POST', '/v2/quotes')).toBe(1);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(0);
    expect((await quotesOf(BLUE_FJORD_ID)).length).toBe(before);
  });

  it('POST whose connection dropped fails with outcome unknown, sent once', async () => {
    proxy.inject({ method: 'POST', path: /line-items$/, times: 1, fault: { kind: 'drop' } });
    const err = await client
      .addLineItems(quoteId, [
        {
          type: 'Custom',
          productName: 'Cabling',
          billingTerm: 'One-Time',
          price: 100,
          cost: 60,
          initialTotal: 100,
          quantity: 1,
          effectiveDate: inDays(1),
        },
      ])
      .then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ outcome: 'unknown', method: 'POST' });
    expect(proxy.count('POST', `/v2/quotes/${quoteId}/line-items`)).toBe(1);
  });

  it('POST whose answer was lost after the server created the quote: one try, one quote, outcome unknown', async () => {
    const before = (await quotesOf(BLUE_FJORD_ID)).length;
    proxy.inject({
      method: 'POST',
      path: /^\/v2\/quotes$/,
      times: 1,
      fault: { kind: 'drop-after-forward' },
    });
    const err = await client
      .createQuote({ clientId: BLUE_FJORD_ID })
      .then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).outcome).toBe('unknown');
    expect(proxy.count('POST', '/v2/quotes')).toBe(1);
    // The server did create it, exactly once: the sync engine must look before resending.
    expect((await quotesOf(BLUE_FJORD_ID)).length).toBe(before + 1);
  });

  it('an upload (POST multipart) that fails is not retried', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-retry-'));
    proxy.inject({
      method: 'POST',
      path: /attachments$/,
      times: 1,
      fault: { kind: 'status', status: 503 },
    });
    const err = await client
      .uploadQuoteAttachments(quoteId, [await writePdf(dir, 'x.pdf', `x ${Date.now()}`)])
      .then(unexpected, (e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
    expect(proxy.count('POST', `/v2/quotes/${quoteId}/attachments`)).toBe(1);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('timeouts and cancellation', () => {
  it('a call with no answer times out with outcome unknown (and idempotent ones are retried first)', async () => {
    proxy.inject({ method: 'GET', times: 2, fault: { kind: 'stall' } });
    // Two stalls, then the third attempt gets through.
    const got = await client.getQuote(quoteId, { timeoutMs: 1500 });
    expect(got.id).toBe(quoteId);
    expect(
      events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason),
    ).toEqual(['TIMEOUT', 'TIMEOUT']);

    proxy.inject({ method: 'POST', times: 1, fault: { kind: 'stall' } });
    const perr = await client
      .createQuote({ clientId: ACME_ID }, { timeoutMs: 1500 })
      .then(unexpected, (e: unknown) => e);
    expect(perr).toBeInstanceOf(TimeoutError);
    expect(perr).toMatchObject({ outcome: 'unknown', timeoutMs: 1500, method: 'POST' });
  });

  it('an AbortSignal cancels a call in flight and one waiting to retry', async () => {
    proxy.inject({ method: 'GET', times: 1, fault: { kind: 'stall' } });
    const ac = new AbortController();
    const pending = client
      .getQuote(quoteId, { signal: ac.signal })
      .then(unexpected, (e: unknown) => e);
    while (proxy.seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    expect(await pending).toBeInstanceOf(CancelledError);

    proxy.clear();
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: { kind: 'status', status: 503, retryAfter: '20' },
    });
    const slow = clientFor(server, ADA, { baseUrl: proxy.url, caFile: proxy.caFile, events });
    const ac2 = new AbortController();
    const waiting = slow
      .getQuote(quoteId, { signal: ac2.signal })
      .then(unexpected, (e: unknown) => e);
    while (!events.some((e) => e.type === 'retry' && e.delayMs === 20_000)) {
      await new Promise((r) => setTimeout(r, 10));
    }
    ac2.abort();
    expect(await waiting).toBeInstanceOf(CancelledError);
    await slow.close();
    expect(proxy.count('GET', `/v2/quotes/${quoteId}`)).toBe(1);
  });

  it('a download without Content-Length is still stopped at its cap, leaving no file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-cap2-'));
    const [att] = await direct.uploadQuoteAttachments(quoteId, [
      await writePdf(dir, 'big.pdf', `big ${Date.now()}`, 300_000),
    ]);
    const out = await mkdtemp(join(tmpdir(), 'qd-cap2-out-'));
    proxy.inject({ method: 'GET', times: 1, fault: { kind: 'chunked' } });
    const err = await client
      .downloadQuoteAttachment(quoteId, att!.id, join(out, 'big.pdf'), { maxBytes: 100_000 })
      .then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadTooLargeError);
    expect(await readdir(out)).toEqual([]);
    // The same download streamed in chunks within its cap arrives whole.
    proxy.inject({ method: 'GET', times: 1, fault: { kind: 'chunked' } });
    const ok = await client.downloadQuoteAttachment(quoteId, att!.id, join(out, 'big.pdf'));
    expect(ok.bytes).toBe(300_000);
    expect(await readdir(out)).toEqual(['big.pdf']);
    await rm(dir, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  });
});

describe('TLS', () => {
  it('a server whose certificate is not trusted is refused, not retried, and reported as a certificate problem', async () => {
    const untrusting = clientFor(server, ADA, { caFile: '' });
    const err = await untrusting.listQuotes().then(unexpected, (e: unknown) => e as NetworkError);
    await untrusting.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.certificate).toBe(true);
    expect(err.code).toMatch(/CERT|SELF_SIGNED|UNABLE/);
    // The proxy's CA does not vouch for the server either.
    const wrongCa = clientFor(server, ADA, { caFile: proxy.caFile });
    const err2 = await wrongCa.listQuotes().then(unexpected, (e: unknown) => e as NetworkError);
    await wrongCa.close();
    expect(err2).toMatchObject({ certificate: true });
  });
});

// Black-box conformance of every endpoint against the spec's status table and docs/architecture.md#error-codes:
// only the listed status codes, the 404-versus-400 choice for unknown ids, the error codes,
// and the ErrorResponse shape on every refusal (403s included).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentResponse, ErrorResponse, QuoteResponse, type ErrorCode } from '../../common/api';
import { Api, DEMO, files, login, ok, pdf, refused, type Res } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let chen: Api;
let quote: QuoteResponse;
let deleted: QuoteResponse;
let foreign: QuoteResponse;
let libId: string;
let quoteAttId: string;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  chen = await ada.as(DEMO.chen);
  quote = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
  deleted = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
  expect((await ada.del(`/v2/quotes/${deleted.id}`)).status).toBe(204);
  const chenClient = ((await chen.get('/v1/companies')).json as { content: Array<{ id: string }> })
    .content[0]!.id;
  foreign = ok(await chen.post('/v2/quotes', { clientId: chenClient }), 201, QuoteResponse);
  const lib = ok(
    await ada.call('POST', '/v2/quote-attachments', {
      form: files('attachments', [{ name: 'terms.pdf', data: pdf('conf-lib') }]),
    }),
    201,
    AttachmentResponse.array(),
  );
  libId = lib[0]!.id;
  const qa = ok(
    await ada.call('POST', `/v2/quotes/${quote.id}/attachments`, {
      form: files('attachments', [{ name: 'offer.pdf', data: pdf('conf-quote') }]),
    }),
    201,
    AttachmentResponse.array(),
  );
  quoteAttId = qa[0]!.id;
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

interface Call {
  method: string;
  path: (q: string) => string;
  body?: unknown;
  form?: () => ReturnType<typeof files>;
  /** Status for an unknown (or foreign) quote id: 404 only where the spec's row lists 404. */
  unknownQuote?: 400 | 404;
}

const upload = () => files('attachments', [{ name: 'x.pdf', data: pdf(randomUUID()) }]);
const lineItem = {
  type: 'Custom',
  billingTerm: 'Monthly',
  productName: 'Support',
  cost: 1,
  initialTotal: 0,
  price: 2,
  quantity: 1,
  effectiveDate: '2026-01-01T00:00:00Z',
};

const quoteCalls: Call[] = [
  { method: 'GET', path: (q) => `/v2/quotes/${q}`, unknownQuote: 400 },
  {
    method: 'PUT',
    path: (q) => `/v2/quotes/${q}`,
    body: {
      expiresOn: '2027-01-01T00:00:00Z',
      introMessage: '',
      termsAndDisclaimers: '',
      published: false,
      status: 'draft',
    },
    unknownQuote: 400,
  },
  { method: 'DELETE', path: (q) => `/v2/quotes/${q}`, unknownQuote: 400 },
  { method: 'POST', path: (q) => `/v2/quotes/${q}/take-ownership`, unknownQuote: 404 },
  { method: 'GET', path: (q) => `/v2/quotes/${q}/access-list`, unknownQuote: 400 },
  {
    method: 'POST',
    path: (q) => `/v2/quotes/${q}/access-list`,
    body: [{ email: 'x@example.com' }],
    unknownQuote: 400,
  },
  {
    method: 'DELETE',
    path: (q) => `/v2/quotes/${q}/access-list/${randomUUID()}`,
    unknownQuote: 400,
  },
  { method: 'GET', path: (q) => `/v2/quotes/${q}/attachments?downloadZip=true`, unknownQuote: 404 },
  { method: 'POST', path: (q) => `/v2/quotes/${q}/attachments`, form: upload, unknownQuote: 404 },
  {
    method: 'PUT',
    path: (q) => `/v2/quotes/${q}/attachments`,
    body: [{ id: randomUUID(), name: 'a.pdf', order: 0 }],
    unknownQuote: 400,
  },
  {
    method: 'POST',
    path: (q) => `/v2/quotes/${q}/attachments/shared`,
    body: [{ attachmentId: randomUUID() }],
    unknownQuote: 404,
  },
  {
    method: 'GET',
    path: (q) => `/v2/quotes/${q}/attachments/${randomUUID()}`,
    unknownQuote: 404,
  },
  {
    method: 'DELETE',
    path: (q) => `/v2/quotes/${q}/attachments/${randomUUID()}`,
    unknownQuote: 400,
  },
  {
    method: 'POST',
    path: (q) => `/v2/quotes/${q}/line-items`,
    body: [lineItem],
    unknownQuote: 400,
  },
  {
    method: 'PUT',
    path: (q) => `/v2/quotes/${q}/line-items`,
    body: [{ ...lineItem, id: randomUUID() }],
    unknownQuote: 400,
  },
  {
    method: 'POST',
    path: (q) => `/v2/quotes/${q}/line-items/bulk-delete`,
    body: { lineItemIds: [randomUUID()] },
    unknownQuote: 400,
  },
  {
    method: 'DELETE',
    path: (q) => `/v2/quotes/${q}/line-items/${randomUUID()}`,
    unknownQuote: 400,
  },
  { method: 'GET', path: (q) => `/v2/quotes/${q}/sections`, unknownQuote: 400 },
  {
    method: 'POST',
    path: (q) => `/v2/quotes/${q}/sections`,
    body: { name: 'S' },
    unknownQuote: 400,
  },
  {
    method: 'PUT',
    path: (q) => `/v2/quotes/${q}/sections`,
    body: { sections: [] },
    unknownQuote: 400,
  },
];

const otherCalls: Call[] = [
  { method: 'GET', path: () => '/v2/quotes' },
  { method: 'POST', path: () => '/v2/quotes', body: { clientId: DEMO.clients.acme } },
  { method: 'GET', path: () => '/v2/quote-attachments' },
  { method: 'POST', path: () => '/v2/quote-attachments', form: upload },
  { method: 'PUT', path: () => '/v2/quote-attachments', body: [] },
  { method: 'POST', path: () => '/v2/quote-attachments/shared', body: [] },
  { method: 'GET', path: () => `/v2/quote-attachments/${randomUUID()}` },
  { method: 'DELETE', path: () => `/v2/quote-attachments/${randomUUID()}` },
  { method: 'GET', path: () => '/v2/quote-preferences' },
  {
    method: 'PUT',
    path: () => '/v2/quote-preferences',
    body: { daysToExpire: 30, introMessage: '', termsAndDisclaimers: '' },
  },
  { method: 'POST', path: () => '/v2/quote-preferences/attachments', body: { attachments: [] } },
  { method: 'DELETE', path: () => `/v2/quote-preferences/attachments/${randomUUID()}` },
  { method: 'GET', path: () => '/v1/companies' },
  { method: 'GET', path: () => '/v1/products' },
];

/** Sends the call; `path` is the one actually sent (some hold a fresh random id). */
async function send(
  api: Api,
  c: Call,
  quoteId: string,
  token?: string | null,
): Promise<Res & { path: string }> {
  const path = c.path(quoteId);
  const r = await api.call(c.method, path, {
    body: c.body,
    form: c.form?.(),
    ...(token !== undefined ? { token } : {}),
  });
  return { ...r, path };
}

const label = (c: Call) => `${c.method} ${c.path('{quoteId}')}`;

function expectErrorShape(r: Res, status: number, code: ErrorCode, path: string) {
  expect(r.status, r.text).toBe(status);
  const e = ErrorResponse.parse(r.json);
  expect(e).toMatchObject({ status, type: code });
  expect(e.details.map((d) => d.type)).toContain(code);
  expect(e.instance).toBe(path.split('?')[0]);
  expect(e.message.length).toBeGreaterThan(0);
}

describe('403 on every endpoint, always an ErrorResponse', () => {
  it.each([...quoteCalls, ...otherCalls].map((c) => [label(c), c] as const))(
    '%s without a token: 403 UNAUTHORIZED_ERROR',
    async (_l, c) => {
      const r = await send(ada, c, quote.id, null);
      expectErrorShape(r, 403, 'UNAUTHORIZED_ERROR', r.path);
    },
  );

  it.each([...quoteCalls, ...otherCalls].map((c) => [label(c), c] as const))(
    '%s with a token for api://usage: 403 CLIENT_ACCESS_DENIED',
    async (_l, c) => {
      const token = await ada.tokenFor(DEMO.ada, 'api://usage');
      const r = await send(ada, c, quote.id, token);
      expectErrorShape(r, 403, 'CLIENT_ACCESS_DENIED', r.path);
    },
  );

  it.each([
    ['a garbage token', 'not.a.jwt'],
    ['a token with a forged signature', 'forged'],
  ])('GET /v2/quotes with %s: 403 UNAUTHORIZED_ERROR', async (_l, kind) => {
    let token = kind;
    if (kind === 'forged') {
      const [h, p] = ada.token!.split('.');
      token = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    }
    const r = await ada.get('/v2/quotes', { token });
    expectErrorShape(r, 403, 'UNAUTHORIZED_ERROR', '/v2/quotes');
  });
});

describe('unknown, foreign and deleted quote ids', () => {
  it.each(quoteCalls.map((c) => [label(c), c] as const))('%s with an unknown id', async (_l, c) => {
    const r = await send(ada, c, randomUUID());
    expectErrorShape(r, c.unknownQuote!, 'QUOTE_NOT_FOUND', r.path);
  });

  it.each(quoteCalls.map((c) => [label(c), c] as const))(
    '%s with another partner’s id answers like an unknown one',
    async (_l, c) => {
      const r = await send(ada, c, foreign.id);
      expectErrorShape(r, c.unknownQuote!, 'QUOTE_NOT_FOUND', r.path);
    },
  );

  it.each(quoteCalls.map((c) => [label(c), c] as const))(
    '%s on a deleted quote: 400 QUOTE_ALREADY_DELETED',
    async (_l, c) => {
      const r = await send(ada, c, deleted.id);
      expectErrorShape(r, 400, 'QUOTE_ALREADY_DELETED', r.path);
    },
  );

  it.each(quoteCalls.map((c) => [label(c), c] as const))(
    '%s with a malformed id: 400 INVALID_REQUEST_PARAMETER',
    async (_l, c) => {
      const r = await send(ada, c, 'not-a-uuid');
      refused(r, 400, 'INVALID_REQUEST_PARAMETER', 'quoteId');
    },
  );
});

describe('unknown sub-resources: 404 only where the row lists it', () => {
  const cases: Array<[string, string, (q: string) => string, unknown, number, ErrorCode]> = [
    [
      'DELETE',
      'access-list entry',
      (q) => `/v2/quotes/${q}/access-list/${randomUUID()}`,
      undefined,
      400,
      'QUOTE_ACCESS_ENTRY_NOT_FOUND',
    ],
    [
      'GET',
      'quote attachment',
      (q) => `/v2/quotes/${q}/attachments/${randomUUID()}`,
      undefined,
      404,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    ],
    [
      'DELETE',
      'quote attachment',
      (q) => `/v2/quotes/${q}/attachments/${randomUUID()}`,
      undefined,
      400,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    ],
    [
      'PUT',
      'quote attachment',
      (q) => `/v2/quotes/${q}/attachments`,
      [{ id: randomUUID(), name: 'a.pdf', order: 0 }],
      400,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    ],
    [
      'POST',
      'library attachment to copy',
      (q) => `/v2/quotes/${q}/attachments/shared`,
      [{ attachmentId: randomUUID() }],
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    ],
    [
      'DELETE',
      'line item',
      (q) => `/v2/quotes/${q}/line-items/${randomUUID()}`,
      undefined,
      400,
      'LINE_ITEM_NOT_FOUND',
    ],
    [
      'POST',
      'line item (bulk delete)',
      (q) => `/v2/quotes/${q}/line-items/bulk-delete`,
      { lineItemIds: [randomUUID()] },
      400,
      'LINE_ITEM_NOT_FOUND',
    ],
    [
      'GET',
      'library attachment',
      () => `/v2/quote-attachments/${randomUUID()}`,
      undefined,
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    ],
    [
      'DELETE',
      'library attachment',
      () => `/v2/quote-attachments/${randomUUID()}`,
      undefined,
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    ],
    [
      'PUT',
      'library attachment',
      () => '/v2/quote-attachments',
      [{ id: randomUUID(), name: 'a.pdf', order: 0 }],
      400,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    ],
    [
      'POST',
      'quote attachment to share',
      () => '/v2/quote-attachments/shared',
      [{ attachmentId: randomUUID() }],
      404,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    ],
    [
      'POST',
      'library attachment for preferences',
      () => '/v2/quote-preferences/attachments',
      { attachments: [randomUUID()] },
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    ],
    [
      'DELETE',
      'preference attachment',
      () => `/v2/quote-preferences/attachments/${randomUUID()}`,
      undefined,
      404,
      'PREFERENCE_ATTACHMENT_NOT_FOUND',
    ],
  ];
  it.each(cases)('%s unknown %s', async (method, _l, path, body, status, code) => {
    const p = path(quote.id);
    const r = await ada.call(method, p, { body });
    expectErrorShape(r, status, code, p);
  });

  it('PATCH an unknown library attachment: 404 LIBRARY_ATTACHMENT_NOT_FOUND', async () => {
    const p = `/v2/quote-attachments/${randomUUID()}`;
    const r = await ada.call('PATCH', p, {
      form: files('attachment', [{ name: 'x.pdf', data: pdf('patch-unknown') }]),
    });
    expectErrorShape(r, 404, 'LIBRARY_ATTACHMENT_NOT_FOUND', p);
  });

  it('another partner’s library and quote attachments answer like unknown ones', async () => {
    const p1 = `/v2/quote-attachments/${libId}`;
    expectErrorShape(await chen.get(p1), 404, 'LIBRARY_ATTACHMENT_NOT_FOUND', p1);
    const p2 = '/v2/quote-attachments/shared';
    expectErrorShape(
      await chen.post(p2, [{ attachmentId: quoteAttId }]),
      404,
      'QUOTE_ATTACHMENT_NOT_FOUND',
      p2,
    );
    const p3 = '/v2/quote-preferences/attachments';
    expectErrorShape(
      await chen.post(p3, { attachments: [libId] }),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
      p3,
    );
  });

  it('an unknown client on create: 400 naming clientId', async () => {
    refused(
      await ada.post('/v2/quotes', { clientId: randomUUID() }),
      400,
      'RESOURCE_NOT_FOUND',
      'clientId',
    );
  });
});

import fc from 'fast-check';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AttachmentResponse,
  ErrorResponse,
  LineItemResponse,
  QuoteResponse,
  TokenError,
} from '../../common/api';
import {
  Api,
  DEMO,
  files,
  login,
  ok,
  pdf,
  type CallOptions,
  type Res,
} from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

// Thousands of malformed requests across every endpoint, from one process over a pooled set of
// connections: none may get a 5xx, and every refusal must be an ErrorResponse.
const RUNS = 5_000;
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let server: StartedServer;
let api: Api;
const real = { quotes: [] as string[], line: '', att: '', lib: '', entry: '' };

beforeAll(async () => {
  server = await startServer();
  api = await login(server.baseUrl, server.ca, DEMO.ada);
  for (let i = 0; i < 3; i++) {
    real.quotes.push(
      ok(await api.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse).id,
    );
  }
  const q = real.quotes[0]!;
  real.line = ok(
    await api.post(`/v2/quotes/${q}/line-items`, [
      {
        type: 'Standard',
        productId: DEMO.products.m365,
        billingTerm: 'Monthly',
        price: 22,
        quantity: 1,
        effectiveDate: '2026-01-01T00:00:00Z',
      },
    ]),
    201,
    z.array(LineItemResponse),
  )[0]!.id;
  real.att = ok(
    await api.call('POST', `/v2/quotes/${q}/attachments`, {
      form: files('attachments', [{ name: 'f.pdf', data: pdf('fuzz-q') }]),
    }),
    201,
    z.array(AttachmentResponse),
  )[0]!.id;
  real.lib = ok(
    await api.call('POST', '/v2/quote-attachments', {
      form: files('attachments', [{ name: 'l.pdf', data: pdf('fuzz-l') }]),
    }),
    201,
    z.array(AttachmentResponse),
  )[0]!.id;
}, 120_000);
afterAll(async () => {
  await api?.close();
  await server?.stop();
});

const when = '2026-01-01T00:00:00Z';
const VALID = {
  createQuote: {
    clientId: DEMO.clients.acme,
    quoteRequestId: '6f1c1a52-7d0e-4a38-9d55-1f2f3a4b5c6d',
  },
  updateQuote: {
    expiresOn: '2030-01-01T00:00:00Z',
    introMessage: 'i',
    termsAndDisclaimers: 't',
    published: false,
    status: 'draft',
  },
  lineItems: [
    {
      type: 'Standard',
      productId: DEMO.products.s1,
      billingTerm: 'Monthly',
      price: 5,
      quantity: 2,
      effectiveDate: when,
    },
    {
      type: 'Standard',
      productId: DEMO.products.s1Addon,
      billingTerm: 'Monthly',
      price: 3,
      quantity: 2,
      effectiveDate: when,
      requiredLineItemIndex: 0,
    },
    {
      type: 'Custom',
      productName: 'Setup',
      productSku: 'S-1',
      billingTerm: 'One-Time',
      price: 1,
      cost: 1,
      initialTotal: 1,
      quantity: 1,
      effectiveDate: when,
    },
    {
      type: 'UsageBased',
      productId: DEMO.products.storage,
      billingTerm: 'Monthly',
      price: 1,
      cost: 1,
      quantity: 1,
      effectiveDate: when,
      usageBased: { type: 'QTY_VARIES', displayNote: true },
    },
  ],
  updateLineItems: [
    {
      id: '<line>',
      type: 'Standard',
      billingTerm: 'Monthly',
      price: 1,
      quantity: 1,
      effectiveDate: when,
      note: 'n',
    },
  ],
  bulkDelete: { lineItemIds: ['<line>'] },
  section: { name: 'Section' },
  sections: {
    sections: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'S',
        order: 0,
        lineItems: [{ lineItemId: '<line>', order: 0 }],
      },
    ],
  },
  access: [
    {
      email: 'a@b.example',
      accountName: 'A',
      accountRole: 'R',
      accountType: 'guest',
      userId: '6f1c1a52-7d0e-4a38-9d55-1f2f3a4b5c6d',
    },
  ],
  updateAttachments: [{ id: '<att>', name: 'n.pdf', order: 0 }],
  copy: [{ attachmentId: '<lib>' }],
  prefs: {
    daysToExpire: 10,
    introMessage: 'i',
    termsAndDisclaimers: 't',
    salesMarginPercentage: 10,
  },
  prefAttachments: { attachments: ['<lib>'] },
  token: {
    audience: '<base>',
    grant_type: 'client_credentials',
    client_id: DEMO.ada.clientId,
    client_secret: 'wrong',
  },
};
type Body = keyof typeof VALID | 'none' | 'multipart';

const ENDPOINTS: Array<[string, string, Body, number[]]> = [
  ['GET', '/v2/quotes', 'none', [200, 400, 403]],
  ['POST', '/v2/quotes', 'createQuote', [201, 400, 403]],
  ['GET', '/v2/quotes/{q}', 'none', [200, 400, 403]],
  ['PUT', '/v2/quotes/{q}', 'updateQuote', [200, 400, 403]],
  ['DELETE', '/v2/quotes/{q}', 'none', [204, 400, 403]],
  ['POST', '/v2/quotes/{q}/take-ownership', 'none', [200, 400, 403, 404]],
  ['GET', '/v2/quotes/{q}/access-list', 'none', [200, 400, 403]],
  ['POST', '/v2/quotes/{q}/access-list', 'access', [201, 400, 403]],
  ['DELETE', '/v2/quotes/{q}/access-list/{id}', 'none', [204, 400, 403]],
  ['GET', '/v2/quotes/{q}/attachments', 'none', [200, 400, 403, 404]],
  ['POST', '/v2/quotes/{q}/attachments', 'multipart', [201, 400, 403, 404]],
  ['PUT', '/v2/quotes/{q}/attachments', 'updateAttachments', [200, 400, 403]],
  ['POST', '/v2/quotes/{q}/attachments/shared', 'copy', [201, 400, 403, 404]],
  ['GET', '/v2/quotes/{q}/attachments/{id}', 'none', [200, 400, 403, 404]],
  ['DELETE', '/v2/quotes/{q}/attachments/{id}', 'none', [204, 400, 403]],
  ['POST', '/v2/quotes/{q}/line-items', 'lineItems', [201, 400, 403]],
  ['PUT', '/v2/quotes/{q}/line-items', 'updateLineItems', [200, 400, 403]],
  ['POST', '/v2/quotes/{q}/line-items/bulk-delete', 'bulkDelete', [204, 400, 403]],
  ['DELETE', '/v2/quotes/{q}/line-items/{id}', 'none', [204, 400, 403]],
  ['GET', '/v2/quotes/{q}/sections', 'none', [200, 400, 403]],
  ['POST', '/v2/quotes/{q}/sections', 'section', [201, 400, 403]],
  ['PUT', '/v2/quotes/{q}/sections', 'sections', [200, 400, 403]],
  ['GET', '/v2/quote-attachments', 'none', [200, 403]],
  ['POST', '/v2/quote-attachments', 'multipart', [201, 400, 403]],
  ['PUT', '/v2/quote-attachments', 'updateAttachments', [200, 400, 403]],
  ['POST', '/v2/quote-attachments/shared', 'copy', [201, 400, 403, 404]],
  ['GET', '/v2/quote-attachments/{id}', 'none', [200, 400, 403, 404]],
  ['DELETE', '/v2/quote-attachments/{id}', 'none', [204, 400, 403, 404]],
  ['PATCH', '/v2/quote-attachments/{id}', 'multipart', [200, 400, 403, 404]],
  ['GET', '/v2/quote-preferences', 'none', [200, 400, 403]],
  ['PUT', '/v2/quote-preferences', 'prefs', [200, 201, 400, 403]],
  ['POST', '/v2/quote-preferences/attachments', 'prefAttachments', [201, 400, 403, 404]],
  ['DELETE', '/v2/quote-preferences/attachments/{id}', 'none', [204, 400, 403, 404]],
  ['GET', '/v1/companies', 'none', [200, 400, 403]],
  ['GET', '/v1/products', 'none', [200, 400, 403]],
  ['GET', '/v1/products/{id}/pricing', 'none', [200, 400, 403, 404]],
  ['POST', '/v1/token', 'token', [200, 400, 401]],
];

const huge = fc.string({ minLength: 3_000, maxLength: 6_000 });
/**
 * Numbers at and around the limits: each may pass the schema alone (price ≤ 1e9, quantity ≤
 * 2^31−1) while their product or a quote's sum passes what common/money holds (2^46 units).
 */
const BIG_NUMBERS = [
  1e9,
  999_999_999.9999,
  1e9 + 0.0001,
  2_147_483_647,
  2_147_483_648,
  70_368,
  70_369,
  4_294_967_295,
  2 ** 46,
  Number.MAX_SAFE_INTEGER,
  1e308,
  5e-324,
];
/** The largest values the schema takes, and counts that bring a 1e9 price near 2^46. */
const BIG_VALID = [1e9, 999_999_999.9999, 2_147_483_647, 70_368, 70_369, 40_000];
const big = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BIG_VALID) },
  { weight: 1, arbitrary: fc.constantFrom(...BIG_NUMBERS) },
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  huge,
  fc.integer(),
  fc.integer({ min: -1, max: 1 }).map((n) => n * 2 ** 53),
  big,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(
    '',
    ' ',
    '2026-13-45T99:00:00Z',
    '-1',
    'true',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '💥',
    // Half an emoji (what cutting a text to a length can leave): no character at all.
    'note \ud83d',
    '\ude00 tail',
    'Monthly',
    'Standard',
  ),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Every path into a JSON value, so one mutation can hit a nested field. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/**
 * `valid` with every amount or count replaced, in turn, by one of `values` (all of a body at
 * once, so a large price meets a large quantity). Indexes and orders stay as they are: they
 * only make a body invalid before its amounts are looked at.
 */
function enlarge(valid: unknown, values: readonly number[]): unknown {
  let i = 0;
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'number')
      return key.endsWith('Index') || key === 'order' ? v : values[i++ % values.length];
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(valid, '');
}

/**
 * JSON text nested `depth` levels: arrays, objects, a mix of both, or arrays of UUIDs (which the
 * server lower-cases); under a field `x` of `valid` when given.
 */
function nested(depth: number, shape: number, valid?: unknown): string {
  const [open, close, leaf] = [
    ['[', ']', '1'],
    ['{"a":', '}', '1'],
    ['[{"a":', '}]', '"x"'],
    ['["6F1C1A52-7D0E-4A38-9D55-1F2F3A4B5C6D",', ']', '"6F1C1A52-7D0E-4A38-9D55-1F2F3A4B5C6D"'],
  ][shape]!;
  // Within the 1 MiB body limit, so the nesting is what gets refused.
  const levels = Math.min(depth, Math.floor(900_000 / (open!.length + close!.length)));
  const text = open!.repeat(levels) + leaf! + close!.repeat(levels);
  if (!valid || typeof valid !== 'object') return text;
  const base = JSON.stringify(Array.isArray(valid) ? valid[0] : valid);
  const body = `${base.slice(0, -1)}${base.length > 2 ? ',' : ''}"x":${text}}`;
  return Array.isArray(valid) ? `[${body}]` : body;
}

function mutate(
  valid: unknown,
  pick: number,
  op: 'set' | 'delete' | 'add',
  value: unknown,
): unknown {
  const copy = JSON.parse(JSON.stringify(valid)) as unknown;
  const all = paths(copy);
  const path = all[pick % all.length]!;
  if (path.length === 0) return op === 'set' ? value : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (op === 'add' && parent && typeof parent === 'object' && !Array.isArray(parent))
    parent[`x${String(last)}`] = value;
  else parent[last] = value;
  return copy;
}

/** Path fragments sent without encoding: broken percent-escapes must still get an ErrorResponse. */
const RAW_IDS = ['%E0%A4%A', '%', '%zz', '%00', '%2F..%2F', '%C0%AF', '%FF%FE'];

const id = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...RAW_IDS.map((r) => `raw:${r}`)) },
  { weight: 3, arbitrary: fc.constantFrom('<q0>', '<q1>', '<q2>', '<line>', '<att>', '<lib>') },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '..',
      '%2e%2e',
      'null',
      '0',
      '-1',
      '{id}',
      'a'.repeat(400),
      '00000000-0000-0000-0000-000000000000',
    ),
  },
);

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'limit',
          'page',
          'sort',
          'search',
          'status',
          'account',
          'partnerId',
          'intentType',
          'size',
          'download',
          'downloadZip',
          'x',
        ),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(
            '-1',
            '0',
            '101',
            '1e3',
            'true',
            'false',
            'createdOn,up',
            'id,asc,x',
            'sent,,draft',
            'partner',
          ),
          huge,
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`),
);

type Kind = 'json' | 'mutated' | 'big' | 'deep' | 'malformed' | 'wrongType' | 'multipart' | 'none';
const request = fc.record({
  endpoint: fc.integer({ min: 0, max: ENDPOINTS.length - 1 }),
  id1: id,
  id2: id,
  query: queryString,
  kind: fc.constantFrom<Kind>(
    'json',
    'mutated',
    'mutated',
    'mutated',
    'big',
    'deep',
    'malformed',
    'wrongType',
    'multipart',
    'none',
  ),
  json: fc.jsonValue({ maxDepth: 3 }),
  pick: fc.nat(),
  bigs: fc.array(big, { minLength: 1, maxLength: 6 }),
  depth: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 64, max: 300_000 })),
  op: fc.constantFrom<'set' | 'delete' | 'add'>('set', 'delete', 'add'),
  value: junk,
  text: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '[1,', '{"a":}', 'null', '"str"', '{"__proto__":{"x":1}}', '\u0000'),
  ),
  bytes: fc.uint8Array({ maxLength: 2_000 }),
  pdfHead: fc.boolean(),
  field: fc.constantFrom('attachments', 'attachment', 'attachments[]', 'file', ''),
  token: fc.constantFrom('good', 'good', 'good', 'good', 'good', 'good', 'none', 'junk'),
});
type Req = typeof request extends fc.Arbitrary<infer T> ? T : never;

function fill(s: string): string {
  const map: Record<string, string> = {
    '<q0>': real.quotes[0]!,
    '<q1>': real.quotes[1]!,
    '<q2>': real.quotes[2]!,
    '<line>': real.line,
    '<att>': real.att,
    '<lib>': real.lib,
    '<base>': server.baseUrl,
  };
  return s.replace(/<q[0-2]>|<line>|<att>|<lib>|<base>/g, (m) => map[m]!);
}

function toCall(r: Req): { method: string; path: string; opts: CallOptions; allowed: number[] } {
  const [method, template, body, allowed] = ENDPOINTS[r.endpoint]!;
  const seg = (v: string) => (v.startsWith('raw:') ? v.slice(4) : encodeURIComponent(fill(v)));
  const path = template.replace('{q}', seg(r.id1)).replace('{id}', seg(r.id2)) + r.query;
  const opts: CallOptions = {};
  if (r.token === 'none') opts.token = null;
  if (r.token === 'junk') opts.token = 'junk.token.value';
  const valid =
    body === 'none' || body === 'multipart' ? {} : JSON.parse(fill(JSON.stringify(VALID[body])));
  switch (r.kind) {
    case 'json':
      opts.body = r.json;
      break;
    case 'mutated':
      opts.body = mutate(valid, r.pick, r.op, r.value);
      break;
    case 'big':
      opts.body = enlarge(valid, r.bigs);
      break;
    case 'deep':
      // Nesting far deeper than any body of ours, alone or under a field of a valid body.
      opts.raw = nested(r.depth, r.pick % 4, r.pick % 3 === 0 ? valid : undefined);
      opts.headers = { 'content-type': 'application/json' };
      break;
    case 'malformed':
      opts.raw = r.text;
      opts.headers = { 'content-type': 'application/json' };
      break;
    case 'wrongType':
      opts.raw = r.text;
      opts.headers = { 'content-type': r.pick % 2 ? 'text/plain' : 'application/xml' };
      break;
    case 'multipart': {
      if (r.pick % 3 === 0) {
        // A multipart content type over bytes that are not a multipart body.
        opts.raw = Buffer.from(r.bytes);
        opts.headers = {
          'content-type': r.pick % 2 ? 'multipart/form-data; boundary=xyz' : 'multipart/form-data',
        };
      } else {
        const data = Buffer.concat([
          Buffer.from(r.pdfHead ? '%PDF-1.4\n' : ''),
          Buffer.from(r.bytes),
        ]);
        const fd = new FormData();
        fd.append(
          r.field || 'attachments',
          new Blob([data], { type: 'application/pdf' }),
          r.text.slice(0, 50) || 'x.pdf',
        );
        if (r.pick % 5 === 0) fd.append('note', r.text);
        opts.form = fd;
      }
      break;
    }
    case 'none':
      break;
  }
  // An empty or dot-only id makes the URL name another path (`/v2/quotes/../sections` is
  // `/v2/sections`), which is no endpoint at all: 404.
  const ids = [template.includes('{q}') ? r.id1 : 'x', template.includes('{id}') ? r.id2 : 'x'];
  const other = ids.some((v) => /^\.*$/.test(v));
  return { method, path, opts, allowed: other ? [...allowed, 404] : allowed };
}

function check(method: string, path: string, res: Res, allowed: number[]): string | undefined {
  const where = `${method} ${path.slice(0, 120)} → ${res.status}: ${res.text.slice(0, 300)}`;
  if (res.status >= 500) return `5xx: ${where}`;
  // Only the codes the spec lists for the endpoint; a request line beyond 64 KiB is refused
  // (400) before any route is known.
  if (!allowed.includes(res.status) && !(res.status === 400 && path.length > 60_000)) {
    return `status not listed for this endpoint: ${where}`;
  }
  if (res.status < 400) return undefined;
  if (path.startsWith('/v1/token')) {
    return TokenError.safeParse(res.json).success || ErrorResponse.safeParse(res.json).success
      ? undefined
      : `not a TokenError: ${where}`;
  }
  const e = ErrorResponse.safeParse(res.json);
  if (!e.success) return `not an ErrorResponse: ${where}`;
  if (e.data.status !== res.status || e.data.details.length === 0)
    return `inconsistent ErrorResponse: ${where}`;
  return undefined;
}

describe('fuzz: malformed requests across every endpoint', () => {
  it(`answers ${RUNS} malformed requests without a 5xx, every refusal an ErrorResponse (seed ${SEED})`, async () => {
    const samples = fc.sample(request, { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < samples.length && failures.length < 20) {
        const { method, path, opts, allowed } = toCall(samples[next++]!);
        const res = await api.call(method, path, opts);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = check(method, path, res, allowed);
        if (problem) failures.push(problem);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    // Most of them must actually be refused, or the generator is not malformed enough.
    const refusedCount = [...statuses].filter(([s]) => s >= 400).reduce((a, [, n]) => a + n, 0);
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(refusedCount).toBeGreaterThan(RUNS * 0.8);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 3);
    // The server is still well.
    ok(await api.get('/v2/quote-preferences'), 200, z.unknown());
  }, 300_000);

  it('answers line items with amounts up to the schema limits without a 5xx (their products and sums overflow)', async () => {
    const q = ok(await api.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    const line = ok(
      await api.post(`/v2/quotes/${q.id}/line-items`, [VALID.lineItems[2]]),
      201,
      z.array(LineItemResponse),
    )[0]!.id;
    const bodies = fc.sample(
      fc.record({
        put: fc.boolean(),
        bigs: fc.array(big, { minLength: 1, maxLength: 6 }),
        depth: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 64, max: 300_000 })),
        count: fc.integer({ min: 1, max: 4 }),
      }),
      { numRuns: 300, seed: SEED },
    );
    const failures: string[] = [];
    const messages = new Set<string>();
    for (const b of bodies) {
      const valid = b.put
        ? [{ ...VALID.lineItems[2], id: line }]
        : VALID.lineItems.slice(0, b.count).map((l) => ({ ...l }));
      const path = `/v2/quotes/${q.id}/line-items`;
      const res = await api.call(b.put ? 'PUT' : 'POST', path, { body: enlarge(valid, b.bigs) });
      const problem = check(b.put ? 'PUT' : 'POST', path, res, [200, 201, 400]);
      if (problem) failures.push(problem);
      if (res.status === 400) {
        for (const d of ErrorResponse.parse(res.json).details)
          messages.add(d.message.replace(/^\[\d+\]/, '').split(':')[0]!);
      }
    }
    expect(failures).toEqual([]);
    // The generator reaches the sizes: lines too large alone, and quote totals too large.
    expect([...messages]).toEqual(
      expect.arrayContaining(['.price', '.cost', 'totals.recurringTotal']),
    );
  }, 120_000);

  it('refuses deeply nested bodies with 400 INVALID_REQUEST_BODY, and takes shallow extras', async () => {
    const q = ok(
      await api.post('/v2/quotes', { clientId: DEMO.clients.acme }),
      201,
      QuoteResponse,
    ).id;
    const deep: Array<[string, string, string]> = [
      ['POST', `/v2/quotes/${q}/line-items`, '['.repeat(100_000) + ']'.repeat(100_000)],
      ['PUT', `/v2/quotes/${q}/line-items`, '['.repeat(100_000) + ']'.repeat(100_000)],
      ['POST', '/v2/quotes', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
      [
        'POST',
        '/v2/quotes',
        `{"clientId":"${DEMO.clients.acme}","x":${'[{"a":'.repeat(20_000)}1${'}]'.repeat(20_000)}}`,
      ],
      [
        'PUT',
        `/v2/quotes/${q}/sections`,
        `{"sections":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      ],
      [
        'POST',
        `/v2/quotes/${q}/access-list`,
        '[{"email":'.repeat(30_000) + '1' + '}]'.repeat(30_000),
      ],
      ['PUT', '/v2/quote-preferences', '{"a":'.repeat(40) + '1' + '}'.repeat(40)],
    ];
    for (const [method, path, raw] of deep) {
      const r = await api.call(method, path, {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, `${method} ${path}: ${r.text.slice(0, 200)}`).toBe(400);
      const e = ErrorResponse.parse(r.json);
      expect(e.type).toBe('INVALID_REQUEST_BODY');
      expect(e.message).toContain('body: nested more than');
    }
    // Nesting within any body of ours still passes; unknown fields are ignored as before, and ids
    // deep in the body are still taken in either case.
    const created = ok(
      await api.call('POST', '/v2/quotes', {
        raw: `{"clientId":"${DEMO.clients.acme.toUpperCase()}","x":${'['.repeat(20)}${']'.repeat(20)}}`,
        headers: { 'content-type': 'application/json' },
      }),
      201,
      QuoteResponse,
    );
    expect(created.client.id).toBe(DEMO.clients.acme);
  });

  it('refuses bodies above the size cap with a 400, not a hang', async () => {
    const big = JSON.stringify({ clientId: DEMO.clients.acme, pad: 'x'.repeat(2 * 1024 * 1024) });
    const r = await api.call('POST', '/v2/quotes', {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(ErrorResponse.parse(r.json).type).toBe('INVALID_REQUEST_BODY');
    expect(ErrorResponse.parse(r.json).message).toContain('body');
  });

  it('refuses text holding half of a character (a lone UTF-16 surrogate) with 400 INVALID_REQUEST_FIELD naming the field, and stores nothing', async () => {
    const q = ok(await api.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    const half = 'Thanks 👍'.slice(0, -1); // cut inside the emoji
    const cases: Array<[string, string, unknown, string]> = [
      ['PUT', `/v2/quotes/${q.id}`, { ...VALID.updateQuote, introMessage: half }, 'introMessage'],
      [
        'POST',
        `/v2/quotes/${q.id}/line-items`,
        [{ ...VALID.lineItems[2], note: half }],
        '[0].note',
      ],
      ['POST', `/v2/quotes/${q.id}/sections`, { name: '\ude00 Licences' }, 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const r = await api.call(method, path, { body });
      expect(r.status, `${method} ${path}`).toBe(400);
      const e = ErrorResponse.parse(r.json);
      expect(e.type).toBe('INVALID_REQUEST_FIELD');
      expect(e.details.map((d) => d.message.split(':')[0])).toEqual([field]);
    }
    const after = ok(await api.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(after.introMessage).toBe(q.introMessage);
    expect([after.lineItems].flat()).toHaveLength(0);
    // A whole emoji is text like any other.
    const good = await api.call('PUT', `/v2/quotes/${q.id}`, {
      body: { ...VALID.updateQuote, introMessage: 'Thanks 👍' },
    });
    expect(ok(good, 200, QuoteResponse).introMessage).toBe('Thanks 👍');
  });
});

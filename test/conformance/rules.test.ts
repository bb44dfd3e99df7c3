// Black-box conformance of the rules of docs/architecture.md#decisions-where-the-api-spec-is-open and the spec: preferences and the defaults
// of a new quote, transitions with their side effects, limits, duplicates, orders, add-ons,
// the token endpoint, totals and PDF checks. Each rule is checked from the outside only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessListEntry,
  AttachmentResponse,
  LineItemResponse,
  PreferencesResponse,
  QuotePreferencesResult,
  QuoteResponse,
  SectionsResponse,
  TokenResponse,
  type ErrorCode,
  type QuoteStatus,
} from '../../common/api';
import { Api, DEMO, files, isoIn, login, ok, pdf, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let ben: Api;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  ben = await ada.as(DEMO.ben);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const newQuote = async (api = ada) =>
  ok(await api.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);

const header = (q: QuoteResponse, over: Record<string, unknown> = {}) => ({
  expiresOn: q.expiresOn,
  introMessage: q.introMessage,
  termsAndDisclaimers: q.termsAndDisclaimers,
  published: q.published,
  status: q.status,
  ...over,
});

const setStatus = (q: QuoteResponse, status: QuoteStatus, published = status === 'sent') =>
  ada.put(`/v2/quotes/${q.id}`, header(q, { status, published }));

const std = (productId: string, over: Record<string, unknown> = {}) => ({
  type: 'Standard',
  productId,
  billingTerm: 'Monthly',
  price: 5.5,
  quantity: 10,
  effectiveDate: '2026-01-01T00:00:00Z',
  ...over,
});

const custom = (over: Record<string, unknown> = {}) => ({
  type: 'Custom',
  productName: 'Onsite visit',
  billingTerm: 'One-Time',
  cost: 60,
  initialTotal: 100,
  price: 100,
  quantity: 1,
  effectiveDate: '2026-01-01T00:00:00Z',
  ...over,
});

const upload = (api: Api, path: string, tags: string[]) =>
  api.call('POST', path, {
    form: files(
      'attachments',
      tags.map((t) => ({ name: `${t}.pdf`, data: pdf(t) })),
    ),
  });

describe('preferences', () => {
  it('GET before any PUT answers the defaults; the first PUT is 201, later ones 200', async () => {
    const before = ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse);
    expect(before).toEqual({
      attachments: [],
      daysToExpire: 30,
      introMessage: '',
      termsAndDisclaimers: '',
      salesMarginPercentage: 0,
    });
    const body = { daysToExpire: 7, introMessage: 'Hello', termsAndDisclaimers: 'Net 30' };
    const first = ok(await ada.put('/v2/quote-preferences', body), 201, QuotePreferencesResult);
    expect(first).toEqual({ ...body, salesMarginPercentage: 0 });
    const second = ok(
      await ada.put('/v2/quote-preferences', { ...body, salesMarginPercentage: 20 }),
      200,
      QuotePreferencesResult,
    );
    expect(second.salesMarginPercentage).toBe(20);
    // same partner, other user: still an update
    ok(
      await ben.put('/v2/quote-preferences', { ...body, salesMarginPercentage: 20 }),
      200,
      QuotePreferencesResult,
    );
  });

  it.each([
    ['daysToExpire', { introMessage: '', termsAndDisclaimers: '' }],
    ['introMessage', { daysToExpire: 3, termsAndDisclaimers: '' }],
    ['termsAndDisclaimers', { daysToExpire: 3, introMessage: '' }],
    ['daysToExpire', { daysToExpire: 'x', introMessage: '', termsAndDisclaimers: '' }],
  ])('PUT without a valid %s: 400 naming it', async (field, body) => {
    refused(await ada.put('/v2/quote-preferences', body), 400, 'INVALID_REQUEST_FIELD', field);
  });
});

describe('defaults of a new quote', () => {
  it('copies expiry, texts, margin and attachments from preferences; owner is the creator', async () => {
    const lib = ok(
      await upload(ada, '/v2/quote-attachments', ['pref-default']),
      201,
      AttachmentResponse.array(),
    );
    ok(
      await ada.post('/v2/quote-preferences/attachments', { attachments: [lib[0]!.id] }),
      201,
      AttachmentResponse.array(),
    );
    const t0 = Date.now();
    const q = await newQuote();
    const expires = Date.parse(q.expiresOn);
    expect(expires).toBeGreaterThanOrEqual(t0 + 7 * 86_400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 60_000);
    expect(q.introMessage).toBe('Hello');
    expect(q.termsAndDisclaimers).toBe('Net 30');
    expect(q.salesMarginPercentage).toBe(20);
    expect(q.attachments.map((a) => a.name)).toEqual(['pref-default.pdf']);
    expect(q.ownedBy?.fullName).toBe('Ada Stone');
    expect(q.status).toBe('draft');
    expect(q.published).toBe(false);
    expect(q.referenceCode).toMatch(/^Q-\d{4}-\d{6}$/);
  });

  it('reference codes are unique per partner', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await newQuote(i % 2 ? ben : ada)).referenceCode);
    expect(new Set(codes).size).toBe(5);
  });
});

describe('status transitions (PUT /v2/quotes/{id})', () => {
  it('draft → sent needs published: true and sets publishedOn', async () => {
    const q = await newQuote();
    refused(await setStatus(q, 'sent', false), 400, 'QUOTE_INVALID_STATUS');
    const sent = ok(await setStatus(q, 'sent'), 200, QuoteResponse);
    expect(sent).toMatchObject({ status: 'sent', published: true });
    expect(sent.publishedOn).toBeTruthy();
  });

  it('sent → draft revokes: revokedOn set, published false', async () => {
    const q = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
    const back = ok(await setStatus(q, 'draft', true), 200, QuoteResponse);
    expect(back.status).toBe('draft');
    expect(back.published).toBe(false);
    expect(back.revokedOn).toBeTruthy();
  });

  it.each([
    ['accepted', 'acceptedBy'],
    ['declined', 'declinedBy'],
  ] as const)('sent → %s sets respondedOn and %s = caller', async (status, by) => {
    const q = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
    const r = ok(await setStatus(q, status, true), 200, QuoteResponse);
    expect(r.status).toBe(status);
    expect(r.respondedOn).toBeTruthy();
    expect(r[by]).toMatchObject({ fullName: 'Ada Stone', email: 'ada.stone@northwind.example' });
  });

  it('sent → changes_requested sets respondedOn; then draft is allowed', async () => {
    const q = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
    const cr = ok(await setStatus(q, 'changes_requested', true), 200, QuoteResponse);
    expect(cr.respondedOn).toBeTruthy();
    ok(await setStatus(cr, 'draft', false), 200, QuoteResponse);
  });

  it('draft → closed and sent → closed are allowed', async () => {
    ok(await setStatus(await newQuote(), 'closed', false), 200, QuoteResponse);
    const s = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
    ok(await setStatus(s, 'closed', true), 200, QuoteResponse);
  });

  it.each<[QuoteStatus[], QuoteStatus]>([
    [[], 'accepted'],
    [[], 'declined'],
    [[], 'changes_requested'],
    [[], 'expired'],
    [[], 'assigned'],
    [['sent', 'accepted'], 'draft'],
    [['sent', 'accepted'], 'sent'],
    [['sent', 'declined'], 'closed'],
    [['closed'], 'draft'],
    [['closed'], 'sent'],
    [['sent', 'changes_requested'], 'closed'],
  ])('after %j, → %s is refused with QUOTE_INVALID_STATUS', async (path, to) => {
    let q = await newQuote();
    for (const s of path)
      q = ok(await setStatus(q, s, s === 'sent' || q.published), 200, QuoteResponse);
    refused(await setStatus(q, to, to === 'sent'), 400, 'QUOTE_INVALID_STATUS');
  });

  it('a sent quote past expiresOn reads as expired; expired → draft is allowed', async () => {
    const q = await newQuote();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const r = await ada.put(
      `/v2/quotes/${q.id}`,
      header(q, { status: 'sent', published: true, expiresOn: past }),
    );
    if (r.status === 400) {
      // a past expiry on send may be refused; then the quote must stay as it was
      refused(r, 400, (r.json as { type: ErrorCode }).type);
      return;
    }
    const read = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(read.status).toBe('expired');
    ok(
      await ada.put(
        `/v2/quotes/${q.id}`,
        header(read, { status: 'draft', published: false, expiresOn: isoIn(5) }),
      ),
      200,
      QuoteResponse,
    );
  });

  it('changes_requested → sent is allowed again (with published: true)', async () => {
    const q = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
    const cr = ok(await setStatus(q, 'changes_requested', true), 200, QuoteResponse);
    expect(ok(await setStatus(cr, 'sent'), 200, QuoteResponse).status).toBe('sent');
  });

  it('a non-editable quote refuses edits with QUOTE_INVALID_STATUS; its access list still changes while sent', async () => {
    const draft = await newQuote();
    const p = `/v2/quotes/${draft.id}`;
    const [li] = ok(await ada.post(`${p}/line-items`, [custom()]), 201, LineItemResponse.array());
    const q = ok(
      await setStatus(ok(await ada.get(p), 200, QuoteResponse), 'sent'),
      200,
      QuoteResponse,
    );
    const att = q.attachments[0]!;
    const lib = ok(await ada.get('/v2/quote-attachments'), 200, AttachmentResponse.array());
    refused(
      await ada.put(`${p}/line-items`, [{ ...custom(), id: li!.id }]),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(await ada.del(`${p}/line-items/${li!.id}`), 400, 'QUOTE_INVALID_STATUS');
    refused(
      await ada.post(`${p}/line-items/bulk-delete`, { lineItemIds: [li!.id] }),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(
      await ada.put(`${p}/attachments`, [{ id: att.id, name: 'x.pdf', order: 0 }]),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(await ada.del(`${p}/attachments/${att.id}`), 400, 'QUOTE_INVALID_STATUS');
    refused(
      await ada.post(`${p}/attachments/shared`, [{ attachmentId: lib[lib.length - 1]!.id }]),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(await ada.put(p, header(q, { expiresOn: isoIn(40) })), 400, 'QUOTE_INVALID_STATUS');
    refused(await ada.post(`${p}/line-items`, [custom()]), 400, 'QUOTE_INVALID_STATUS');
    refused(await ada.post(`${p}/sections`, { name: 'S' }), 400, 'QUOTE_INVALID_STATUS');
    refused(await ada.put(`${p}/sections`, { sections: [] }), 400, 'QUOTE_INVALID_STATUS');
    refused(await upload(ada, `${p}/attachments`, ['sent-upload']), 400, 'QUOTE_INVALID_STATUS');
    refused(await ada.put(p, header(q, { introMessage: 'changed' })), 400, 'QUOTE_INVALID_STATUS');
    ok(
      await ada.post(`${p}/access-list`, [{ email: 'sent@example.com' }]),
      201,
      AccessListEntry.array(),
    );
  });

  it.each(['accepted', 'declined', 'closed'] as const)(
    'the access list is frozen once %s',
    async (status) => {
      let q = ok(await setStatus(await newQuote(), 'sent'), 200, QuoteResponse);
      const added = ok(
        await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'a@example.com' }]),
        201,
        AccessListEntry.array(),
      );
      q = ok(await setStatus(q, status, true), 200, QuoteResponse);
      refused(
        await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'b@example.com' }]),
        400,
        'QUOTE_INVALID_STATUS',
      );
      refused(
        await ada.del(`/v2/quotes/${q.id}/access-list/${added[0]!.id}`),
        400,
        'QUOTE_INVALID_STATUS',
      );
    },
  );
});

describe('limits', () => {
  it('31st line item: LINE_ITEM_LIMIT_EXCEEDED', async () => {
    const q = await newQuote();
    const items = Array.from({ length: 30 }, (_, i) => custom({ productName: `Item ${i}` }));
    ok(await ada.post(`/v2/quotes/${q.id}/line-items`, items), 201, LineItemResponse.array());
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [custom()]),
      400,
      'LINE_ITEM_LIMIT_EXCEEDED',
    );
  });

  it('26th access-list entry: ACCESS_LIST_LIMIT_EXCEEDED', async () => {
    const q = await newQuote();
    const entries = Array.from({ length: 25 }, (_, i) => ({ email: `r${i}@example.com` }));
    ok(await ada.post(`/v2/quotes/${q.id}/access-list`, entries), 201, AccessListEntry.array());
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'one-more@example.com' }]),
      400,
      'ACCESS_LIST_LIMIT_EXCEEDED',
    );
  });

  it('11th quote attachment: MAX_ATTACHMENTS_EXCEEDED', async () => {
    const q = await newQuote(); // holds the one preference attachment
    const tags = Array.from({ length: 9 }, (_, i) => `q-limit-${i}`);
    ok(await upload(ada, `/v2/quotes/${q.id}/attachments`, tags), 201, AttachmentResponse.array());
    refused(
      await upload(ada, `/v2/quotes/${q.id}/attachments`, ['q-limit-x']),
      400,
      'MAX_ATTACHMENTS_EXCEEDED',
    );
  });

  it('6th preference attachment: PREFERENCE_MAX_ATTACHMENTS_EXCEEDED; the same one twice: DUPLICATE_PREFERENCE_ATTACHMENT', async () => {
    const lib = ok(
      await upload(ada, '/v2/quote-attachments', ['p1', 'p2', 'p3', 'p4', 'p5']),
      201,
      AttachmentResponse.array(),
    );
    const prefs = ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse);
    expect(prefs.attachments).toHaveLength(1);
    refused(
      await ada.post('/v2/quote-preferences/attachments', {
        attachments: [lib[0]!.id, lib[0]!.id],
      }),
      400,
      'DUPLICATE_PREFERENCE_ATTACHMENT',
    );
    ok(
      await ada.post('/v2/quote-preferences/attachments', {
        attachments: lib.slice(0, 4).map((a) => a.id),
      }),
      201,
      AttachmentResponse.array(),
    );
    refused(
      await ada.post('/v2/quote-preferences/attachments', { attachments: [lib[4]!.id] }),
      400,
      'PREFERENCE_MAX_ATTACHMENTS_EXCEEDED',
    );
  });

  it('51st library attachment: LIBRARY_MAX_ATTACHMENTS_EXCEEDED', async () => {
    // the library is the partner's: fill the second partner's so other tests keep room
    const chen = await ada.as(DEMO.chen);
    const have = ok(
      await chen.get('/v2/quote-attachments'),
      200,
      AttachmentResponse.array(),
    ).length;
    const tags = Array.from({ length: 50 - have }, (_, i) => `lib-limit-${i}`);
    ok(await upload(chen, '/v2/quote-attachments', tags), 201, AttachmentResponse.array());
    refused(
      await upload(chen, '/v2/quote-attachments', ['lib-limit-x']),
      400,
      'LIBRARY_MAX_ATTACHMENTS_EXCEEDED',
    );
  });
});

describe('attachments: content, duplicates, order', () => {
  it('a PDF is judged by content: a PDF named .txt is taken, text named .pdf is refused', async () => {
    const q = await newQuote();
    const good = await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
      form: files('attachments', [
        { name: 'notes.txt', data: pdf('by-content'), type: 'text/plain' },
      ]),
    });
    const [att] = ok(good, 201, AttachmentResponse.array());
    expect(att!.type).toBe('application/pdf');
    const bad = await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
      form: files('attachments', [{ name: 'fake.pdf', data: Buffer.from('hello, not a pdf') }]),
    });
    expect(bad.status).toBe(400);
    refused(bad, 400, (bad.json as { type: ErrorCode }).type, 'fake.pdf');
  });

  it('a file over 10 MiB is refused with 400; exactly 10 MiB is taken', async () => {
    const q = await newQuote();
    const base = pdf('ten');
    const exact = Buffer.concat([base, Buffer.alloc(10 * 1024 * 1024 - base.length, 0x20)]);
    ok(
      await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
        form: files('attachments', [{ name: 'exact.pdf', data: exact }]),
      }),
      201,
      AttachmentResponse.array(),
    );
    const over = Buffer.concat([exact, Buffer.from(' ')]);
    const r = await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
      form: files('attachments', [{ name: 'over.pdf', data: over }]),
    });
    expect(r.status).toBe(400);
    refused(r, 400, (r.json as { type: ErrorCode }).type);
  });

  it('duplicates by content: library refuses the same file, a quote a library file it holds', async () => {
    ok(await upload(ada, '/v2/quote-attachments', ['dup-a']), 201, AttachmentResponse.array());
    const again = await ada.call('POST', '/v2/quote-attachments', {
      form: files('attachments', [{ name: 'other-name.pdf', data: pdf('dup-a') }]),
    });
    refused(again, 400, 'LIBRARY_ATTACHMENT_ALREADY_EXISTS');
    const lib = ok(await ada.get('/v2/quote-attachments'), 200, AttachmentResponse.array());
    const dupA = lib.find((a) => a.name === 'dup-a.pdf')!;
    const q = await newQuote();
    ok(
      await ada.post(`/v2/quotes/${q.id}/attachments/shared`, [{ attachmentId: dupA.id }]),
      201,
      AttachmentResponse.array(),
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/attachments/shared`, [{ attachmentId: dupA.id }]),
      400,
      'DUPLICATE_QUOTE_ATTACHMENT',
    );
  });

  it.each([
    ['library', '/v2/quote-attachments', 'LIBRARY_ATTACHMENT_UNSUPPORTED_ORDER_INDEX'],
    ['quote', 'quote', 'QUOTE_ATTACHMENT_UNSUPPORTED_ORDER_INDEX'],
  ] as const)('%s attachments: order outside 0…n−1 is refused', async (_l, where, code) => {
    const path = where === 'quote' ? `/v2/quotes/${(await newQuote()).id}/attachments` : where;
    const list =
      where === 'quote'
        ? ok(await upload(ada, path, [`ord-${randomUUID()}`]), 201, AttachmentResponse.array())
        : ok(await ada.get(path), 200, AttachmentResponse.array());
    const all =
      where === 'quote'
        ? ok(await ada.get(`${path.replace('/attachments', '')}`), 200, QuoteResponse).attachments
        : list;
    const n = all.length;
    const a = all[0]!;
    refused(await ada.put(path, [{ id: a.id, name: a.name, order: n }]), 400, code);
    refused(await ada.put(path, [{ id: a.id, name: a.name, order: -1 }]), 400, code);
    const fine = ok(
      await ada.put(path, [{ id: a.id, name: 'renamed.pdf', order: n - 1 }]),
      200,
      AttachmentResponse.array(),
    );
    expect(fine.map((x) => x.order).sort((x, y) => x - y)).toEqual([...Array(n).keys()]);
    expect(fine.find((x) => x.id === a.id)).toMatchObject({ name: 'renamed.pdf', order: n - 1 });
  });
});

describe('add-ons', () => {
  it('an add-on without its parent: QUOTE_VALIDATION; with it by index or id: related', async () => {
    const q = await newQuote();
    const p = `/v2/quotes/${q.id}/line-items`;
    refused(await ada.post(p, [std(DEMO.products.s1Addon)]), 400, 'QUOTE_VALIDATION');
    const [parent, addon] = ok(
      await ada.post(p, [
        std(DEMO.products.s1),
        std(DEMO.products.s1Addon, { requiredLineItemIndex: 0 }),
      ]),
      201,
      LineItemResponse.array(),
    );
    expect(addon!.relationship?.requiredLineItemId).toBe(parent!.id);
    const [byId] = ok(
      await ada.post(p, [std(DEMO.products.s1Addon, { requiredLineItemId: parent!.id })]),
      201,
      LineItemResponse.array(),
    );
    expect(byId!.relationship?.requiredLineItemId).toBe(parent!.id);
    // the parent cannot go while its add-ons stay
    const del = await ada.del(`${p}/${parent!.id}`);
    expect(del.status).toBe(400);
    refused(del, 400, (del.json as { type: ErrorCode }).type);
    refused(
      await ada.post(`${p}/bulk-delete`, { lineItemIds: [parent!.id, addon!.id] }),
      400,
      (del.json as { type: ErrorCode }).type,
    );
    expect(
      (await ada.post(`${p}/bulk-delete`, { lineItemIds: [parent!.id, addon!.id, byId!.id] }))
        .status,
    ).toBe(204);
  });
});

describe('totals (money rules of docs/architecture.md)', () => {
  it('initial, recurring and trial terms; cost from the catalogue; cents rounded half away from zero', async () => {
    const q = await newQuote();
    const p = `/v2/quotes/${q.id}/line-items`;
    const items = ok(
      await ada.post(p, [
        std(DEMO.products.s1, { price: 5.5, quantity: 10 }), // recurring 55, cost 35
        std(DEMO.products.server, { billingTerm: 'One-Time', price: 1899, quantity: 1 }), // initial 1899, cost 1450
        std(DEMO.products.onboarding, { billingTerm: 'Activation', price: 250, quantity: 1 }), // initial 250, cost 0
        std(DEMO.products.trial, { billingTerm: 'Trial', price: 10, quantity: 3 }), // nowhere
        custom({
          billingTerm: 'Monthly',
          price: 0.3333,
          cost: 0.1111,
          quantity: 3,
          initialTotal: 0,
        }), // 0.9999 → 1.00; cost 0.3333 → 0.33
        custom({
          productName: 'Half',
          billingTerm: 'Monthly',
          price: 0.0025,
          cost: 0,
          quantity: 2,
          initialTotal: 0,
        }), // 0.005 → 0.01
      ]),
      201,
      LineItemResponse.array(),
    );
    expect(items[0]!.cost.amount).toBe(3.5);
    expect(items[0]!.totals.recurringTotal.amount).toBe(55);
    expect(items[4]!.totals.recurringTotal.amount).toBe(1);
    expect(items[5]!.totals.recurringTotal.amount).toBe(0.01);
    const full = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    const t = full.totals;
    expect(t.initialTotal).toEqual({ amount: 2149, currency: 'USD' });
    expect(t.initialCost.amount).toBe(1450);
    expect(t.initialProfit.amount).toBe(699);
    expect(t.recurringTotal.amount).toBe(56.01);
    expect(t.recurringCost.amount).toBe(35.33);
    expect(t.recurringProfit.amount).toBe(20.68);
  });
});

describe('token endpoint', () => {
  it('answers access_token, scope, expires_in 86400, Bearer and expires_at with offset', async () => {
    const r = await ada.call('POST', '/v1/token', {
      token: null,
      body: {
        audience: server.baseUrl,
        grant_type: 'client_credentials',
        client_id: DEMO.ada.clientId,
        client_secret: DEMO.ada.secret,
      },
    });
    const t = ok(r, 200, TokenResponse);
    expect(t.expires_in).toBe(86400);
    expect(t.token_type).toBe('Bearer');
    expect(t.access_token.split('.')).toHaveLength(3);
    expect(t.expires_at).toMatch(/(Z|[+-]\d\d:\d\d)$/);
    expect(Math.abs(Date.parse(t.expires_at) - Date.now() - 86_400_000)).toBeLessThan(120_000);
  });

  it.each([
    ['a wrong secret', { client_id: DEMO.ada.clientId, client_secret: 'nope' }],
    ['an unknown client', { client_id: 'nobody', client_secret: 'nope' }],
  ])('%s: 401 access_denied', async (_l, cred) => {
    const r = await ada.call('POST', '/v1/token', {
      token: null,
      body: { audience: server.baseUrl, grant_type: 'client_credentials', ...cred },
    });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
  });
});

describe('sections', () => {
  it('POST creates a section and answers all sections; PUT replaces them', async () => {
    const q = await newQuote();
    const [li] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [custom()]),
      201,
      LineItemResponse.array(),
    );
    const s = ok(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Hardware' }),
      201,
      SectionsResponse,
    );
    expect(s.sections.map((x) => x.name)).toEqual(['Hardware']);
    const id = s.sections[0]!.id;
    const put = ok(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [{ id, name: 'Kit', order: 0, lineItems: [{ lineItemId: li!.id, order: 0 }] }],
      }),
      200,
      SectionsResponse,
    );
    expect(put.sections).toEqual([
      { id, name: 'Kit', order: 0, lineItems: [{ lineItemId: li!.id, order: 0 }] },
    ]);
    refused(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [
          { id, name: 'Kit', order: 0, lineItems: [{ lineItemId: randomUUID(), order: 0 }] },
        ],
      }),
      400,
      'LINE_ITEM_NOT_FOUND',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse, type QuoteStatus } from '../../common/api';
import { Api, DEMO, isoIn, login, ok, refused } from '../helpers/server-api';
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

async function newQuote(api = ada, clientId = DEMO.clients.acme) {
  return ok(await api.post('/v2/quotes', { clientId }), 201, QuoteResponse);
}

function header(
  q: QuoteResponse,
  over: Partial<{
    status: QuoteStatus;
    published: boolean;
    introMessage: string;
    expiresOn: string;
  }> = {},
) {
  return {
    expiresOn: q.expiresOn,
    introMessage: q.introMessage,
    termsAndDisclaimers: q.termsAndDisclaimers,
    published: q.published,
    status: q.status,
    ...over,
  };
}

async function put(q: QuoteResponse, over: Parameters<typeof header>[1], api = ada) {
  return api.put(`/v2/quotes/${q.id}`, header(q, over));
}

describe('POST /v2/quotes', () => {
  it('creates a draft with the defaults of a new quote', async () => {
    const q = await newQuote();
    expect(q.status).toBe('draft');
    expect(q.published).toBe(false);
    expect(q.client).toEqual({
      id: DEMO.clients.acme,
      name: 'Acme Dental Group',
      isShadowCompany: false,
    });
    expect(q.partner.name).toBe('Northwind IT Services');
    expect(q.createdBy).toBe('Ada Stone');
    expect(q.createdByEmail).toBe('ada.stone@northwind.example');
    expect(q.ownedBy?.id).toBe('b0a9d703-1f07-4046-81c9-40e9b0597a6d');
    expect(q.referenceCode).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(q.lineItems).toEqual([]);
    expect(q.totals.initialTotal).toEqual({ amount: 0, currency: 'USD' });
    const days = (Date.parse(q.expiresOn) - Date.parse(q.createdOn)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    const again = await newQuote();
    expect(again.referenceCode).not.toBe(q.referenceCode);
  });

  it('keeps quoteRequestId', async () => {
    const id = '6f1c1a52-7d0e-4a38-9d55-1f2f3a4b5c6d';
    const q = ok(
      await ada.post('/v2/quotes', { clientId: DEMO.clients.cedar, quoteRequestId: id }),
      201,
      QuoteResponse,
    );
    expect(q.quoteRequestId).toBe(id);
  });

  it('refuses a missing, malformed, unknown or foreign clientId', async () => {
    refused(await ada.post('/v2/quotes', {}), 400, 'INVALID_REQUEST_FIELD', 'clientId');
    refused(
      await ada.post('/v2/quotes', { clientId: 'acme' }),
      400,
      'INVALID_REQUEST_FIELD',
      'clientId',
    );
    const unknown = await ada.post('/v2/quotes', {
      clientId: '00000000-0000-4000-8000-000000000000',
    });
    const foreign = await ada.post('/v2/quotes', { clientId: DEMO.clients.evergreen });
    refused(unknown, 400, 'RESOURCE_NOT_FOUND', 'clientId');
    refused(foreign, 400, 'RESOURCE_NOT_FOUND', 'clientId');
    refused(await ada.post('/v2/quotes'), 400, 'INVALID_REQUEST_BODY');
  });
});

describe('GET /v2/quotes/{quoteId}', () => {
  it('reads a quote back', async () => {
    const q = await newQuote();
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.id).toBe(q.id);
    expect(got.referenceCode).toBe(q.referenceCode);
  });

  it('answers 400 QUOTE_NOT_FOUND for an unknown id and INVALID_REQUEST_PARAMETER for a malformed one', async () => {
    refused(
      await ada.get('/v2/quotes/00000000-0000-4000-8000-000000000000'),
      400,
      'QUOTE_NOT_FOUND',
    );
    refused(await ada.get('/v2/quotes/not-a-uuid'), 400, 'INVALID_REQUEST_PARAMETER', 'quoteId');
  });
});

describe('PUT /v2/quotes/{quoteId}', () => {
  it('updates the header of a draft and moves updatedOn', async () => {
    const q = await newQuote();
    const expiresOn = isoIn(10);
    const r = ok(
      await ada.put(`/v2/quotes/${q.id}`, {
        ...header(q),
        introMessage: 'Hello',
        termsAndDisclaimers: 'Net 30',
        expiresOn,
      }),
      200,
      QuoteResponse,
    );
    expect(r.introMessage).toBe('Hello');
    expect(r.termsAndDisclaimers).toBe('Net 30');
    expect(Date.parse(r.expiresOn)).toBe(Date.parse(expiresOn));
    expect(Date.parse(r.updatedOn!)).toBeGreaterThan(Date.parse(q.updatedOn!));
  });

  it('requires all five fields and valid values', async () => {
    const q = await newQuote();
    const r = await ada.put(`/v2/quotes/${q.id}`, { status: 'draft' });
    const e = refused(r, 400, 'INVALID_REQUEST_FIELD');
    const text = e.details.map((d) => d.message).join(' ');
    for (const f of ['expiresOn', 'introMessage', 'published', 'termsAndDisclaimers'])
      expect(text).toContain(f);
    refused(
      await put(q, { status: 'bogus' as QuoteStatus }),
      400,
      'INVALID_REQUEST_FIELD',
      'status',
    );
    refused(await put(q, { expiresOn: 'tomorrow' }), 400, 'INVALID_REQUEST_FIELD', 'expiresOn');
  });

  it('sends, revokes, re-sends and accepts following the transition table', async () => {
    const q = await newQuote();
    refused(await put(q, { status: 'sent', published: false }), 400, 'QUOTE_INVALID_STATUS');
    const sent = ok(await put(q, { status: 'sent', published: true }), 200, QuoteResponse);
    expect(sent.status).toBe('sent');
    expect(sent.published).toBe(true);
    expect(sent.publishedOn).toBeDefined();
    refused(await put(sent, { introMessage: 'edit while sent' }), 400, 'QUOTE_INVALID_STATUS');
    const revoked = ok(await put(sent, { status: 'draft' }), 200, QuoteResponse);
    expect(revoked.status).toBe('draft');
    expect(revoked.published).toBe(false);
    expect(revoked.revokedOn).toBeDefined();
    const resent = ok(await put(revoked, { status: 'sent', published: true }), 200, QuoteResponse);
    const accepted = ok(await put(resent, { status: 'accepted' }), 200, QuoteResponse);
    expect(accepted.status).toBe('accepted');
    expect(accepted.respondedOn).toBeDefined();
    expect(accepted.acceptedBy).toMatchObject({
      email: 'ada.stone@northwind.example',
      fullName: 'Ada Stone',
    });
    for (const to of ['draft', 'sent', 'closed', 'declined'] as QuoteStatus[]) {
      refused(await put(accepted, { status: to, published: true }), 400, 'QUOTE_INVALID_STATUS');
    }
  });

  it('declines, requests changes and closes as the table says', async () => {
    const a = await newQuote();
    const sentA = ok(await put(a, { status: 'sent', published: true }), 200, QuoteResponse);
    const declined = ok(await put(sentA, { status: 'declined' }), 200, QuoteResponse);
    expect(declined.declinedBy?.fullName).toBe('Ada Stone');
    expect(declined.respondedOn).toBeDefined();

    const b = await newQuote();
    const sentB = ok(await put(b, { status: 'sent', published: true }), 200, QuoteResponse);
    const changes = ok(await put(sentB, { status: 'changes_requested' }), 200, QuoteResponse);
    expect(changes.status).toBe('changes_requested');
    const edited = ok(await put(changes, { introMessage: 'revised' }), 200, QuoteResponse);
    expect(edited.introMessage).toBe('revised');
    const back = ok(await put(edited, { status: 'draft' }), 200, QuoteResponse);
    const closed = ok(await put(back, { status: 'closed' }), 200, QuoteResponse);
    expect(closed.status).toBe('closed');
    refused(await put(closed, { status: 'draft' }), 400, 'QUOTE_INVALID_STATUS');

    const c = await newQuote();
    refused(await put(c, { status: 'accepted' }), 400, 'QUOTE_INVALID_STATUS');
    refused(await put(c, { status: 'expired' }), 400, 'QUOTE_INVALID_STATUS');
    refused(await put(c, { status: 'pending' }), 400, 'QUOTE_INVALID_STATUS');
  });

  it('expires a sent quote past expiresOn when it is read, and lets it go back to draft', async () => {
    const q = await newQuote();
    const sent = ok(
      await put(q, { status: 'sent', published: true, expiresOn: isoIn(-1) }),
      200,
      QuoteResponse,
    );
    const read = ok(await ada.get(`/v2/quotes/${sent.id}`), 200, QuoteResponse);
    expect(read.status).toBe('expired');
    const list = ok(await ada.get('/v2/quotes?status=expired&limit=100'), 200, ListResponse);
    expect(list.content.map((c) => c.id)).toContain(q.id);
    const draft = ok(await put(read, { status: 'draft', expiresOn: isoIn(5) }), 200, QuoteResponse);
    expect(draft.status).toBe('draft');
  });

  it('refuses an expiresOn outside years 0000–9999 in UTC, naming it; takes the edges', async () => {
    const q = await newQuote();
    for (const expiresOn of [
      '9999-12-31T23:59:59-23:59',
      '9999-12-31T23:59:59.999-00:01',
      '0000-01-01T00:00:00+01:00',
    ]) {
      refused(await put(q, { expiresOn }), 400, 'INVALID_REQUEST_FIELD', 'expiresOn: must be');
    }
    expect(ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse).expiresOn).toBe(q.expiresOn);
    const last = ok(await put(q, { expiresOn: '9999-12-31T23:59:59.999Z' }), 200, QuoteResponse);
    expect(last.expiresOn).toBe('9999-12-31T23:59:59.999Z');
    const first = ok(await put(q, { expiresOn: '0000-01-01T01:00:00+01:00' }), 200, QuoteResponse);
    expect(first.expiresOn).toBe('0000-01-01T00:00:00.000Z');
  });

  it('clears published on every move to draft, keeping publishedOn as history', async () => {
    // sent → expired → draft: not a revoke (no revokedOn), but a draft is never published.
    const a = await newQuote();
    const sentA = ok(
      await put(a, { status: 'sent', published: true, expiresOn: isoIn(-1) }),
      200,
      QuoteResponse,
    );
    const expired = ok(await ada.get(`/v2/quotes/${a.id}`), 200, QuoteResponse);
    expect([expired.status, expired.published]).toEqual(['expired', true]);
    const draftA = ok(
      await put(expired, { status: 'draft', published: true, expiresOn: isoIn(5) }),
      200,
      QuoteResponse,
    );
    expect([draftA.status, draftA.published]).toEqual(['draft', false]);
    expect(draftA.publishedOn).toBe(sentA.publishedOn);
    expect(draftA.revokedOn).toBeUndefined();
    const entry = ok(await ada.get('/v2/quotes?status=draft&limit=100'), 200, ListResponse).content;
    expect(entry.find((c) => c.id === a.id)?.published).toBe(false);

    // sent → changes_requested keeps the flag; its move back to draft clears it.
    const b = await newQuote();
    const sentB = ok(await put(b, { status: 'sent', published: true }), 200, QuoteResponse);
    const changes = ok(await put(sentB, { status: 'changes_requested' }), 200, QuoteResponse);
    expect(changes.published).toBe(true);
    const draftB = ok(await put(changes, { status: 'draft' }), 200, QuoteResponse);
    expect(draftB.published).toBe(false);
    expect(draftB.publishedOn).toBe(sentB.publishedOn);
  });

  it('answers 400 QUOTE_NOT_FOUND for an unknown quote', async () => {
    const q = await newQuote();
    const r = await ada.put('/v2/quotes/00000000-0000-4000-8000-000000000000', header(q));
    refused(r, 400, 'QUOTE_NOT_FOUND');
  });
});

describe('DELETE /v2/quotes/{quoteId}', () => {
  it('deletes; the tombstone answers QUOTE_ALREADY_DELETED and leaves the list', async () => {
    const q = await newQuote();
    const r = await ada.del(`/v2/quotes/${q.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    refused(await ada.get(`/v2/quotes/${q.id}`), 400, 'QUOTE_ALREADY_DELETED');
    refused(await ada.del(`/v2/quotes/${q.id}`), 400, 'QUOTE_ALREADY_DELETED');
    refused(await put(q, {}), 400, 'QUOTE_ALREADY_DELETED');
    refused(await ada.get(`/v2/quotes/${q.id}/sections`), 400, 'QUOTE_ALREADY_DELETED');
    const list = ok(await ada.get('/v2/quotes?account=partner&limit=100'), 200, ListResponse);
    expect(list.content.map((c) => c.id)).not.toContain(q.id);
  });

  it('answers 400 QUOTE_NOT_FOUND for an unknown quote', async () => {
    refused(
      await ada.del('/v2/quotes/00000000-0000-4000-8000-000000000000'),
      400,
      'QUOTE_NOT_FOUND',
    );
  });
});

describe('POST /v2/quotes/{quoteId}/take-ownership', () => {
  it('makes the caller the owner; the quote then shows in their list', async () => {
    const q = await newQuote(ada);
    const before = ok(await ben.get('/v2/quotes?limit=100'), 200, ListResponse);
    expect(before.content.map((c) => c.id)).not.toContain(q.id);
    const taken = ok(await ben.post(`/v2/quotes/${q.id}/take-ownership`), 200, QuoteResponse);
    expect(taken.ownedBy?.fullName).toBe('Ben Okafor');
    expect(taken.createdBy).toBe('Ada Stone');
    const after = ok(await ben.get('/v2/quotes?limit=100'), 200, ListResponse);
    expect(after.content.find((c) => c.id === q.id)?.ownedBy?.fullName).toBe('Ben Okafor');
    refused(await ben.post(`/v2/quotes/${q.id}/take-ownership`), 400, 'QUOTE_ALREADY_OWNED');
  });

  it('answers 404 QUOTE_NOT_FOUND for an unknown quote', async () => {
    refused(
      await ada.post('/v2/quotes/00000000-0000-4000-8000-000000000000/take-ownership'),
      404,
      'QUOTE_NOT_FOUND',
    );
    refused(await ada.post('/v2/quotes/nope/take-ownership'), 400, 'INVALID_REQUEST_PARAMETER');
  });
});

describe('preferences feed new quotes', () => {
  it('GET answers the defaults before any PUT; the first PUT is 201, later ones 200', async () => {
    const { PreferencesResponse, QuotePreferencesResult } = await import('../../common/api');
    const chen = await ada.as(DEMO.chen);
    const before = ok(await chen.get('/v2/quote-preferences'), 200, PreferencesResponse);
    expect(before).toEqual({
      attachments: [],
      daysToExpire: 30,
      introMessage: '',
      salesMarginPercentage: 0,
      termsAndDisclaimers: '',
    });
    const body = {
      daysToExpire: 14,
      introMessage: 'Thanks for your interest',
      termsAndDisclaimers: 'Prices in USD',
      salesMarginPercentage: 20,
    };
    const first = ok(await chen.put('/v2/quote-preferences', body), 201, QuotePreferencesResult);
    expect(first).toEqual(body);
    const second = ok(
      await chen.put('/v2/quote-preferences', { ...body, daysToExpire: 7 }),
      200,
      QuotePreferencesResult,
    );
    expect(second.daysToExpire).toBe(7);
    const q = ok(
      await chen.post('/v2/quotes', { clientId: DEMO.clients.evergreen }),
      201,
      QuoteResponse,
    );
    expect(q.introMessage).toBe('Thanks for your interest');
    expect(q.termsAndDisclaimers).toBe('Prices in USD');
    expect(q.salesMarginPercentage).toBe(20);
    expect((Date.parse(q.expiresOn) - Date.parse(q.createdOn)) / 86_400_000).toBeCloseTo(7, 5);
    refused(
      await chen.put('/v2/quote-preferences', { ...body, daysToExpire: 0 }),
      400,
      'INVALID_REQUEST_FIELD',
      'daysToExpire',
    );
    refused(
      await chen.put('/v2/quote-preferences', { daysToExpire: 5 }),
      400,
      'INVALID_REQUEST_FIELD',
      'introMessage',
    );
  });
});

describe('ids in either case', () => {
  it('takes upper-case ids in paths and bodies', async () => {
    const q = ok(
      await ada.post('/v2/quotes', { clientId: DEMO.clients.acme.toUpperCase() }),
      201,
      QuoteResponse,
    );
    ok(await ada.get(`/v2/quotes/${q.id.toUpperCase()}`), 200, QuoteResponse);
    const { z } = await import('zod');
    const { LineItemResponse } = await import('../../common/api');
    const items = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        {
          type: 'Standard',
          productId: DEMO.products.m365.toUpperCase(),
          billingTerm: 'Monthly',
          price: 22,
          quantity: 1,
          effectiveDate: '2026-01-01T00:00:00Z',
        },
      ]),
      201,
      z.array(LineItemResponse),
    );
    expect(items[0]!.product.id).toBe(DEMO.products.m365);
  });
});

describe('updatedOn', () => {
  it('moves on every change to a quote or its children', async () => {
    const { z } = await import('zod');
    const { AttachmentResponse, LineItemResponse, SectionsResponse } =
      await import('../../common/api');
    const { files, pdf } = await import('../helpers/server-api');
    const q = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    let last = q.updatedOn!;
    const changed = async (what: string) => {
      const now = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse).updatedOn!;
      expect(Date.parse(now), what).toBeGreaterThan(Date.parse(last));
      last = now;
    };
    const [item] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
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
    );
    await changed('line item added');
    ok(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        {
          id: item!.id,
          type: 'Standard',
          billingTerm: 'Monthly',
          price: 21,
          quantity: 2,
          effectiveDate: '2026-01-01T00:00:00Z',
        },
      ]),
      200,
      z.array(LineItemResponse),
    );
    await changed('line item updated');
    const s = ok(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'A' }),
      201,
      SectionsResponse,
    );
    await changed('section created');
    ok(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [{ ...s.sections[0]!, lineItems: [{ lineItemId: item!.id, order: 0 }] }],
      }),
      200,
      SectionsResponse,
    );
    await changed('sections replaced');
    const [entry] = (
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'u@acme.example' }])
    ).json as { id: string }[];
    await changed('access list entry added');
    expect((await ada.del(`/v2/quotes/${q.id}/access-list/${entry!.id}`)).status).toBe(204);
    await changed('access list entry removed');
    const [att] = ok(
      await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
        form: files('attachments', [{ name: 'u.pdf', data: pdf('updated-on') }]),
      }),
      201,
      z.array(AttachmentResponse),
    );
    await changed('attachment uploaded');
    ok(
      await ada.put(`/v2/quotes/${q.id}/attachments`, [
        { id: att!.id, name: 'renamed.pdf', order: 0 },
      ]),
      200,
      z.array(AttachmentResponse),
    );
    await changed('attachment renamed');
    expect((await ada.del(`/v2/quotes/${q.id}/attachments/${att!.id}`)).status).toBe(204);
    await changed('attachment removed');
    ok(await ben.post(`/v2/quotes/${q.id}/take-ownership`), 200, QuoteResponse);
    await changed('ownership taken');
    expect((await ada.del(`/v2/quotes/${q.id}/line-items/${item!.id}`)).status).toBe(204);
    await changed('line item deleted');
  });
});

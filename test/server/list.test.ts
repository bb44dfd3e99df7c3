import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import { Api, DEMO, login, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let ben: Api;
const adaQuotes: QuoteResponse[] = [];
let benQuote: QuoteResponse;

const line = (price: number, quantity: number) => ({
  type: 'Standard',
  productId: DEMO.products.m365,
  billingTerm: 'Monthly',
  price,
  quantity,
  effectiveDate: '2026-01-01T00:00:00Z',
});

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  ben = await ada.as(DEMO.ben);
  // 12 quotes by Ada over three clients; two of them sent, one closed.
  const clients = [DEMO.clients.acme, DEMO.clients.blueFjord, DEMO.clients.cedar];
  for (let i = 0; i < 12; i++) {
    const q = ok(await ada.post('/v2/quotes', { clientId: clients[i % 3] }), 201, QuoteResponse);
    ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [line(10 + i, i + 1)]),
      201,
      QuoteResponse.shape.lineItems,
    );
    adaQuotes.push(ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse));
  }
  for (const q of adaQuotes.slice(0, 2)) {
    ok(
      await ada.put(`/v2/quotes/${q.id}`, {
        expiresOn: q.expiresOn,
        introMessage: '',
        termsAndDisclaimers: '',
        published: true,
        status: 'sent',
      }),
      200,
      QuoteResponse,
    );
  }
  const c = adaQuotes[2]!;
  ok(
    await ada.put(`/v2/quotes/${c.id}`, {
      expiresOn: c.expiresOn,
      introMessage: '',
      termsAndDisclaimers: '',
      published: false,
      status: 'closed',
    }),
    200,
    QuoteResponse,
  );
  benQuote = ok(await ben.post('/v2/quotes', { clientId: DEMO.clients.delta }), 201, QuoteResponse);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const list = async (qs: string, api = ada) =>
  ok(await api.get(`/v2/quotes${qs}`), 200, ListResponse);

describe('GET /v2/quotes paging', () => {
  it('defaults to page 0 of size 10', async () => {
    const r = await list('');
    expect(r.page).toEqual({ number: 0, size: 10, totalElements: 12, totalPages: 2 });
    expect(r.content).toHaveLength(10);
  });

  it('follows the counting rules, with an empty page past the end echoing its number', async () => {
    const r = await list('?limit=4&page=2');
    expect(r.page).toEqual({ number: 2, size: 4, totalElements: 12, totalPages: 3 });
    expect(r.content).toHaveLength(4);
    const past = await list('?limit=4&page=3');
    expect(past.page).toEqual({ number: 3, size: 4, totalElements: 12, totalPages: 3 });
    expect(past.content).toEqual([]);
    const all = new Set<string>();
    for (let p = 0; p < 3; p++)
      for (const c of (await list(`?limit=4&page=${p}`)).content) all.add(c.id);
    expect(all.size).toBe(12);
  });

  // A long list is read page after page, each page seeking where the one before it ended
  // (server/domain/list-marks.ts): the pages must be the list itself, whatever the sort, the
  // ties in it, the order the pages are asked in, and a change between two pages.
  it('reads every sort page after page as the whole list, each quote once and in its place', async () => {
    const sorts = [
      'status',
      'client.name',
      'createdBy',
      'createdOn',
      'updatedOn',
      'totals.initialTotal',
      'totals.recurringTotal',
      'id',
    ];
    const ids = async (qs: string) => (await list(qs)).content.map((c) => c.id);
    // Every list's pages read in turns with the other lists' pages, so no list follows another's.
    for (const filter of ['account=partner', 'account=user&status=draft,closed'])
      for (const limit of [2, 5]) {
        const lists = sorts.flatMap((sort) =>
          ['asc', 'desc'].map((dir) => ({
            q: `?${filter}&sort=${sort},${dir}`,
            read: [] as string[],
          })),
        );
        const wholes = await Promise.all(lists.map((l) => ids(`${l.q}&limit=100`)));
        const pages = Math.ceil(wholes[0]!.length / limit);
        expect(pages).toBeGreaterThanOrEqual(2);
        for (let p = 0; p < pages; p++)
          for (const l of lists) l.read.push(...(await ids(`${l.q}&limit=${limit}&page=${p}`)));
        for (const [i, l] of lists.entries()) {
          const whole = wholes[i]!;
          expect(l.read, `${l.q}, ${limit} a page`).toEqual(whole);
          // Asked out of order: a page after a gap, then the one before it.
          expect(await ids(`${l.q}&limit=${limit}&page=${pages - 1}`)).toEqual(
            whole.slice((pages - 1) * limit),
          );
          expect(await ids(`${l.q}&limit=${limit}&page=1`)).toEqual(whole.slice(limit, 2 * limit));
        }
      }

    // A quote changed between two pages moves to the top: the next page is the list as it is
    // now, not where the page before it ended.
    const q = '?account=partner&sort=updatedOn,desc&limit=3';
    await ids(`${q}&page=0`);
    await ids(`${q}&page=1`);
    const moved = adaQuotes[11]!;
    await ada.post(`/v2/quotes/${moved.id}/sections`, { name: 'Moved' });
    const now = await ids('?account=partner&sort=updatedOn,desc&limit=100');
    expect(now[0]).toBe(moved.id);
    expect(await ids(`${q}&page=2`)).toEqual(now.slice(6, 9));
  }, 180_000);

  it('refuses a page size above 100 and malformed paging', async () => {
    refused(await ada.get('/v2/quotes?limit=101'), 400, 'INVALID_REQUEST_PARAMETER', 'limit');
    refused(await ada.get('/v2/quotes?limit=0'), 400, 'INVALID_REQUEST_PARAMETER', 'limit');
    refused(await ada.get('/v2/quotes?page=-1'), 400, 'INVALID_REQUEST_PARAMETER', 'page');
    refused(await ada.get('/v2/quotes?limit=abc'), 400, 'INVALID_REQUEST_PARAMETER', 'limit');
    ok(await ada.get('/v2/quotes?limit=100'), 200, ListResponse);
  });
});

describe('GET /v2/quotes filters', () => {
  it('lists the caller’s own quotes by default and the partner’s with account=partner', async () => {
    expect((await list('?limit=100')).content.map((c) => c.id)).not.toContain(benQuote.id);
    expect((await list('?limit=100', ben)).content.map((c) => c.id)).toEqual([benQuote.id]);
    const partner = await list('?account=partner&limit=100');
    expect(partner.page.totalElements).toBe(13);
    refused(
      await ada.get('/v2/quotes?account=everyone'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'account',
    );
  });

  it('filters by comma-separated statuses; statusCounts ignore the status filter', async () => {
    const r = await list('?status=sent,closed&limit=100');
    expect(r.page.totalElements).toBe(3);
    expect(new Set(r.content.map((c) => c.status))).toEqual(new Set(['sent', 'closed']));
    expect(r.statusCounts).toMatchObject({
      draft: 9,
      sent: 2,
      closed: 1,
      accepted: 0,
      declined: 0,
      expired: 0,
    });
    refused(
      await ada.get('/v2/quotes?status=sent,nope'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'status',
    );
  });

  it('takes repeated status parameters like the comma form, and refuses other repeated ones naming them', async () => {
    const comma = await list('?status=sent,closed&limit=100');
    const repeated = await list('?status=sent&status=closed&limit=100');
    expect(repeated.page.totalElements).toBe(3);
    expect(repeated).toEqual(comma);
    expect(await list('?status=sent&status=closed,draft&limit=100')).toEqual(
      await list('?status=sent,closed,draft&limit=100'),
    );
    expect((await list('?status=sent&status=&limit=100')).page.totalElements).toBe(2);
    refused(
      await ada.get('/v2/quotes?status=sent&status=nope'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'status',
    );
    for (const qs of [
      'limit=5&limit=10',
      'page=0&page=1',
      'sort=id,asc&sort=status,desc',
      'search=acme&search=blue',
      'account=user&account=partner',
      'partnerId=4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc&partnerId=4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc',
      'intentType=PARTNER_TO_CLIENT&intentType=PLATFORM_TO_PARTNER',
    ]) {
      const field = qs.split('=')[0]!;
      const e = refused(
        await ada.get(`/v2/quotes?${qs}`),
        400,
        'INVALID_REQUEST_PARAMETER',
        `${field}: must be given once`,
      );
      expect(e.details).toHaveLength(1);
    }
  });

  it('searches client name, reference code, creator name and amounts, case-insensitively', async () => {
    const byClient = await list('?search=BLUE%20fjord&limit=100');
    expect(byClient.page.totalElements).toBe(4);
    const ref = adaQuotes[5]!.referenceCode;
    expect((await list(`?search=${ref.toLowerCase()}`)).content.map((c) => c.id)).toEqual([
      adaQuotes[5]!.id,
    ]);
    expect((await list('?search=ada%20stone&limit=100')).page.totalElements).toBe(12);
    // quote 7: price 17 × quantity 8 = 136.00 recurring
    const byAmount = await list('?search=136.00');
    expect(byAmount.content.map((c) => c.id)).toContain(adaQuotes[7]!.id);
    expect((await list('?search=no%20such%20thing')).content).toEqual([]);
  });

  it('filters by partnerId (another partner’s id finds nothing) and intentType', async () => {
    expect((await list('?partnerId=4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc')).page.totalElements).toBe(
      12,
    );
    expect((await list('?partnerId=406fbbde-0610-4c90-8729-c558b8c20782')).page.totalElements).toBe(
      0,
    );
    refused(await ada.get('/v2/quotes?partnerId=x'), 400, 'INVALID_REQUEST_PARAMETER', 'partnerId');
    expect((await list('?intentType=PARTNER_TO_CLIENT')).page.totalElements).toBe(12);
    expect((await list('?intentType=PLATFORM_TO_PARTNER')).page.totalElements).toBe(0);
    refused(
      await ada.get('/v2/quotes?intentType=OTHER'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'intentType',
    );
  });
});

describe('GET /v2/quotes sort and entries', () => {
  it('sorts by every field the spec names, both directions', async () => {
    const asc = await list('?sort=totals.recurringTotal,asc&limit=100');
    const amounts = asc.content.map((c) => c.totals.recurringTotal.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await list('?sort=client.name,desc&limit=100');
    const names = desc.content.map((c) => c.client.name);
    expect(names).toEqual([...names].sort().reverse());
    for (const f of [
      'id',
      'status',
      'createdBy',
      'createdOn',
      'updatedOn',
      'totals.initialTotal',
    ]) {
      ok(await ada.get(`/v2/quotes?sort=${f},desc`), 200, ListResponse);
    }
    refused(await ada.get('/v2/quotes?sort=price,desc'), 400, 'INVALID_REQUEST_PARAMETER', 'sort');
    refused(
      await ada.get('/v2/quotes?sort=createdOn,sideways'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'sort',
    );
  });

  it('puts the most recently changed quote first with sort=updatedOn,desc', async () => {
    const q = adaQuotes[10]!;
    await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Touched' });
    const r = await list('?sort=updatedOn,desc&limit=1');
    expect(r.content[0]!.id).toBe(q.id);
  });

  it('carries totals, counts, owner and partner in each entry', async () => {
    const r = await list('?limit=100');
    const e = r.content.find((c) => c.id === adaQuotes[3]!.id)!;
    expect(e.totals.recurringTotal).toEqual({ amount: 52, currency: 'USD' });
    expect(e.lineItemCounts).toEqual({ custom: 0, msp: 0, total: 1 });
    expect(e.ownedBy?.fullName).toBe('Ada Stone');
    expect(e.partner?.name).toBe('Northwind IT Services');
    expect(e.createdBy).toBe('Ada Stone');
  });
});

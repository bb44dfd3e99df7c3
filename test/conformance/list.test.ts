// Black-box conformance of GET /v2/quotes: paging rules 1–4, default and maximum page size,
// statusCounts, account, search over the four named things, every sort field both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse, type ListContent, type QuoteStatus } from '../../common/api';
import { Api, DEMO, login, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let ben: Api;
const adaQuotes: QuoteResponse[] = [];
let benOwned: QuoteResponse;

const list = async (api: Api, qs: string) =>
  ok(await api.get(`/v2/quotes?${qs}`), 200, ListResponse);

const clients = [DEMO.clients.acme, DEMO.clients.blueFjord, DEMO.clients.cedar];

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  ben = await ada.as(DEMO.ben);
  // 20 quotes of Ada with different clients, amounts and statuses
  for (let i = 0; i < 20; i++) {
    let q = ok(await ada.post('/v2/quotes', { clientId: clients[i % 3] }), 201, QuoteResponse);
    const r = await ada.post(`/v2/quotes/${q.id}/line-items`, [
      {
        type: 'Custom',
        productName: `Service ${i}`,
        billingTerm: i % 2 ? 'Monthly' : 'One-Time',
        cost: 1,
        initialTotal: 0,
        price: 100 + i * 7.25,
        quantity: 1,
        effectiveDate: '2026-01-01T00:00:00Z',
      },
    ]);
    expect(r.status, r.text).toBe(201);
    if (i % 4 === 0) {
      q = ok(
        await ada.put(`/v2/quotes/${q.id}`, {
          expiresOn: q.expiresOn,
          introMessage: q.introMessage,
          termsAndDisclaimers: q.termsAndDisclaimers,
          published: true,
          status: 'sent',
        }),
        200,
        QuoteResponse,
      );
    }
    adaQuotes.push(q);
  }
  // 3 of Ben's own; one of Ada's that Ben takes over
  for (let i = 0; i < 3; i++)
    ok(await ben.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
  benOwned = ok(
    await ben.post(`/v2/quotes/${adaQuotes[1]!.id}/take-ownership`),
    200,
    QuoteResponse,
  );
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

describe('paging', () => {
  it('default page size is 10, page 0; counts from 1', async () => {
    const l = await list(ada, '');
    expect(l.content).toHaveLength(10);
    expect(l.page).toEqual({ number: 0, size: 10, totalElements: 20, totalPages: 2 });
  });

  it('totalElements a multiple of the size: totalPages = total / size, last page index totalPages−1', async () => {
    const l = await list(ada, 'limit=5&page=3');
    expect(l.page).toEqual({ number: 3, size: 5, totalElements: 20, totalPages: 4 });
    expect(l.content).toHaveLength(5);
  });

  it('pages never overlap and cover everything', async () => {
    const ids: string[] = [];
    for (let p = 0; p < 3; p++)
      ids.push(...(await list(ada, `limit=7&page=${p}`)).content.map((c) => c.id));
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it.each([4, 5, 99])('page %i past the end: empty content, page.number echoed', async (p) => {
    const l = await list(ada, `limit=5&page=${p}`);
    expect(l.content).toEqual([]);
    expect(l.page).toMatchObject({ number: p, size: 5, totalElements: 20, totalPages: 4 });
  });

  it('limit 100 is fine; 101 is 400 INVALID_REQUEST_PARAMETER naming limit', async () => {
    expect((await list(ada, 'limit=100')).content).toHaveLength(20);
    refused(await ada.get('/v2/quotes?limit=101'), 400, 'INVALID_REQUEST_PARAMETER', 'limit');
  });

  it.each([
    'limit=0',
    'limit=-1',
    'limit=abc',
    'page=-1',
    'page=x',
    'sort=price,desc',
    'sort=createdOn,sideways',
    'status=open',
    'account=everyone',
    'intentType=X',
    'partnerId=nope',
  ])('%s: 400 INVALID_REQUEST_PARAMETER', async (qs) => {
    refused(await ada.get(`/v2/quotes?${qs}`), 400, 'INVALID_REQUEST_PARAMETER', qs.split('=')[0]);
  });
});

describe('filters and counts', () => {
  it('statusCounts count every filter but status', async () => {
    const all = await list(ada, 'limit=100');
    const sent = await list(ada, 'limit=100&status=sent');
    expect(sent.content.every((c) => c.status === 'sent')).toBe(true);
    expect(sent.content).toHaveLength(5);
    expect(sent.statusCounts).toEqual(all.statusCounts);
    expect(all.statusCounts).toMatchObject({
      draft: 15,
      sent: 5,
      accepted: 0,
      closed: 0,
      declined: 0,
      expired: 0,
    });
    const both = await list(ada, 'limit=100&status=sent,draft');
    expect(both.page.totalElements).toBe(20);
  });

  it('account=user lists the quotes the caller created or owns; partner lists all', async () => {
    const benUser = await list(ben, 'limit=100');
    expect(benUser.page.totalElements).toBe(4);
    expect(benUser.content.map((c) => c.id)).toContain(benOwned.id);
    const benPartner = await list(ben, 'limit=100&account=partner');
    expect(benPartner.page.totalElements).toBe(23);
    // Ada still created it, so it stays in her own list
    expect((await list(ada, 'limit=100&account=user')).page.totalElements).toBe(20);
  });

  it('partnerId of the own partner filters nothing; another partner’s id finds nothing', async () => {
    const own = adaQuotes[0]!.partner.id;
    expect((await list(ada, `limit=100&partnerId=${own}`)).page.totalElements).toBe(20);
    expect(
      (await list(ada, 'limit=100&partnerId=406fbbde-0610-4c90-8729-c558b8c20782')).page
        .totalElements,
    ).toBe(0);
  });

  it.each<[string, (c: ListContent) => boolean]>([
    ['blue fjord', (c) => c.client.name === 'Blue Fjord Logistics'],
    ['CEDAR', (c) => c.client.name.startsWith('Cedar')],
    ['ada sto', () => true],
  ])('search %s matches client or creator name, case-insensitive', async (term, pred) => {
    const l = await list(ada, `limit=100&search=${encodeURIComponent(term)}`);
    expect(l.content.length).toBeGreaterThan(0);
    expect(l.content.every(pred)).toBe(true);
  });

  it('a search with a status filter pages through exactly the matches of both, in order', async () => {
    const all = (await list(ada, 'limit=100&account=partner')).content;
    const want = all
      .filter((c) => c.client.name === 'Acme Dental Group' && c.status === 'sent')
      .sort(
        (a, b) =>
          a.totals.initialTotal.amount - b.totals.initialTotal.amount || (a.id < b.id ? -1 : 1),
      )
      .map((c) => c.id);
    expect(want.length).toBeGreaterThan(1);
    const got: string[] = [];
    for (let p = 0; p <= want.length; p++) {
      const l = await list(
        ada,
        `limit=1&page=${p}&account=partner&search=acme&status=sent&sort=totals.initialTotal,asc`,
      );
      expect(l.page.totalElements).toBe(want.length);
      got.push(...l.content.map((c) => c.id));
    }
    expect(got).toEqual(want);
  });

  it('search finds a reference code and a total amount', async () => {
    const q = adaQuotes[7]!;
    const byCode = await list(ada, `limit=100&search=${q.referenceCode.toLowerCase()}`);
    expect(byCode.content.map((c) => c.id)).toEqual([q.id]);
    // quote 7: Monthly 150.75
    const byAmount = await list(ada, 'limit=100&search=150.75');
    expect(byAmount.content.map((c) => c.id)).toContain(q.id);
    expect((await list(ada, 'limit=100&search=zzzz-nothing')).content).toEqual([]);
  });
});

describe('sort', () => {
  const key: Record<string, (c: ListContent) => string | number> = {
    id: (c) => c.id,
    status: (c) => c.status,
    'client.name': (c) => c.client.name.toLowerCase(),
    createdBy: (c) => c.createdBy.toLowerCase(),
    createdOn: (c) => Date.parse(c.createdOn),
    updatedOn: (c) => Date.parse(c.updatedOn),
    'totals.initialTotal': (c) => c.totals.initialTotal.amount,
    'totals.recurringTotal': (c) => c.totals.recurringTotal.amount,
  };
  const cases = Object.keys(key).flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]);

  it.each(cases)('sort=%s,%s orders the whole result', async (field, dir) => {
    const rows = (await list(ben, `limit=100&account=partner&sort=${field},${dir}`)).content;
    expect(rows).toHaveLength(23);
    const vals = rows.map(key[field]!);
    const sorted = [...vals].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (dir === 'desc') sorted.reverse();
    expect(vals).toEqual(sorted);
  });

  it('paging a sorted list keeps the order across pages', async () => {
    const whole = (await list(ada, 'limit=100&sort=totals.initialTotal,desc')).content.map(
      (c) => c.id,
    );
    const paged: string[] = [];
    for (let p = 0; p < 4; p++)
      paged.push(
        ...(await list(ada, `limit=6&page=${p}&sort=totals.initialTotal,desc`)).content.map(
          (c) => c.id,
        ),
      );
    expect(paged).toEqual(whole);
  });

  it('a deleted quote leaves every list', async () => {
    const q = ok(await ben.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    expect((await ben.del(`/v2/quotes/${q.id}`)).status).toBe(204);
    const l = await list(ben, 'limit=100&account=partner');
    expect(l.content.map((c) => c.id)).not.toContain(q.id);
    expect(l.page.totalElements).toBe(23);
    const status: QuoteStatus = 'draft';
    expect(l.statusCounts[status]).toBe(18);
  });
});

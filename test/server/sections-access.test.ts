import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessListEntry,
  AccessListResponse,
  LineItemResponse,
  QuoteResponse,
  SectionsResponse,
} from '../../common/api';
import { Api, DEMO, login, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
const when = '2026-03-01T00:00:00Z';

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const newQuote = async () =>
  ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.cedar }), 201, QuoteResponse);
const setStatus = async (q: QuoteResponse, status: string, published = true) =>
  ok(
    await ada.put(`/v2/quotes/${q.id}`, {
      expiresOn: q.expiresOn,
      introMessage: '',
      termsAndDisclaimers: '',
      published,
      status,
    }),
    200,
    QuoteResponse,
  );

describe('sections', () => {
  it('creates sections in order, replaces them all, and reads them back', async () => {
    const q = await newQuote();
    const items = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        {
          type: 'Standard',
          productId: DEMO.products.m365,
          billingTerm: 'Monthly',
          price: 22,
          quantity: 1,
          effectiveDate: when,
        },
        {
          type: 'Standard',
          productId: DEMO.products.backup,
          billingTerm: 'Monthly',
          price: 7,
          quantity: 1,
          effectiveDate: when,
        },
      ]),
      201,
      z.array(LineItemResponse),
    );
    expect(ok(await ada.get(`/v2/quotes/${q.id}/sections`), 200, SectionsResponse)).toEqual({
      sections: [],
    });
    ok(await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Licences' }), 201, SectionsResponse);
    const two = ok(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Backup' }),
      201,
      SectionsResponse,
    );
    expect(two.sections.map((s) => [s.name, s.order])).toEqual([
      ['Licences', 0],
      ['Backup', 1],
    ]);
    const [lic, bak] = two.sections;
    const replaced = ok(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [
          {
            id: bak!.id,
            name: 'Backup & storage',
            order: 0,
            lineItems: [{ lineItemId: items[1]!.id, order: 0 }],
          },
          {
            id: lic!.id,
            name: 'Licences',
            order: 1,
            lineItems: [{ lineItemId: items[0]!.id, order: 0 }],
          },
        ],
      }),
      200,
      SectionsResponse,
    );
    expect(replaced.sections.map((s) => s.name)).toEqual(['Backup & storage', 'Licences']);
    expect(ok(await ada.get(`/v2/quotes/${q.id}/sections`), 200, SectionsResponse)).toEqual(
      replaced,
    );
    const emptied = ok(
      await ada.put(`/v2/quotes/${q.id}/sections`, { sections: [] }),
      200,
      SectionsResponse,
    );
    expect(emptied.sections).toEqual([]);
  });

  it('refuses bad section payloads naming the field', async () => {
    const q = await newQuote();
    refused(
      await ada.post(`/v2/quotes/${q.id}/sections`, {}),
      400,
      'INVALID_REQUEST_FIELD',
      'name',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: '   ' }),
      400,
      'INVALID_REQUEST_FIELD',
      'name',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/sections`, { sections: [{ name: 'x' }] }),
      400,
      'INVALID_REQUEST_FIELD',
      'sections[0].id',
    );
    const id = '11111111-1111-4111-8111-111111111111';
    refused(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [
          {
            id,
            name: 'A',
            order: 0,
            lineItems: [{ lineItemId: '00000000-0000-4000-8000-000000000000', order: 0 }],
          },
        ],
      }),
      400,
      'LINE_ITEM_NOT_FOUND',
      'sections[0].lineItems[0]',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [
          { id, name: 'A', order: 0, lineItems: [] },
          { id, name: 'B', order: 1, lineItems: [] },
        ],
      }),
      400,
      'INVALID_REQUEST_FIELD',
      'sections[1].id',
    );
  });

  it('refuses sections of a quote that is not editable or not there', async () => {
    const q = await newQuote();
    await setStatus(q, 'sent');
    refused(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Late' }),
      400,
      'QUOTE_INVALID_STATUS',
    );
    ok(await ada.get(`/v2/quotes/${q.id}/sections`), 200, SectionsResponse);
    refused(
      await ada.get('/v2/quotes/00000000-0000-4000-8000-000000000000/sections'),
      400,
      'QUOTE_NOT_FOUND',
    );
    refused(
      await ada.put('/v2/quotes/00000000-0000-4000-8000-000000000000/sections', { sections: [] }),
      400,
      'QUOTE_NOT_FOUND',
    );
  });
});

describe('access list', () => {
  it('shares with recipients, knows partner users, and removes entries', async () => {
    const q = await newQuote();
    expect(ok(await ada.get(`/v2/quotes/${q.id}/access-list`), 200, AccessListResponse)).toEqual({
      accessList: [],
    });
    const added = ok(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [
        { email: 'office@cedarpine.example', accountName: 'Cedar & Pine', accountType: 'contact' },
        { email: 'ben.okafor@northwind.example' },
      ]),
      201,
      z.array(AccessListEntry),
    );
    expect(added[0]).toMatchObject({
      email: 'office@cedarpine.example',
      accountType: 'contact',
      accountName: 'Cedar & Pine',
    });
    expect(added[0]!.link).toMatch(/^https:\/\//);
    expect(added[1]).toMatchObject({
      accountType: 'user',
      userId: '94e7568a-2bf9-4381-a0c2-2fbc6413fa3d',
    });
    const before = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect((await ada.del(`/v2/quotes/${q.id}/access-list/${added[0]!.id}`)).status).toBe(204);
    const after = ok(await ada.get(`/v2/quotes/${q.id}/access-list`), 200, AccessListResponse);
    expect(after.accessList.map((e) => e.email)).toEqual(['ben.okafor@northwind.example']);
    const touched = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(Date.parse(touched.updatedOn!)).toBeGreaterThan(Date.parse(before.updatedOn!));
  });

  it('refuses duplicates, bad e-mails, more than 25 recipients and unknown entries', async () => {
    const q = await newQuote();
    ok(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'a@x.example' }]),
      201,
      z.array(AccessListEntry),
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'A@x.example' }]),
      400,
      'QUOTE_ACCESS_EMAIL_EXISTS',
      'email',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'not-an-email' }]),
      400,
      'INVALID_REQUEST_FIELD',
      '[0].email',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [
        { email: 'b@x.example', accountType: 'boss' },
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      'accountType',
    );
    const many = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ email: `r${from + i}@x.example` }));
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, many(25, 0)),
      400,
      'ACCESS_LIST_LIMIT_EXCEEDED',
    );
    ok(
      await ada.post(`/v2/quotes/${q.id}/access-list`, many(24, 0)),
      201,
      z.array(AccessListEntry),
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, many(1, 100)),
      400,
      'ACCESS_LIST_LIMIT_EXCEEDED',
    );
    refused(
      await ada.del(`/v2/quotes/${q.id}/access-list/00000000-0000-4000-8000-000000000000`),
      400,
      'QUOTE_ACCESS_ENTRY_NOT_FOUND',
    );
    refused(
      await ada.del(`/v2/quotes/${q.id}/access-list/nope`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'accessListEntryId',
    );
  });

  it('changes in any status but accepted, declined and closed', async () => {
    const q = await newQuote();
    const sent = await setStatus(q, 'sent');
    ok(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'sent@x.example' }]),
      201,
      z.array(AccessListEntry),
    );
    await setStatus(sent, 'accepted');
    refused(
      await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'late@x.example' }]),
      400,
      'QUOTE_INVALID_STATUS',
    );
    const entries = ok(await ada.get(`/v2/quotes/${q.id}/access-list`), 200, AccessListResponse);
    refused(
      await ada.del(`/v2/quotes/${q.id}/access-list/${entries.accessList[0]!.id}`),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(
      await ada.get('/v2/quotes/00000000-0000-4000-8000-000000000000/access-list'),
      400,
      'QUOTE_NOT_FOUND',
    );
  });
});

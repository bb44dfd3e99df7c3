import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessListEntry,
  AttachmentResponse,
  ErrorResponse,
  LineItemResponse,
  ListResponse,
  PreferencesResponse,
  QuoteResponse,
  SectionsResponse,
} from '../../common/api';
import { Api, DEMO, files, login, ok, pdf, type Res } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

// Southbridge's user probes every route with Northwind's ids. Each answer must be exactly the
// answer for an id that does not exist, and Northwind's data must not change.
let server: StartedServer;
let ada: Api;
let chen: Api;
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';
const ids = { quote: '', line: '', section: '', entry: '', quoteAtt: '', lib: '', pref: '' };
let chenQuote = '';
let snapshot: unknown;

async function adaState() {
  const q = ok(await ada.get(`/v2/quotes/${ids.quote}`), 200, QuoteResponse);
  return {
    quote: { ...q, expiresOn: q.expiresOn },
    sections: ok(await ada.get(`/v2/quotes/${ids.quote}/sections`), 200, SectionsResponse),
    access: await ada.get(`/v2/quotes/${ids.quote}/access-list`).then((r) => r.json),
    library: ok(await ada.get('/v2/quote-attachments'), 200, z.array(AttachmentResponse)),
    prefs: ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse),
  };
}

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  chen = await ada.as(DEMO.chen);
  const q = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
  ids.quote = q.id;
  const [line] = ok(
    await ada.post(`/v2/quotes/${q.id}/line-items`, [
      {
        type: 'Standard',
        productId: DEMO.products.m365,
        billingTerm: 'Monthly',
        price: 22,
        quantity: 3,
        effectiveDate: '2026-01-01T00:00:00Z',
      },
    ]),
    201,
    z.array(LineItemResponse),
  );
  ids.line = line!.id;
  ids.section = ok(
    await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'S' }),
    201,
    SectionsResponse,
  ).sections[0]!.id;
  ids.entry = ok(
    await ada.post(`/v2/quotes/${q.id}/access-list`, [{ email: 'x@acme.example' }]),
    201,
    z.array(AccessListEntry),
  )[0]!.id;
  ids.quoteAtt = ok(
    await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
      form: files('attachments', [{ name: 'q.pdf', data: pdf('iso-q') }]),
    }),
    201,
    z.array(AttachmentResponse),
  )[0]!.id;
  ids.lib = ok(
    await ada.call('POST', '/v2/quote-attachments', {
      form: files('attachments', [{ name: 'l.pdf', data: pdf('iso-l') }]),
    }),
    201,
    z.array(AttachmentResponse),
  )[0]!.id;
  ids.pref = ok(
    await ada.post('/v2/quote-preferences/attachments', { attachments: [ids.lib] }),
    201,
    z.array(AttachmentResponse),
  )[0]!.id;
  chenQuote = ok(
    await chen.post('/v2/quotes', { clientId: DEMO.clients.evergreen }),
    201,
    QuoteResponse,
  ).id;
  snapshot = await adaState();
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

/** status, code, detail codes and message, with the probed id written as <id>. */
function shape(r: Res, id: string) {
  const e = ErrorResponse.parse(r.json);
  const strip = (s: string) => s.split(id).join('<id>');
  return {
    status: r.status,
    type: e.type,
    details: e.details.map((d) => [d.type, strip(d.message)]),
    message: strip(e.message),
  };
}

const form = (name: string) => files('attachments', [{ name, data: pdf(`probe-${name}`) }]);
const lineUpdate = (id: string) => [
  {
    id,
    type: 'Standard',
    billingTerm: 'Monthly',
    price: 1,
    quantity: 1,
    effectiveDate: '2026-01-01T00:00:00Z',
  },
];
const header = {
  expiresOn: '2030-01-01T00:00:00Z',
  introMessage: 'x',
  termsAndDisclaimers: 'y',
  published: false,
  status: 'draft',
};

type Probe = [string, (id: string) => Promise<Res>, keyof typeof ids];
const probes: Probe[] = [
  ['GET quote', (id) => chen.get(`/v2/quotes/${id}`), 'quote'],
  ['PUT quote', (id) => chen.put(`/v2/quotes/${id}`, header), 'quote'],
  ['DELETE quote', (id) => chen.del(`/v2/quotes/${id}`), 'quote'],
  ['take ownership', (id) => chen.post(`/v2/quotes/${id}/take-ownership`), 'quote'],
  ['GET access list', (id) => chen.get(`/v2/quotes/${id}/access-list`), 'quote'],
  [
    'POST access list',
    (id) => chen.post(`/v2/quotes/${id}/access-list`, [{ email: 'spy@sb.example' }]),
    'quote',
  ],
  [
    'DELETE access entry (foreign quote)',
    (id) => chen.del(`/v2/quotes/${id}/access-list/${ids.entry}`),
    'quote',
  ],
  [
    'DELETE access entry (own quote)',
    (id) => chen.del(`/v2/quotes/${chenQuote}/access-list/${id}`),
    'entry',
  ],
  ['GET zip', (id) => chen.get(`/v2/quotes/${id}/attachments?downloadZip=true`), 'quote'],
  [
    'POST quote attachments',
    (id) => chen.call('POST', `/v2/quotes/${id}/attachments`, { form: form('a.pdf') }),
    'quote',
  ],
  [
    'PUT quote attachments',
    (id) => chen.put(`/v2/quotes/${id}/attachments`, [{ id: ids.quoteAtt, name: 'n', order: 0 }]),
    'quote',
  ],
  [
    'PUT quote attachments (own quote)',
    (id) => chen.put(`/v2/quotes/${chenQuote}/attachments`, [{ id, name: 'n', order: 0 }]),
    'quoteAtt',
  ],
  [
    'POST shared into foreign quote',
    (id) => chen.post(`/v2/quotes/${id}/attachments/shared`, [{ attachmentId: UNKNOWN }]),
    'quote',
  ],
  [
    'POST shared of foreign library file',
    (id) => chen.post(`/v2/quotes/${chenQuote}/attachments/shared`, [{ attachmentId: id }]),
    'lib',
  ],
  [
    'GET quote attachment',
    (id) => chen.get(`/v2/quotes/${id}/attachments/${ids.quoteAtt}`),
    'quote',
  ],
  [
    'GET quote attachment (own quote)',
    (id) => chen.get(`/v2/quotes/${chenQuote}/attachments/${id}?download=true`),
    'quoteAtt',
  ],
  [
    'DELETE quote attachment',
    (id) => chen.del(`/v2/quotes/${id}/attachments/${ids.quoteAtt}`),
    'quote',
  ],
  [
    'DELETE quote attachment (own quote)',
    (id) => chen.del(`/v2/quotes/${chenQuote}/attachments/${id}`),
    'quoteAtt',
  ],
  [
    'POST line items',
    (id) =>
      chen.post(`/v2/quotes/${id}/line-items`, [
        {
          type: 'Custom',
          productName: 'X',
          billingTerm: 'Monthly',
          price: 1,
          cost: 1,
          initialTotal: 0,
          quantity: 1,
          effectiveDate: '2026-01-01T00:00:00Z',
        },
      ]),
    'quote',
  ],
  [
    'POST add-on with foreign parent',
    (id) =>
      chen.post(`/v2/quotes/${chenQuote}/line-items`, [
        {
          type: 'Standard',
          productId: DEMO.products.s1Addon,
          billingTerm: 'Monthly',
          price: 1,
          quantity: 1,
          effectiveDate: '2026-01-01T00:00:00Z',
          requiredLineItemId: id,
        },
      ]),
    'line',
  ],
  [
    'PUT line items',
    (id) => chen.put(`/v2/quotes/${id}/line-items`, lineUpdate(ids.line)),
    'quote',
  ],
  [
    'PUT line items (own quote)',
    (id) => chen.put(`/v2/quotes/${chenQuote}/line-items`, lineUpdate(id)),
    'line',
  ],
  [
    'bulk delete',
    (id) => chen.post(`/v2/quotes/${id}/line-items/bulk-delete`, { lineItemIds: [ids.line] }),
    'quote',
  ],
  [
    'bulk delete (own quote)',
    (id) => chen.post(`/v2/quotes/${chenQuote}/line-items/bulk-delete`, { lineItemIds: [id] }),
    'line',
  ],
  ['DELETE line item', (id) => chen.del(`/v2/quotes/${id}/line-items/${ids.line}`), 'quote'],
  [
    'DELETE line item (own quote)',
    (id) => chen.del(`/v2/quotes/${chenQuote}/line-items/${id}`),
    'line',
  ],
  ['GET sections', (id) => chen.get(`/v2/quotes/${id}/sections`), 'quote'],
  ['POST sections', (id) => chen.post(`/v2/quotes/${id}/sections`, { name: 'spy' }), 'quote'],
  ['PUT sections', (id) => chen.put(`/v2/quotes/${id}/sections`, { sections: [] }), 'quote'],
  [
    'PUT sections (own quote, foreign line)',
    (id) =>
      chen.put(`/v2/quotes/${chenQuote}/sections`, {
        sections: [
          { id: ids.section, name: 's', order: 0, lineItems: [{ lineItemId: id, order: 0 }] },
        ],
      }),
    'line',
  ],
  ['GET library file', (id) => chen.get(`/v2/quote-attachments/${id}`), 'lib'],
  ['download library file', (id) => chen.get(`/v2/quote-attachments/${id}?download=true`), 'lib'],
  [
    'PATCH library file',
    (id) =>
      chen.call('PATCH', `/v2/quote-attachments/${id}`, {
        form: files('attachment', [{ name: 'p.pdf', data: pdf('probe-patch') }]),
      }),
    'lib',
  ],
  ['DELETE library file', (id) => chen.del(`/v2/quote-attachments/${id}`), 'lib'],
  ['PUT library', (id) => chen.put('/v2/quote-attachments', [{ id, name: 'n', order: 0 }]), 'lib'],
  [
    'POST library shared',
    (id) => chen.post('/v2/quote-attachments/shared', [{ attachmentId: id }]),
    'quoteAtt',
  ],
  [
    'POST preference attachments',
    (id) => chen.post('/v2/quote-preferences/attachments', { attachments: [id] }),
    'lib',
  ],
  [
    'DELETE preference attachment',
    (id) => chen.del(`/v2/quote-preferences/attachments/${id}`),
    'pref',
  ],
];

describe('partner isolation', () => {
  it.each(probes)(
    '%s: a foreign id answers exactly like an unknown one',
    async (_name, probe, kind) => {
      const foreign = await probe(ids[kind]);
      const unknown = await probe(UNKNOWN);
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(shape(foreign, ids[kind])).toEqual(shape(unknown, UNKNOWN));
    },
  );

  it('a foreign client cannot get a quote', async () => {
    const foreign = await chen.post('/v2/quotes', { clientId: DEMO.clients.acme });
    const unknown = await chen.post('/v2/quotes', { clientId: UNKNOWN });
    expect(shape(foreign, DEMO.clients.acme)).toEqual(shape(unknown, UNKNOWN));
  });

  it('lists, library and preferences show nothing of the other partner', async () => {
    const list = ok(await chen.get('/v2/quotes?account=partner&limit=100'), 200, ListResponse);
    expect(list.content.map((c) => c.id)).toEqual([chenQuote]);
    const other = ok(
      await chen.get('/v2/quotes?account=partner&partnerId=4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc'),
      200,
      ListResponse,
    );
    expect(other.content).toEqual([]);
    expect(ok(await chen.get('/v2/quote-attachments'), 200, z.array(AttachmentResponse))).toEqual(
      [],
    );
    expect(
      ok(await chen.get('/v2/quote-preferences'), 200, PreferencesResponse).attachments,
    ).toEqual([]);
  });

  it('left every piece of the other partner’s data as it was', async () => {
    expect(await adaState()).toEqual(snapshot);
  });
});

// Black-box conformance of the finer endpoint rules: downloads and their query flags, library
// sharing and replacing, access-list uniqueness, ownership, line-item field limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessListEntry,
  AccessListResponse,
  AttachmentResponse,
  LineItemResponse,
  QuoteResponse,
} from '../../common/api';
import { Api, DEMO, files, login, ok, pdf, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let ben: Api;
let q: QuoteResponse;
let qa: AttachmentResponse;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  ben = await ada.as(DEMO.ben);
  q = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
  [qa] = ok(
    await ada.call('POST', `/v2/quotes/${q.id}/attachments`, {
      form: files('attachments', [{ name: 'offer.pdf', data: pdf('details-offer') }]),
    }),
    201,
    AttachmentResponse.array(),
  ) as [AttachmentResponse];
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

describe('downloads', () => {
  it('a quote attachment: JSON by default, the PDF with download=true; other values 400', async () => {
    const p = `/v2/quotes/${q.id}/attachments/${qa.id}`;
    expect(ok(await ada.get(p), 200, AttachmentResponse).id).toBe(qa.id);
    const file = await ada.get(`${p}?download=true`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('application/pdf');
    expect(file.body.equals(pdf('details-offer'))).toBe(true);
    refused(await ada.get(`${p}?download=false`), 400, 'INVALID_REQUEST_PARAMETER', 'download');
  });

  it('all quote attachments as a zip only with downloadZip=true', async () => {
    const p = `/v2/quotes/${q.id}/attachments`;
    const zip = await ada.get(`${p}?downloadZip=true`);
    expect(zip.status).toBe(200);
    expect(String(zip.headers['content-type'])).toContain('application/zip');
    expect(zip.body.subarray(0, 2).toString()).toBe('PK');
    refused(
      await ada.get(`${p}?downloadZip=false`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'downloadZip',
    );
    refused(await ada.get(p), 400, 'INVALID_REQUEST_PARAMETER', 'downloadZip');
  });

  it('a library attachment: JSON, or the PDF with download=true', async () => {
    const [lib] = ok(
      await ada.post('/v2/quote-attachments/shared', [{ attachmentId: qa.id }]),
      201,
      AttachmentResponse.array(),
    );
    expect(lib!.name).toBe('offer.pdf');
    const p = `/v2/quote-attachments/${lib!.id}`;
    expect(ok(await ada.get(p), 200, AttachmentResponse).id).toBe(lib!.id);
    const file = await ada.get(`${p}?download=true`);
    expect(String(file.headers['content-type'])).toContain('application/pdf');
    expect(file.body.equals(pdf('details-offer'))).toBe(true);
    // sharing the same content again: the library already holds it
    refused(
      await ada.post('/v2/quote-attachments/shared', [{ attachmentId: qa.id }]),
      400,
      'LIBRARY_ATTACHMENT_ALREADY_EXISTS',
    );
    // PATCH replaces the content, keeps id, name, order; sets replacedOn
    const patched = ok(
      await ada.call('PATCH', p, {
        form: files('attachment', [{ name: 'v2.pdf', data: pdf('details-v2') }]),
      }),
      200,
      AttachmentResponse,
    );
    expect(patched).toMatchObject({ id: lib!.id, name: 'offer.pdf', order: lib!.order });
    expect(patched.replacedOn).toBeTruthy();
    expect((await ada.get(`${p}?download=true`)).body.equals(pdf('details-v2'))).toBe(true);
    expect((await ada.del(p)).status).toBe(204);
    refused(await ada.get(p), 404, 'LIBRARY_ATTACHMENT_NOT_FOUND');
  });

  it('removing a quote attachment renumbers the rest 0…n−1', async () => {
    const quote = ok(
      await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }),
      201,
      QuoteResponse,
    );
    const p = `/v2/quotes/${quote.id}/attachments`;
    const up = ok(
      await ada.call('POST', p, {
        form: files(
          'attachments',
          ['r0', 'r1', 'r2'].map((t) => ({ name: `${t}.pdf`, data: pdf(t) })),
        ),
      }),
      201,
      AttachmentResponse.array(),
    );
    expect((await ada.del(`${p}/${up[0]!.id}`)).status).toBe(204);
    const after = ok(await ada.get(`/v2/quotes/${quote.id}`), 200, QuoteResponse).attachments;
    expect(after.map((a) => [a.name, a.order])).toEqual([
      ['r1.pdf', 0],
      ['r2.pdf', 1],
    ]);
  });
});

describe('access list', () => {
  it('an e-mail twice: QUOTE_ACCESS_EMAIL_EXISTS; a user id twice: QUOTE_ACCESS_USERID_EXISTS', async () => {
    const p = `/v2/quotes/${q.id}/access-list`;
    const [e] = ok(await ada.post(p, [{ email: 'Pat@Example.com' }]), 201, AccessListEntry.array());
    expect(e!.accountType).toBe('guest');
    expect(e!.link).toMatch(/^https:\/\//);
    refused(await ada.post(p, [{ email: 'pat@example.com' }]), 400, 'QUOTE_ACCESS_EMAIL_EXISTS');
    const uid = randomUUID();
    ok(await ada.post(p, [{ email: 'u1@example.com', userId: uid }]), 201, AccessListEntry.array());
    refused(
      await ada.post(p, [{ email: 'u2@example.com', userId: uid }]),
      400,
      'QUOTE_ACCESS_USERID_EXISTS',
    );
    refused(await ada.post(p, [{ email: 'not-an-email' }]), 400, 'INVALID_REQUEST_FIELD', 'email');
    const listed = ok(await ada.get(p), 200, AccessListResponse);
    expect(listed.accessList).toHaveLength(2);
    expect((await ada.del(`${p}/${e!.id}`)).status).toBe(204);
    expect(ok(await ada.get(p), 200, AccessListResponse).accessList).toHaveLength(1);
  });
});

describe('ownership', () => {
  it('take-ownership makes the caller the owner; taking it again is QUOTE_ALREADY_OWNED', async () => {
    const mine = ok(
      await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }),
      201,
      QuoteResponse,
    );
    refused(await ada.post(`/v2/quotes/${mine.id}/take-ownership`), 400, 'QUOTE_ALREADY_OWNED');
    const taken = ok(await ben.post(`/v2/quotes/${mine.id}/take-ownership`), 200, QuoteResponse);
    expect(taken.ownedBy?.fullName).toBe('Ben Okafor');
    expect(taken.createdBy).toBe('Ada Stone');
  });
});

describe('line item fields', () => {
  const custom = (over: Record<string, unknown>) => ({
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
  it.each([
    ['productName', { productName: 'Visit!' }],
    ['productName', { productName: 'a'.repeat(256) }],
    ['productSku', { productSku: 'SKU_1' }],
    ['productSku', { productSku: 'A'.repeat(101) }],
    ['note', { note: 'n'.repeat(2001) }],
    ['billingTerm', { billingTerm: 'Annual2' }],
    ['billingTerm', { billingTerm: '1 Year' }],
    ['quantity', { quantity: 1.5 }],
    ['price', { price: 'ten' }],
    ['effectiveDate', { effectiveDate: 'tomorrow' }],
    ['cost', { cost: undefined }],
    ['type', { type: 'Bundle' }],
  ])('a bad %s is refused naming it', async (field, over) => {
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [custom(over)]),
      400,
      'INVALID_REQUEST_FIELD',
      field,
    );
  });

  it('the limits themselves are accepted (255 name, 100 sku, 2000 note); one object counts as a list', async () => {
    const r = ok(
      await ada.post(
        `/v2/quotes/${q.id}/line-items`,
        custom({
          productName: 'a'.repeat(255),
          productSku: 'A-1'.padEnd(100, 'b'),
          note: 'n'.repeat(2000),
        }),
      ),
      201,
      LineItemResponse.array(),
    );
    expect(r).toHaveLength(1);
    expect(r[0]!.product.type).toBe('Custom');
  });

  it('update keeps the relationship; delete of an add-on is fine', async () => {
    const quote = ok(
      await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }),
      201,
      QuoteResponse,
    );
    const p = `/v2/quotes/${quote.id}/line-items`;
    const std = (productId: string, over: Record<string, unknown> = {}) => ({
      type: 'Standard',
      productId,
      billingTerm: 'Monthly',
      price: 5.5,
      quantity: 10,
      effectiveDate: '2026-01-01T00:00:00Z',
      ...over,
    });
    const [parent, addon] = ok(
      await ada.post(p, [
        std(DEMO.products.s1),
        std(DEMO.products.s1Addon, { requiredLineItemIndex: 0 }),
      ]),
      201,
      LineItemResponse.array(),
    );
    const [upd] = ok(
      await ada.put(p, [
        {
          id: addon!.id,
          type: 'Standard',
          billingTerm: 'Monthly',
          price: 4,
          quantity: 2,
          effectiveDate: '2026-02-01T00:00:00Z',
        },
      ]),
      200,
      LineItemResponse.array(),
    );
    expect(upd!.relationship?.requiredLineItemId).toBe(parent!.id);
    expect(upd!.totals.recurringTotal.amount).toBe(8);
    expect((await ada.del(`${p}/${addon!.id}`)).status).toBe(204);
    expect((await ada.del(`${p}/${parent!.id}`)).status).toBe(204);
  });
});

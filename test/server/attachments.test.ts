import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttachmentResponse, PreferencesResponse, QuoteResponse } from '../../common/api';
import { Api, DEMO, files, login, ok, pdf, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
const List = z.array(AttachmentResponse);
const MiB = 1024 * 1024;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const upload = (
  path: string,
  list: Array<{ name: string; data: Buffer; type?: string }>,
  field = 'attachments',
  method = 'POST',
) => ada.call(method, path, { form: files(field, list) });
const newQuote = async () =>
  ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
const bigPdf = (size: number) => {
  const b = Buffer.alloc(size, 0x20);
  b.write('%PDF-1.7\n');
  return b;
};

describe('library attachments', () => {
  it('uploads PDFs, lists, reads, downloads, renames, reorders and deletes them', async () => {
    const created = ok(
      await upload('/v2/quote-attachments', [
        { name: 'terms.pdf', data: pdf('lib-terms') },
        { name: 'brochure.pdf', data: pdf('lib-brochure') },
      ]),
      201,
      List,
    );
    expect(created.map((a) => [a.name, a.order])).toEqual([
      ['terms.pdf', 0],
      ['brochure.pdf', 1],
    ]);
    expect(created[0]!.createdBy.fullName).toBe('Ada Stone');
    const listed = ok(await ada.get('/v2/quote-attachments'), 200, List);
    expect(listed.map((a) => a.id)).toEqual(created.map((a) => a.id));
    const one = ok(
      await ada.get(`/v2/quote-attachments/${created[0]!.id}`),
      200,
      AttachmentResponse,
    );
    expect(one.name).toBe('terms.pdf');
    const file = await ada.get(`/v2/quote-attachments/${created[0]!.id}?download=true`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body.equals(pdf('lib-terms'))).toBe(true);
    refused(
      await ada.get(`/v2/quote-attachments/${created[0]!.id}?download=false`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'download',
    );

    const reordered = ok(
      await ada.put('/v2/quote-attachments', [
        { id: created[1]!.id, name: 'Brochure 2026.pdf', order: 0 },
      ]),
      200,
      List,
    );
    expect(reordered.map((a) => [a.name, a.order])).toEqual([
      ['Brochure 2026.pdf', 0],
      ['terms.pdf', 1],
    ]);
    refused(
      await ada.put('/v2/quote-attachments', [{ id: created[1]!.id, name: 'x.pdf', order: 2 }]),
      400,
      'LIBRARY_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
      'order',
    );
    refused(
      await ada.put('/v2/quote-attachments', [
        { id: '00000000-0000-4000-8000-000000000000', name: 'x.pdf', order: 0 },
      ]),
      400,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.put('/v2/quote-attachments', [{ id: created[1]!.id, name: '', order: 0 }]),
      400,
      'INVALID_REQUEST_FIELD',
      'name',
    );

    const replaced = ok(
      await upload(
        `/v2/quote-attachments/${created[0]!.id}`,
        [{ name: 'terms-v2.pdf', data: pdf('lib-terms-v2') }],
        'attachment',
        'PATCH',
      ),
      200,
      AttachmentResponse,
    );
    expect(replaced.id).toBe(created[0]!.id);
    expect(replaced.replacedOn).toBeDefined();
    expect(
      (await ada.get(`/v2/quote-attachments/${created[0]!.id}?download=true`)).body.equals(
        pdf('lib-terms-v2'),
      ),
    ).toBe(true);

    expect((await ada.del(`/v2/quote-attachments/${created[0]!.id}`)).status).toBe(204);
    refused(
      await ada.del(`/v2/quote-attachments/${created[0]!.id}`),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.get(`/v2/quote-attachments/${created[0]!.id}`),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await upload(
        `/v2/quote-attachments/${created[0]!.id}`,
        [{ name: 'a.pdf', data: pdf('zz') }],
        'attachment',
        'PATCH',
      ),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    expect(ok(await ada.get('/v2/quote-attachments'), 200, List).map((a) => a.order)).toEqual([0]);
  });

  it('checks content, not names: a non-PDF is refused, a PDF named .txt is taken', async () => {
    refused(
      await upload('/v2/quote-attachments', [
        { name: 'fake.pdf', data: Buffer.from('MZ not a pdf') },
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      'attachments[0]',
    );
    const odd = ok(
      await upload('/v2/quote-attachments', [
        { name: 'notes.txt', data: pdf('named-txt'), type: 'text/plain' },
      ]),
      201,
      List,
    );
    expect(odd[0]!.name).toBe('notes.txt');
  });

  it('takes 10 MiB exactly and refuses one byte more', async () => {
    ok(
      await upload('/v2/quote-attachments', [{ name: 'ten.pdf', data: bigPdf(10 * MiB) }]),
      201,
      List,
    );
    refused(
      await upload('/v2/quote-attachments', [{ name: 'big.pdf', data: bigPdf(10 * MiB + 1) }]),
      400,
      'INVALID_REQUEST_FIELD',
      'larger than 10 MiB',
    );
  });

  it('refuses a second copy of the same content, JSON instead of multipart and an empty form', async () => {
    ok(
      await upload('/v2/quote-attachments', [{ name: 'once.pdf', data: pdf('dup-check') }]),
      201,
      List,
    );
    refused(
      await upload('/v2/quote-attachments', [{ name: 'again.pdf', data: pdf('dup-check') }]),
      400,
      'LIBRARY_ATTACHMENT_ALREADY_EXISTS',
    );
    refused(
      await ada.post('/v2/quote-attachments', { attachments: [] }),
      400,
      'INVALID_REQUEST_BODY',
      'attachments',
    );
    refused(
      await upload('/v2/quote-attachments', [{ name: 'x.pdf', data: pdf('wrong-field') }], 'file'),
      400,
      'INVALID_REQUEST_FIELD',
      'file',
    );
  });

  it('answers 400 INVALID_REQUEST_PARAMETER for malformed ids and 404 for unknown ones', async () => {
    refused(
      await ada.get('/v2/quote-attachments/abc'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'attachmentId',
    );
    refused(
      await ada.del('/v2/quote-attachments/00000000-0000-4000-8000-000000000000'),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
  });
});

describe('quote attachments', () => {
  it('uploads, copies from the library, lists in the quote, reorders, downloads one and all, deletes', async () => {
    const q = await newQuote();
    const [lib] = ok(
      await upload('/v2/quote-attachments', [{ name: 'sla.pdf', data: pdf('q-sla') }]),
      201,
      List,
    );
    const up = ok(
      await upload(`/v2/quotes/${q.id}/attachments`, [
        { name: 'proposal.pdf', data: pdf('q-proposal') },
      ]),
      201,
      List,
    );
    const copied = ok(
      await ada.post(`/v2/quotes/${q.id}/attachments/shared`, [{ attachmentId: lib!.id }]),
      201,
      List,
    );
    expect(copied[0]!.name).toBe('sla.pdf');
    expect(copied[0]!.id).not.toBe(lib!.id);
    refused(
      await ada.post(`/v2/quotes/${q.id}/attachments/shared`, [{ attachmentId: lib!.id }]),
      400,
      'DUPLICATE_QUOTE_ATTACHMENT',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/attachments/shared`, [
        { attachmentId: '00000000-0000-4000-8000-000000000000' },
      ]),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.attachments.map((a) => a.name)).toEqual(['proposal.pdf', 'sla.pdf']);

    const re = ok(
      await ada.put(`/v2/quotes/${q.id}/attachments`, [
        { id: copied[0]!.id, name: 'SLA.pdf', order: 0 },
      ]),
      200,
      List,
    );
    expect(re.map((a) => a.name)).toEqual(['SLA.pdf', 'proposal.pdf']);
    refused(
      await ada.put(`/v2/quotes/${q.id}/attachments`, [
        { id: copied[0]!.id, name: 'SLA.pdf', order: 5 },
      ]),
      400,
      'QUOTE_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
    );

    const meta = ok(
      await ada.get(`/v2/quotes/${q.id}/attachments/${up[0]!.id}`),
      200,
      AttachmentResponse,
    );
    expect(meta.name).toBe('proposal.pdf');
    const one = await ada.get(`/v2/quotes/${q.id}/attachments/${up[0]!.id}?download=true`);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.body.equals(pdf('q-proposal'))).toBe(true);

    const zip = await ada.get(`/v2/quotes/${q.id}/attachments?downloadZip=true`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.body.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const text = zip.body.toString('latin1');
    expect(text).toContain('SLA.pdf');
    expect(text).toContain('proposal.pdf');
    expect(text).toContain('% q-proposal');
    refused(
      await ada.get(`/v2/quotes/${q.id}/attachments`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'downloadZip',
    );
    refused(
      await ada.get(`/v2/quotes/${q.id}/attachments?downloadZip=false`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'downloadZip',
    );

    expect((await ada.del(`/v2/quotes/${q.id}/attachments/${up[0]!.id}`)).status).toBe(204);
    refused(
      await ada.del(`/v2/quotes/${q.id}/attachments/${up[0]!.id}`),
      400,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.get(`/v2/quotes/${q.id}/attachments/${up[0]!.id}`),
      404,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    );
    expect(
      ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse).attachments.map((a) => [
        a.name,
        a.order,
      ]),
    ).toEqual([['SLA.pdf', 0]]);
  });

  it('adds a quote attachment to the library; the library refuses it twice', async () => {
    const q = await newQuote();
    const [a] = ok(
      await upload(`/v2/quotes/${q.id}/attachments`, [
        { name: 'site-plan.pdf', data: pdf('site-plan') },
      ]),
      201,
      List,
    );
    const shared = ok(
      await ada.post('/v2/quote-attachments/shared', [{ attachmentId: a!.id }]),
      201,
      List,
    );
    expect(shared[0]!.name).toBe('site-plan.pdf');
    refused(
      await ada.post('/v2/quote-attachments/shared', [{ attachmentId: a!.id }]),
      400,
      'LIBRARY_ATTACHMENT_ALREADY_EXISTS',
    );
    refused(
      await ada.post('/v2/quote-attachments/shared', [
        { attachmentId: '00000000-0000-4000-8000-000000000000' },
      ]),
      404,
      'QUOTE_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.post('/v2/quote-attachments/shared', [{ id: a!.id }]),
      400,
      'INVALID_REQUEST_FIELD',
      'attachmentId',
    );
  });

  it('holds at most 10 attachments, refuses duplicates and edits of a sent quote', async () => {
    const q = await newQuote();
    const ten = Array.from({ length: 10 }, (_, i) => ({
      name: `p${i}.pdf`,
      data: pdf(`limit-${i}`),
    }));
    ok(await upload(`/v2/quotes/${q.id}/attachments`, ten), 201, List);
    refused(
      await upload(`/v2/quotes/${q.id}/attachments`, [{ name: 'p10.pdf', data: pdf('limit-10') }]),
      400,
      'MAX_ATTACHMENTS_EXCEEDED',
    );
    const q2 = await newQuote();
    refused(
      await upload(`/v2/quotes/${q2.id}/attachments`, [
        ...ten,
        { name: 'p10.pdf', data: pdf('limit-10') },
      ]),
      400,
      'MAX_ATTACHMENTS_EXCEEDED',
    );
    refused(
      await upload(`/v2/quotes/${q2.id}/attachments`, [
        { name: 'a.pdf', data: pdf('same') },
        { name: 'b.pdf', data: pdf('same') },
      ]),
      400,
      'DUPLICATE_QUOTE_ATTACHMENT',
    );
    ok(
      await ada.put(`/v2/quotes/${q2.id}`, {
        expiresOn: q2.expiresOn,
        introMessage: '',
        termsAndDisclaimers: '',
        published: true,
        status: 'sent',
      }),
      200,
      QuoteResponse,
    );
    refused(
      await upload(`/v2/quotes/${q2.id}/attachments`, [{ name: 'late.pdf', data: pdf('late') }]),
      400,
      'QUOTE_INVALID_STATUS',
    );
  });

  it('answers 404 QUOTE_NOT_FOUND where the endpoint lists 404, 400 elsewhere', async () => {
    const unknown = '/v2/quotes/00000000-0000-4000-8000-000000000000/attachments';
    refused(await ada.get(`${unknown}?downloadZip=true`), 404, 'QUOTE_NOT_FOUND');
    refused(
      await upload(unknown, [{ name: 'a.pdf', data: pdf('nowhere') }]),
      404,
      'QUOTE_NOT_FOUND',
    );
    refused(
      await ada.post(`${unknown}/shared`, [
        { attachmentId: '00000000-0000-4000-8000-000000000000' },
      ]),
      404,
      'QUOTE_NOT_FOUND',
    );
    refused(
      await ada.get(`${unknown}/00000000-0000-4000-8000-000000000000`),
      404,
      'QUOTE_NOT_FOUND',
    );
    refused(
      await ada.put(unknown, [{ id: '00000000-0000-4000-8000-000000000000', name: 'a', order: 0 }]),
      400,
      'QUOTE_NOT_FOUND',
    );
    refused(
      await ada.del(`${unknown}/00000000-0000-4000-8000-000000000000`),
      400,
      'QUOTE_NOT_FOUND',
    );
  });
});

describe('preference attachments', () => {
  it('adds library files to the preferences, copies them into new quotes, removes them', async () => {
    const libs = ok(
      await upload(
        '/v2/quote-attachments',
        Array.from({ length: 6 }, (_, i) => ({ name: `pref${i}.pdf`, data: pdf(`pref-${i}`) })),
      ),
      201,
      List,
    );
    const added = ok(
      await ada.post('/v2/quote-preferences/attachments', {
        attachments: [libs[0]!.id, libs[1]!.id],
      }),
      201,
      List,
    );
    expect(added.map((a) => a.name)).toEqual(['pref0.pdf', 'pref1.pdf']);
    refused(
      await ada.post('/v2/quote-preferences/attachments', { attachments: [libs[0]!.id] }),
      400,
      'DUPLICATE_PREFERENCE_ATTACHMENT',
    );
    refused(
      await ada.post('/v2/quote-preferences/attachments', {
        attachments: ['00000000-0000-4000-8000-000000000000'],
      }),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.post('/v2/quote-preferences/attachments', {
        attachments: libs.slice(2, 6).map((l) => l.id),
      }),
      400,
      'PREFERENCE_MAX_ATTACHMENTS_EXCEEDED',
    );
    refused(
      await ada.post('/v2/quote-preferences/attachments', { attachments: 'all' }),
      400,
      'INVALID_REQUEST_FIELD',
      'attachments',
    );
    const prefs = ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse);
    expect(prefs.attachments.map((a) => a.name)).toEqual(['pref0.pdf', 'pref1.pdf']);

    const q = await newQuote();
    expect(q.attachments.map((a) => a.name)).toEqual(['pref0.pdf', 'pref1.pdf']);
    const file = await ada.get(
      `/v2/quotes/${q.id}/attachments/${q.attachments[0]!.id}?download=true`,
    );
    expect(file.body.equals(pdf('pref-0'))).toBe(true);

    expect((await ada.del(`/v2/quote-preferences/attachments/${added[0]!.id}`)).status).toBe(204);
    refused(
      await ada.del(`/v2/quote-preferences/attachments/${added[0]!.id}`),
      404,
      'PREFERENCE_ATTACHMENT_NOT_FOUND',
    );
    refused(
      await ada.del('/v2/quote-preferences/attachments/bad'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'attachmentId',
    );
    expect(
      ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse).attachments.map((a) => [
        a.name,
        a.order,
      ]),
    ).toEqual([['pref1.pdf', 0]]);
  });

  it('keeps a preference attachment’s url working after its library file is replaced or deleted', async () => {
    const [lib] = ok(
      await upload('/v2/quote-attachments', [{ name: 'terms.pdf', data: pdf('pref-url-v1') }]),
      201,
      List,
    );
    const [pref] = ok(
      await ada.post('/v2/quote-preferences/attachments', { attachments: [lib!.id] }),
      201,
      List,
    );
    const download = (url: string, api = ada) => api.get(url.slice(server.baseUrl.length));
    expect(pref!.url.startsWith(`${server.baseUrl}/`)).toBe(true);
    const first = await download(pref!.url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.body.equals(pdf('pref-url-v1'))).toBe(true);

    // The preference holds a copy: a new version of the library file does not change it.
    ok(
      await upload(
        `/v2/quote-attachments/${lib!.id}`,
        [{ name: 'terms.pdf', data: pdf('pref-url-v2') }],
        'attachment',
        'PATCH',
      ),
      200,
      AttachmentResponse,
    );
    expect((await download(pref!.url)).body.equals(pdf('pref-url-v1'))).toBe(true);

    // Nor does deleting it: the preference keeps listing the copy, and its url still answers.
    expect((await ada.del(`/v2/quote-attachments/${lib!.id}`)).status).toBe(204);
    const listed = ok(await ada.get('/v2/quote-preferences'), 200, PreferencesResponse);
    const still = listed.attachments.find((a) => a.id === pref!.id)!;
    expect(still.url).toBe(pref!.url);
    const after = await download(still.url);
    expect(after.status).toBe(200);
    expect(after.body.equals(pdf('pref-url-v1'))).toBe(true);
    const q = await newQuote();
    const copy = q.attachments.find((a) => a.name === 'terms.pdf')!;
    expect((await download(copy.url)).body.equals(pdf('pref-url-v1'))).toBe(true);

    // The url is a download only; the id is no library attachment, and no other partner's.
    refused(
      await ada.get(`/v2/quote-attachments/${pref!.id}`),
      404,
      'LIBRARY_ATTACHMENT_NOT_FOUND',
    );
    const chen = await ada.as(DEMO.chen);
    refused(await download(pref!.url, chen), 404, 'LIBRARY_ATTACHMENT_NOT_FOUND');
    // Once the preference attachment is removed, its url is gone too.
    expect((await ada.del(`/v2/quote-preferences/attachments/${pref!.id}`)).status).toBe(204);
    refused(await download(pref!.url), 404, 'LIBRARY_ATTACHMENT_NOT_FOUND');
  });
});

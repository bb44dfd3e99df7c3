// Every endpoint of the Quoting API and the catalogue, through the client, against the
// real server over HTTPS.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  DownloadTooLargeError,
  InvalidRequestError,
  type ApiClient,
  type ApiEvent,
} from '../../main/api';
import { startServer } from '../helpers/server';
import {
  ACME_ID,
  ADA,
  BEN,
  BLUE_FJORD_ID,
  PRODUCTS,
  clientFor,
  inDays,
  pdfBytes,
  writePdf,
  unexpected,
} from './fixtures';

let server: Awaited<ReturnType<typeof startServer>>;
let ada: ApiClient;
let ben: ApiClient;
let dir: string;
const events: ApiEvent[] = [];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  server = await startServer();
  dir = await mkdtemp(join(tmpdir(), 'qd-api-files-'));
  ada = clientFor(server, ADA, { events });
  ben = clientFor(server, BEN);
});
afterAll(async () => {
  await ada?.close();
  await ben?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function newQuote(clientId = ACME_ID) {
  return ada.createQuote({ clientId });
}

describe('catalogue', () => {
  it('lists companies and products page by page, and reads pricing', async () => {
    const companies = await ada.listCompanies({ size: 2 });
    expect(companies.content).toHaveLength(2);
    expect(companies.page).toMatchObject({ number: 0, size: 2 });
    expect(companies.content[0]).toMatchObject({
      id: expect.any(String),
      address: expect.any(Object),
    });
    const page2 = await ada.listCompanies({ size: 2, page: 1 });
    expect(page2.page.number).toBe(1);
    expect(page2.content.map((c) => c.id)).not.toContain(companies.content[0]!.id);

    const found = await ada.listProducts({ search: 'SentinelOne' });
    expect(found.content.map((p) => p.name).sort()).toEqual([
      'SentinelOne Control',
      'SentinelOne Vigilance MDR Add-on',
    ]);
    const pricing = await ada.getProductPricing(PRODUCTS.m365);
    expect(pricing.content.map((p) => p.billingTerm).sort()).toEqual(['Annual', 'Monthly']);
    expect(pricing.content[0]!.rates[0]).toMatchObject({ partnerBuyRate: expect.any(Number) });
  });
});

describe('quotes', () => {
  it('creates, reads, updates, lists, takes over and deletes a quote', async () => {
    const created = await newQuote();
    expect(created).toMatchObject({ status: 'draft', client: { id: ACME_ID }, published: false });
    expect(Array.isArray(created.lineItems)).toBe(true);

    const read = await ada.getQuote(created.id);
    expect(read.referenceCode).toBe(created.referenceCode);

    const updated = await ada.updateQuote(created.id, {
      expiresOn: inDays(14),
      introMessage: 'Thanks for meeting us',
      termsAndDisclaimers: 'Net 30',
      published: false,
      status: 'draft',
    });
    expect(updated.introMessage).toBe('Thanks for meeting us');

    const list = await ada.listQuotes({
      search: created.referenceCode,
      status: ['draft'],
      sort: 'createdOn,desc',
    });
    expect(list.content.map((q) => q.id)).toEqual([created.id]);
    expect(list.statusCounts.draft).toBeGreaterThanOrEqual(1);
    const paged = await ada.listQuotes({ limit: 1, page: 0, account: 'partner' });
    expect(paged.page).toMatchObject({ size: 1, number: 0 });

    const owned = await ben.takeOwnership(created.id);
    expect(owned.ownedBy?.email).toBe('ben.okafor@northwind.example');

    await ada.deleteQuote(created.id);
    const gone = await ada.getQuote(created.id).then(unexpected, (e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 400, type: 'QUOTE_ALREADY_DELETED', outcome: 'refused' });
  });

  it('a refusal carries the status, type, details, method and route', async () => {
    const err = await ada
      .getQuote('00000000-0000-4000-8000-000000000000')
      .then(unexpected, (e: unknown) => e as ApiError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      type: 'QUOTE_NOT_FOUND',
      method: 'GET',
      route: '/v2/quotes/{quoteId}',
      outcome: 'refused',
    });
    expect(err.details.length).toBeGreaterThan(0);
  });

  it('a path id that is not a UUID is refused before anything is sent; a payload is checked once, by the server', async () => {
    const before = events.filter((e) => e.type === 'response').length;
    const err = await ada
      .updateQuote('not-a-uuid', {
        expiresOn: 'tomorrow',
        introMessage: '',
        termsAndDisclaimers: '',
        published: false,
        status: 'draft',
      })
      .then(unexpected, (e: unknown) => e as InvalidRequestError);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err.details.map((d) => d.message)).toEqual(['quoteId: must be a UUID']);
    expect(events.filter((e) => e.type === 'response').length).toBe(before);
    // The app checks what it sends where the data entered (the IPC schemas, built from
    // common/api); the client does not state the rules again. The server is the other
    // boundary: it refuses the payload, naming the field, with the same schema's words.
    const q = await ada.createQuote({ clientId: ACME_ID });
    const err2 = await ada
      .addLineItems(q.id, [
        // price -1 breaks the contract on purpose
        {
          type: 'Custom',
          effectiveDate: inDays(0),
          price: -1,
          quantity: 1,
          billingTerm: 'Monthly',
          cost: 1,
          initialTotal: 0,
          productName: 'Ok',
        },
      ])
      .then(unexpected, (e: unknown) => e as ApiError);
    expect(err2).toBeInstanceOf(ApiError);
    expect(err2.status).toBe(400);
    expect(err2.details.map((d) => d.message)).toContainEqual('[0].price: must not be negative');
    expect(err2.outcome).toBe('refused');
    expect(events.filter((e) => e.type === 'response').length).toBe(before + 2);
  });
});

describe('line items and sections', () => {
  it('adds Standard, Custom, UsageBased and add-on items, updates and deletes them', async () => {
    const q = await newQuote(BLUE_FJORD_ID);
    const added = await ada.addLineItems(q.id, [
      {
        type: 'Standard',
        productId: PRODUCTS.m365,
        billingTerm: 'Monthly',
        price: 22,
        quantity: 10,
        effectiveDate: inDays(1),
      },
      {
        type: 'Custom',
        productName: 'Onsite setup',
        productSku: 'SETUP-1',
        billingTerm: 'One-Time',
        price: 500,
        cost: 300,
        initialTotal: 500,
        quantity: 1,
        effectiveDate: inDays(1),
      },
      {
        type: 'UsageBased',
        productId: PRODUCTS.storagePerGb,
        billingTerm: 'Monthly',
        price: 0.1,
        cost: 0.05,
        quantity: 100,
        effectiveDate: inDays(1),
        usageBased: { type: 'QTY_VARIES', displayNote: true },
      },
      {
        type: 'Standard',
        productId: PRODUCTS.sentinelOne,
        billingTerm: 'Monthly',
        price: 8,
        quantity: 10,
        effectiveDate: inDays(1),
      },
      {
        type: 'Standard',
        productId: PRODUCTS.sentinelMdrAddOn,
        billingTerm: 'Monthly',
        price: 4,
        quantity: 10,
        effectiveDate: inDays(1),
        requiredLineItemIndex: 3,
      },
    ]);
    expect(added).toHaveLength(5);
    const [m365, custom, usage, parent, addOn] = added;
    expect(custom!.product.name).toBe('Onsite setup');
    expect(usage!.usageBased?.type).toBe('QTY_VARIES');
    expect(addOn!.relationship?.requiredLineItemId).toBe(parent!.id);

    const changed = await ada.updateLineItems(q.id, [
      {
        type: 'Standard',
        id: m365!.id,
        billingTerm: 'Monthly',
        price: 21,
        quantity: 12,
        effectiveDate: inDays(1),
      },
    ]);
    expect(changed[0]).toMatchObject({ id: m365!.id, quantity: 12 });

    // Sections: create two, then place items into them.
    await ada.createSection(q.id, 'Licences');
    const { sections } = await ada.createSection(q.id, 'Services');
    const [lic, svc] = [...sections].sort((a, b) => a.order - b.order);
    const placed = await ada.replaceSections(q.id, {
      sections: [
        {
          id: lic!.id,
          name: 'Licences',
          order: 0,
          lineItems: [{ lineItemId: m365!.id, order: 0 }],
        },
        {
          id: svc!.id,
          name: 'Services',
          order: 1,
          lineItems: [{ lineItemId: custom!.id, order: 0 }],
        },
      ],
    });
    expect(placed.sections.find((s) => s.id === lic!.id)?.lineItems).toEqual([
      { lineItemId: m365!.id, order: 0 },
    ]);
    expect((await ada.getSections(q.id)).sections).toHaveLength(2);

    await ada.deleteLineItem(q.id, usage!.id);
    await ada.bulkDeleteLineItems(q.id, [addOn!.id, parent!.id]);
    const after = await ada.getQuote(q.id);
    expect(after.lineItems.map((li) => li.id).sort()).toEqual([m365!.id, custom!.id].sort());
    expect(after.totals.initialTotal.amount).toBe(500);
  });
});

describe('access list', () => {
  it('shares a quote with recipients and removes one', async () => {
    const q = await newQuote();
    const added = await ada.addAccessList(q.id, [
      { email: 'buyer@acme.example', accountType: 'contact', accountName: 'Acme buyer' },
      { email: 'cfo@acme.example' },
    ]);
    expect(added.map((e) => e.email).sort()).toEqual(['buyer@acme.example', 'cfo@acme.example']);
    await ada.deleteAccessEntry(q.id, added[0]!.id);
    const { accessList } = await ada.getAccessList(q.id);
    expect(accessList.map((e) => e.id)).toEqual([added[1]!.id]);
  });
});

describe('attachments', () => {
  it('library: uploads from disk, lists, renames, reads, downloads, replaces and deletes', async () => {
    const a = await writePdf(dir, 'price-list.pdf', 'Price list 2026');
    const b = await writePdf(dir, 'brochure.pdf', 'Brochure');
    const up = await ada.uploadToLibrary([a, { path: b, name: 'Company brochure.pdf' }]);
    expect(up.map((x) => x.name).sort()).toEqual(['Company brochure.pdf', 'price-list.pdf']);
    const lib = await ada.listLibrary();
    expect(lib.map((x) => x.id)).toEqual(expect.arrayContaining(up.map((x) => x.id)));

    const brochure = up.find((x) => x.name === 'Company brochure.pdf')!;
    const renamed = await ada.updateLibrary(
      lib.map((x, i) => ({
        id: x.id,
        name: x.id === brochure.id ? 'Brochure 2026.pdf' : x.name,
        order: lib.length - 1 - i,
      })),
    );
    expect(renamed.find((x) => x.id === brochure.id)?.name).toBe('Brochure 2026.pdf');
    expect((await ada.getLibraryAttachment(brochure.id)).name).toBe('Brochure 2026.pdf');

    const dest = join(dir, 'downloaded-brochure.pdf');
    const got = await ada.downloadLibraryAttachment(brochure.id, dest);
    expect(got).toMatchObject({
      path: dest,
      contentType: expect.stringContaining('application/pdf'),
    });
    expect(sha(await readFile(dest))).toBe(sha(pdfBytes('Brochure')));

    const c = await writePdf(dir, 'brochure-v2.pdf', 'Brochure v2');
    const replaced = await ada.replaceLibraryAttachment(brochure.id, c);
    expect(replaced.id).toBe(brochure.id);
    await ada.downloadLibraryAttachment(brochure.id, dest);
    expect(sha(await readFile(dest))).toBe(sha(pdfBytes('Brochure v2')));
    const inMemory = await ada.libraryAttachmentBytes(brochure.id);
    expect(sha(inMemory.bytes)).toBe(sha(pdfBytes('Brochure v2')));

    await ada.deleteLibraryAttachment(brochure.id);
    const err = await ada.getLibraryAttachment(brochure.id).then(unexpected, (e: unknown) => e);
    expect(err).toMatchObject({ status: 404, outcome: 'refused' });
  });

  it('quote: uploads, copies from the library, reorders, reads, downloads one and all as zip, deletes', async () => {
    const q = await newQuote();
    const [libItem] = await ada.uploadToLibrary([
      await writePdf(dir, 'terms.pdf', `Terms ${q.id}`),
    ]);
    const uploaded = await ada.uploadQuoteAttachments(q.id, [
      await writePdf(dir, 'proposal.pdf', `Proposal ${q.id}`),
    ]);
    expect(uploaded).toHaveLength(1);
    const copied = await ada.copyLibraryAttachmentsToQuote(q.id, [{ attachmentId: libItem!.id }]);
    expect(copied).toHaveLength(1);

    const reordered = await ada.updateQuoteAttachments(q.id, [
      { id: copied[0]!.id, name: 'Terms.pdf', order: 0 },
      { id: uploaded[0]!.id, name: 'Proposal.pdf', order: 1 },
    ]);
    expect([...reordered].sort((x, y) => x.order - y.order).map((x) => x.name)).toEqual([
      'Terms.pdf',
      'Proposal.pdf',
    ]);
    expect((await ada.getQuoteAttachment(q.id, uploaded[0]!.id)).name).toBe('Proposal.pdf');

    const one = join(dir, 'proposal-down.pdf');
    await ada.downloadQuoteAttachment(q.id, uploaded[0]!.id, one);
    expect(sha(await readFile(one))).toBe(sha(pdfBytes(`Proposal ${q.id}`)));
    const kept = await ada.quoteAttachmentBytes(q.id, uploaded[0]!.id);
    expect(sha(kept.bytes)).toBe(sha(pdfBytes(`Proposal ${q.id}`)));
    expect(kept.contentType).toContain('application/pdf');

    const zip = join(dir, 'all.zip');
    const z = await ada.downloadQuoteAttachmentsZip(q.id, zip);
    const zipBytes = await readFile(zip);
    expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(z.bytes).toBe(zipBytes.length);

    // Quote attachment → library ("shared").
    const [shared] = await ada.shareQuoteAttachmentsToLibrary([{ attachmentId: uploaded[0]!.id }]);
    expect((await ada.listLibrary()).map((x) => x.id)).toContain(shared!.id);

    await ada.deleteQuoteAttachment(q.id, copied[0]!.id);
    expect((await ada.getQuote(q.id)).attachments.map((x) => x.id)).toEqual([uploaded[0]!.id]);
  });

  it('a download past its size cap stops and leaves no file behind', async () => {
    const q = await newQuote();
    const [att] = await ada.uploadQuoteAttachments(q.id, [
      await writePdf(dir, 'big.pdf', `Big ${q.id}`, 200_000),
    ]);
    const capDir = await mkdtemp(join(tmpdir(), 'qd-cap-'));
    const err = await ada
      .downloadQuoteAttachment(q.id, att!.id, join(capDir, 'big.pdf'), { maxBytes: 50_000 })
      .then(unexpected, (e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadTooLargeError);
    expect(await readdir(capDir)).toEqual([]);
    const zerr = await ada
      .downloadQuoteAttachmentsZip(q.id, join(capDir, 'all.zip'), { maxBytes: 1000 })
      .then(unexpected, (e: unknown) => e);
    expect(zerr).toBeInstanceOf(DownloadTooLargeError);
    expect(await readdir(capDir)).toEqual([]);
    // Kept in memory: the same cap.
    const merr = await ada
      .quoteAttachmentBytes(q.id, att!.id, { maxBytes: 50_000 })
      .then(unexpected, (e: unknown) => e);
    expect(merr).toBeInstanceOf(DownloadTooLargeError);
    await rm(capDir, { recursive: true, force: true });
  });

  it('a file over 10 MiB or missing is refused before anything is sent, naming it', async () => {
    const huge = join(dir, 'huge.pdf');
    await writeFile(huge, pdfBytes('huge'));
    await truncate(huge, 10 * 1024 * 1024 + 1);
    const err = await ada
      .uploadToLibrary([huge, join(dir, 'nope.pdf')])
      .then(unexpected, (e: unknown) => e as InvalidRequestError);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err.details.map((d) => d.message).sort()).toEqual([
      'attachments[0]: huge.pdf is larger than 10 MiB',
      'attachments[1]: nope.pdf cannot be read',
    ]);
  });

  it('a file that is not a PDF is refused by the server with a typed error', async () => {
    const txt = join(dir, 'notes.pdf');
    await writeFile(txt, 'just text, not a PDF');
    const err = await ada.uploadToLibrary([txt]).then(unexpected, (e: unknown) => e as ApiError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, outcome: 'refused', route: '/v2/quote-attachments' });
  });
});

describe('preferences', () => {
  it('reads defaults, saves (201 then 200), adds and removes a preference attachment', async () => {
    const defaults = await ben.getPreferences();
    expect(defaults).toMatchObject({
      daysToExpire: expect.any(Number),
      attachments: expect.any(Array),
    });
    const saved = await ada.savePreferences({
      daysToExpire: 21,
      introMessage: 'Hello from Northwind',
      termsAndDisclaimers: 'Prices in USD',
      salesMarginPercentage: 12.5,
    });
    expect(saved).toEqual({
      daysToExpire: 21,
      introMessage: 'Hello from Northwind',
      termsAndDisclaimers: 'Prices in USD',
      salesMarginPercentage: 12.5,
    });
    const again = await ada.savePreferences({ ...saved, daysToExpire: 30 });
    expect(again.daysToExpire).toBe(30);

    const [lib] = await ada.uploadToLibrary([
      await writePdf(dir, 'pref.pdf', `Pref ${Date.now()}`),
    ]);
    const added = await ada.addPreferenceAttachments([lib!.id]);
    expect(added).toHaveLength(1);
    expect((await ada.getPreferences()).attachments.map((a) => a.id)).toContain(added[0]!.id);
    await ada.deletePreferenceAttachment(added[0]!.id);
    expect((await ada.getPreferences()).attachments.map((a) => a.id)).not.toContain(added[0]!.id);
  });
});

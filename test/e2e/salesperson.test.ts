// What a new salesperson touches first, by role and visible text: the partner's defaults on
// the very first quote (intro, terms, a default attachment that syncs), a one-time Custom
// line that reads price × quantity, recurring money per billing period, and Undo of a delete
// that gives back the same quote. Real server, real core, real SQLite, real Chromium.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import { DEMO, files, login, ok, pdf, type Api } from '../helpers/server-api';
import { startApp, type RunningApp } from './app';
import { pdfPagePng, pdfText } from '../proposal/helpers';
import { SCREENSHOTS, screenshot } from './browser';
import { addConnection, addCustom, addSection, newQuote, openQuotes, syncNow } from './flows';

const INTRO = 'Thank you for choosing Northwind IT.';
const TERMS = 'Prices exclude VAT. Valid for 14 days.';

let app: RunningApp;
let api: Api;

beforeAll(async () => {
  app = await startApp();
  // The partner's preferences are on the server before this computer ever connects.
  api = await login(app.server().baseUrl, app.server().ca, DEMO.ada);
  const saved = await api.put('/v2/quote-preferences', {
    daysToExpire: 14,
    introMessage: INTRO,
    termsAndDisclaimers: TERMS,
  });
  expect(saved.status, saved.text).toBe(201);
  const lib = await api.call('POST', '/v2/quote-attachments', {
    form: files('attachments', [{ name: 'terms-sheet.pdf', data: pdf('terms-sheet') }]),
  });
  expect(lib.status, lib.text).toBe(201);
  const added = await api.post('/v2/quote-preferences/attachments', {
    attachments: [(lib.json as { id: string }[])[0]!.id],
  });
  expect(added.status, added.text).toBe(201);
  await addConnection(app.page, {
    name: 'Test server',
    baseUrl: app.server().baseUrl,
    clientId: DEMO.ada.clientId,
    secret: DEMO.ada.secret,
    caFile: app.server().caFile,
  });
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, `failed-salesperson-${ctx.task.id}`, true).catch(() => {});
});

afterAll(async () => {
  await api?.close();
  await app?.close();
});

/** The open quote's reference code once it has synced. */
async function syncedReference(): Promise<string> {
  const { page } = app;
  await syncNow(page);
  const title = page.locator('.editor-title .mono');
  await expect.poll(() => title.textContent(), { timeout: 60_000, interval: 300 }).toMatch(/^Q-/);
  await expect
    .poll(() => page.locator('.editor-title .sync-badge').textContent(), { timeout: 60_000 })
    .toContain('Synced');
  return (await title.textContent())!;
}

async function serverQuote(reference: string) {
  const list = ok(
    await api.get(`/v2/quotes?search=${encodeURIComponent(reference)}`),
    200,
    ListResponse,
  );
  expect(list.content.map((q) => q.referenceCode)).toEqual([reference]);
  return ok(await api.get(`/v2/quotes/${list.content[0]!.id}`), 200, QuoteResponse);
}

describe('a new salesperson', () => {
  let reference = '';

  it('gets the partner intro, terms and default attachment on the first quote, and it syncs', async () => {
    const { page } = app;
    await newQuote(page, 'Acme Dental Group');
    await expect.poll(() => page.getByLabel('Introduction').inputValue()).toBe(INTRO);
    expect(await page.getByLabel('Terms and disclaimers').inputValue()).toBe(TERMS);
    const attachments = page.getByRole('list', { name: 'Attachments' });
    await attachments.getByText('terms-sheet.pdf').waitFor();

    reference = await syncedReference();
    expect(await page.getByText(/Sync error/).count()).toBe(0);
    const quote = await serverQuote(reference);
    expect(quote.attachments.map((a) => a.name)).toEqual(['terms-sheet.pdf']);
    expect(quote.introMessage).toBe(INTRO);
    await screenshot(page, 'salesperson-defaults', true);
  }, 180_000);

  it('sees a one-time Custom line as price × quantity while editing it, and the server agrees', async () => {
    const { page } = app;
    await addSection(page, 'Services');
    await addCustom(page, 'Services', {
      name: 'Onsite Network Audit',
      sku: 'SVC-AUDIT',
      billingTerm: 'One-Time',
      quantity: '2',
      cost: '400',
      price: '650',
    });
    const row = page.locator('[data-item="Onsite Network Audit"]');
    await expect.poll(() => row.getByTestId('line-total').textContent()).toContain('$1,300.00');
    await page.getByLabel('Quantity of Onsite Network Audit').fill('3');
    await page.getByLabel('Unit price of Onsite Network Audit').fill('700');
    await expect.poll(() => row.getByTestId('line-total').textContent()).toContain('$2,100.00');
    expect(await page.getByTestId('initial-total').textContent()).toBe('$2,100.00');
    await page.getByLabel('Unit price of Onsite Network Audit').press('Tab');

    // A recurring Custom item's setup fee is its own labelled field.
    await addCustom(page, 'Services', {
      name: 'Managed Backup',
      sku: 'SVC-BACKUP',
      billingTerm: 'Monthly',
      quantity: '1',
      cost: '40',
      price: '80',
    });
    expect(await page.getByLabel('Setup fee of Onsite Network Audit').count()).toBe(0);
    const fee = page.getByLabel('Setup fee of Managed Backup');
    await fee.fill('150');
    await fee.press('Tab');
    await expect
      .poll(() =>
        page.locator('[data-item="Managed Backup"]').getByTestId('line-total').textContent(),
      )
      .toContain('$150.00 setup fee');
    expect(await page.getByTestId('initial-total').textContent()).toBe('$2,250.00');

    await syncedReference();
    const quote = await serverQuote(reference);
    const audit = quote.lineItems.find((l) => l.product.name === 'Onsite Network Audit')!;
    expect([audit.quantity, audit.price.amount, audit.totals.initialTotal.amount]).toEqual([
      3, 700, 2100,
    ]);
    // The totals on screen are the server's, to the cent.
    expect(await page.getByTestId('initial-total').textContent()).toBe('$2,250.00');
    expect(quote.totals.initialTotal.amount).toBe(2250);
    expect(quote.totals.recurringTotal.amount).toBe(80);
    await screenshot(page, 'salesperson-custom-lines', true);
  }, 180_000);

  it('reads recurring money per billing period in the totals, the section, the proposal and the list', async () => {
    const { page } = app;
    await newQuote(page, 'Blue Fjord Logistics');
    await addSection(page, 'Support');
    for (const [name, term, cost, price] of [
      ['Firewall Support', 'Annual', '2790', '3720'],
      ['Helpdesk', 'Monthly', '48', '96'],
      ['Remote Monitoring', 'Monthly', '47.75', '95.50'],
    ] as const) {
      await addCustom(page, 'Support', {
        name,
        sku: '',
        billingTerm: term,
        quantity: '1',
        cost,
        price,
      });
    }
    // The Totals card: total, cost, profit and margin per month and per year, never their sum
    // ($3,911.50, whose "margin" 26.22 % would be neither period's).
    const totals = page.getByTestId('totals');
    const cell = async (group: string, row: string) =>
      (await totals
        .getByRole('rowgroup', { name: group })
        .getByRole('row', { name: new RegExp(`^${row}`) })
        .getByRole('cell')
        .textContent())!;
    expect(await cell('Per month', 'Total')).toBe('$191.50');
    expect(await cell('Per month', 'Cost')).toBe('$95.75');
    expect(await cell('Per month', 'Profit')).toBe('$95.75');
    expect(await cell('Per month', 'Margin')).toBe('50%');
    expect(await cell('Per year', 'Total')).toBe('$3,720.00');
    expect(await cell('Per year', 'Cost')).toBe('$2,790.00');
    expect(await cell('Per year', 'Margin')).toBe('25%');
    expect(await totals.textContent()).not.toContain('3,911.50');
    // Looked at by a person: the card (and the list below) at 1280×800.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByRole('region', { name: 'Totals' })
      .screenshot({ path: `${SCREENSHOTS}/totals-card-periods.png` });
    await page.setViewportSize(viewport);
    const subtotal = page
      .getByRole('table', { name: 'Items in Support' })
      .getByTestId('section-subtotal');
    expect(await subtotal.textContent()).toBe('$191.50/mo$3,720.00/yr');
    const ref = await syncedReference();
    const quote = await serverQuote(ref);
    expect(quote.totals.recurringTotal.amount).toBe(3911.5); // the API's own sum, unchanged
    await screenshot(page, 'salesperson-periods', true);

    // The proposal the client holds: a recurring total per month and one per year.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download proposal' }).click(),
    ]);
    const bytes = fs.readFileSync(await download.path());
    const text = pdfText(bytes);
    expect(text).toMatch(/Recurring total per month\s+\$191\.50/);
    expect(text).toMatch(/Recurring total per year\s+\$3,720\.00/);
    expect(text).not.toContain('3,911.50');
    pdfPagePng(bytes, 1, SCREENSHOTS, 'proposal-periods-page-1');

    // The list: each period on its own line, no mixed headline.
    await openQuotes(page);
    const row = page.getByRole('row', { name: new RegExp(ref) });
    await expect
      .poll(() => row.getByTestId('recurring-periods').textContent(), { timeout: 30_000 })
      .toBe('$191.50/mo$3,720.00/yr');
    expect(await row.textContent()).not.toContain('3,911.50');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'salesperson-list-periods');
    await page.setViewportSize(viewport);
  }, 180_000);

  it('undoes a delete and gets the same quote back, the server never having lost it', async () => {
    const { page } = app;
    await openQuotes(page);
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.getByRole('button', { name: `Delete ${reference}` }).click();
    const notice = page.getByText(`Deleted ${reference}`);
    await notice.waitFor();
    await expect.poll(() => row.count()).toBe(0);
    // A sync while the notice is up does not send the delete.
    await syncNow(page);
    const held = await api.get(`/v2/quotes/${(await serverQuote(reference)).id}`);
    expect(held.status).toBe(200);
    await screenshot(page, 'salesperson-deleted');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`Restored ${reference}`).waitFor();
    await row.waitFor();
    await syncNow(page);
    await expect
      .poll(() => row.locator('.sync-badge').textContent(), { timeout: 60_000 })
      .toContain('Synced');
    expect((await serverQuote(reference)).referenceCode).toBe(reference);
    await screenshot(page, 'salesperson-restored');
    expect(app.problems.errors).toEqual([]);
  }, 180_000);
});

// The quote a client can hold, and the spec operations around it, end to end in Chromium
// against the real core and the real server: the proposal PDF (preview, download read back
// with pdftotext, a page rendered with pdftoppm, attached and on the server after sync),
// recipients with every field, take ownership, a library file replaced, and the pipeline chart.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessListResponse,
  AttachmentResponse,
  ListResponse,
  QuoteResponse,
} from '../../common/api';
import { toCents } from '../../common/money';
import { DEMO, files, login, ok, type Api } from '../helpers/server-api';
import { pdfPagePng, pdfText } from '../proposal/helpers';
import { startApp, type RunningApp } from './app';
import { SCREENSHOTS, drawnPixels, screenshot } from './browser';
import { addCustom, addSection, addStandard, newQuote, openQuotes, syncNow } from './flows';
import { makePdf } from './pdf';

let app: RunningApp;
let ada: Api;
let ben: Api;

beforeAll(async () => {
  app = await startApp({ connect: true });
  ada = await login(app.server().baseUrl, app.server().ca);
  ben = await ada.as(DEMO.ben);
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, `failed-proposal-${ctx.task.name.slice(0, 30)}`).catch(() => {});
});

afterAll(async () => {
  await ada?.close(); // Ben's client shares its connection pool
  await app?.close();
});

async function waitSynced() {
  const { page } = app;
  await syncNow(page);
  await expect
    .poll(() => page.locator('.editor-title .sync-badge').textContent(), {
      timeout: 90_000,
      interval: 500,
    })
    .toContain('Synced');
}

async function serverQuoteByRef(ref: string) {
  const list = ok(
    await ada.get(`/v2/quotes?account=partner&search=${encodeURIComponent(ref)}`),
    200,
    ListResponse,
  );
  expect(list.content.map((q) => q.referenceCode)).toEqual([ref]);
  return ok(await ada.get(`/v2/quotes/${list.content[0]!.id}`), 200, QuoteResponse);
}

describe('the proposal PDF and the spec operations in the app', () => {
  it('previews, downloads and attaches the proposal; recipients keep type, name and role', async () => {
    const { page } = app;
    await newQuote(page, 'Cedar & Pine Law LLP');
    await addSection(page, 'Licences');
    await addStandard(page, 'Licences', {
      product: 'Microsoft 365 Business Premium',
      search: 'Business Prem',
      quantity: '10',
      price: '24.5',
    });
    await addCustom(page, 'Licences', {
      name: 'Onsite setup',
      sku: 'SVC-ONSITE',
      billingTerm: 'One-Time',
      quantity: '2',
      cost: '150',
      price: '300',
    });

    // A recipient with every field the spec allows.
    const form = page.getByRole('form', { name: 'Add recipient' });
    await form.getByLabel('Recipient e-mail').fill('it.lead@cedarpine.example');
    await form.getByLabel('Account type').selectOption('guest');
    await form.getByLabel('Name (optional)').fill('Zoë Ångström');
    await form.getByLabel('Role (optional)').fill('IT manager');
    await form.getByRole('button', { name: 'Add recipient' }).click();
    const recipients = page.getByRole('list', { name: 'Recipients' });
    await recipients.getByText('it.lead@cedarpine.example').waitFor();
    expect(await recipients.textContent()).toMatch(/Zoë Ångström · IT manager · Guest/);

    await waitSynced();
    // The reference code is read with the quote after the round; the badge is told at once.
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toMatch(/^Q-/);
    const ref = (await title.textContent())!;
    const initial = (await page.getByTestId('initial-total').textContent())!;
    const recurring = (await page.getByTestId('recurring-total-monthly').textContent())!;
    expect([initial, recurring]).toEqual(['$600.00', '$245.00']);

    // Preview: the app's PDF viewer shows page 1 of the proposal.
    await page.getByRole('button', { name: 'Preview proposal' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Proposal' });
    await preview.locator('canvas[data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await preview.getByTestId('pdf-page').textContent()).toBe('Page 1 of 1');
    expect(await drawnPixels(page, '[data-testid="pdf-canvas"]')).toBeGreaterThan(10_000);
    await screenshot(page, 'proposal-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Save (browser mode: the download): the file has the reference, every line, the totals.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download proposal' }).click(),
    ]);
    const fileName = `Proposal ${ref} Cedar & Pine Law LLP.pdf`;
    expect(download.suggestedFilename()).toBe(fileName);
    const bytes = fs.readFileSync(await download.path());
    const text = pdfText(bytes);
    expect(text).toContain(ref);
    expect(text).toContain('Cedar & Pine Law LLP');
    expect(text).toMatch(
      /Microsoft 365 Business Premium\s+MST-M365-BP\s+Monthly\s+10\s+\$24\.50\s+\$245\.00/,
    );
    expect(text).toMatch(/Onsite setup\s+SVC-ONSITE\s+One-Time\s+2\s+\$300\.00\s+\$600\.00/);
    expect(text).toMatch(new RegExp(`Initial total \\(one-time\\)\\s+\\${initial}`));
    expect(text).toMatch(new RegExp(`Recurring total per month\\s+\\${recurring}`));
    expect(text).toContain('Page 1 of 1');
    // Page 1 as a picture, kept beside the screenshots for a person to look at.
    const png = pdfPagePng(bytes, 1, SCREENSHOTS, 'proposal-page-1');
    expect(fs.readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');

    // Attach in one click: it is an attachment like any other and reaches the server.
    await page.getByRole('button', { name: 'Attach to quote' }).click();
    await page.locator(`[data-attachment="${fileName}"]`).waitFor({ timeout: 30_000 });
    await waitSynced();
    const quote = await serverQuoteByRef(ref);
    const att = quote.attachments.find((a) => a.name === fileName);
    expect(att).toBeDefined();
    const held = await ada.get(`/v2/quotes/${quote.id}/attachments/${att!.id}?download=true`);
    expect(held.status).toBe(200);
    const heldText = pdfText(held.body);
    expect(heldText).toContain(ref);
    expect(heldText).toContain('Onsite setup');

    const access = ok(
      await ada.get(`/v2/quotes/${quote.id}/access-list`),
      200,
      AccessListResponse,
    ).accessList;
    expect(access.map((e) => [e.email, e.accountType, e.accountName, e.accountRole])).toEqual([
      ['it.lead@cedarpine.example', 'guest', 'Zoë Ångström', 'IT manager'],
    ]);
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it("takes ownership of a colleague's quote through the UI; the server has it after sync", async () => {
    const { page } = app;
    const q = ok(
      await ben.post('/v2/quotes', { clientId: DEMO.clients.delta }),
      201,
      QuoteResponse,
    );
    const benName = q.ownedBy!.fullName;
    await openQuotes(page);
    await syncNow(page);
    const search = page.getByRole('searchbox', { name: 'Search quotes' });
    await search.fill(q.referenceCode);
    const row = page.locator('.list-row', { hasText: q.referenceCode });
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    const owner = page.getByTestId('quote-owner');
    await expect.poll(() => owner.textContent()).toContain(benName);
    await owner.getByRole('button', { name: 'Take ownership' }).click();
    await expect.poll(() => owner.textContent()).toContain('(you)');
    expect(await owner.getByRole('button', { name: 'Take ownership' }).count()).toBe(0);
    await waitSynced();
    const after = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(after.ownedBy!.fullName).not.toBe(benName);
    expect(after.ownedBy!.email).toBe('ada.stone@northwind.example');
    // The owner row, not the toasts over it, in the picture.
    while (await page.getByRole('button', { name: 'Dismiss' }).count())
      await page.getByRole('button', { name: 'Dismiss' }).first().click();
    await owner.scrollIntoViewIfNeeded();
    await screenshot(page, 'take-ownership');

    // Asking again is refused plainly, with the spec's code.
    const again = await app.core.dispatch(
      'quotes.takeOwnership',
      { quoteId: await currentQuoteId() },
      { via: 'test' },
    );
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.message).toBe('You already own this quote.');
      expect(again.error.apiCode).toBe('QUOTE_ALREADY_OWNED');
    }
  }, 240_000);

  it('replaces a library file through the UI, keeping its name and place; the server serves the new bytes', async () => {
    const { page } = app;
    const first = makePdf('Price list 2025', 1);
    const [added] = ok(
      await ada.post('/v2/quote-attachments', undefined, {
        form: files('attachments', [{ name: 'Price list.pdf', data: first }]),
      }),
      201,
      AttachmentResponse.array(),
    );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Library' })
      .click();
    const item = page
      .getByRole('list', { name: 'Library attachments' })
      .getByRole('listitem')
      .filter({ hasText: 'Price list.pdf' });
    await item.waitFor({ timeout: 30_000 });
    const next = makePdf('Price list 2026 with new rates', 2);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      item.getByRole('button', { name: 'Replace file of Price list.pdf' }).click(),
    ]);
    await chooser.setFiles({ name: 'new-prices.pdf', mimeType: 'application/pdf', buffer: next });
    await page.getByText('Price list.pdf now has the new file.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'library-replaced');

    const held = await ada.get(`/v2/quote-attachments/${added!.id}?download=true`);
    expect(held.status).toBe(200);
    expect(Buffer.compare(held.body, next)).toBe(0);
    const meta = ok(await ada.get(`/v2/quote-attachments/${added!.id}`), 200, AttachmentResponse);
    expect([meta.name, meta.order]).toEqual(['Price list.pdf', added!.order]);
    expect(meta.replacedOn).toBeDefined();

    // The preview in the app shows the new file (2 pages now), not a stale local copy.
    await item.getByRole('button', { name: 'Preview Price list.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: /Preview: Price list.pdf/ });
    await dialog.locator('canvas[data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('pdf-page').textContent()).toBe('Page 1 of 2');
    await page.keyboard.press('Escape');
  }, 240_000);

  it("shows the pipeline by status: the chart's values are the sums of the listed quotes, and a bar filters the list", async () => {
    const { page } = app;
    // A colleague's quote that was sent: the pipeline has more than one status.
    const sent = ok(
      await ben.post('/v2/quotes', { clientId: DEMO.clients.blueFjord }),
      201,
      QuoteResponse,
    );
    ok(
      await ben.post(`/v2/quotes/${sent.id}/line-items`, [
        {
          type: 'Standard',
          productId: DEMO.products.server,
          billingTerm: 'One-Time',
          quantity: 2,
          price: 1999.99,
          effectiveDate: new Date().toISOString(),
        },
      ]),
      201,
      z.array(z.unknown()),
    );
    ok(
      await ben.put(`/v2/quotes/${sent.id}`, {
        expiresOn: sent.expiresOn,
        introMessage: '',
        termsAndDisclaimers: '',
        status: 'sent',
        published: true,
      }),
      200,
      QuoteResponse,
    );
    await openQuotes(page);
    await syncNow(page);
    await expect
      .poll(
        async () => {
          const r = await app.core.dispatch(
            'quotes.list',
            { account: 'partner', search: sent.referenceCode },
            { via: 'test' },
          );
          return r.ok ? (r.value as { content: { status: string }[] }).content[0]?.status : null;
        },
        { timeout: 60_000 },
      )
      .toBe('sent');
    await page.getByRole('searchbox', { name: 'Search quotes' }).fill('');
    const table = page.getByTestId('pipeline-table');
    await table.waitFor({ state: 'attached', timeout: 30_000 });

    // What the list lists, every page of it, summed per status in cents.
    const sums = new Map<string, { initial: number; monthly: number; n: number }>();
    for (let p = 0; ; p++) {
      const r = await app.core.dispatch(
        'quotes.list',
        { account: 'partner', page: p, limit: 100 },
        { via: 'test' },
      );
      if (!r.ok) throw new Error(r.error.message);
      const v = r.value as {
        content: {
          status: string;
          totals: { initialTotal: { amount: number } };
          recurringByPeriod?: { monthly?: number };
        }[];
        page: { totalPages: number };
      };
      for (const q of v.content) {
        const s = sums.get(q.status) ?? { initial: 0, monthly: 0, n: 0 };
        s.initial += toCents(q.totals.initialTotal.amount);
        s.monthly += toCents(q.recurringByPeriod?.monthly ?? 0);
        s.n++;
        sums.set(q.status, s);
      }
      if (p + 1 >= v.page.totalPages) break;
    }
    expect(sums.size).toBeGreaterThan(1);
    const usd = (c: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(c / 100);
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(sums.size);
    for (const [status, s] of sums) {
      expect(await page.getByTestId(`pipeline-initial-${status}`).textContent()).toBe(
        usd(s.initial),
      );
      // Every recurring line here is monthly: the pipeline's recurring money is per month.
      expect(await page.getByTestId(`pipeline-recurring-monthly-${status}`).textContent()).toBe(
        usd(s.monthly),
      );
    }
    await screenshot(page, 'pipeline-chart');

    // A bar is a filter: the list then shows exactly that status's quotes.
    const draft = sums.get('draft')!;
    await page.locator('.pipeline-bar[data-status="draft"]').click();
    await expect
      .poll(() => page.getByTestId('result-count').textContent(), { timeout: 30_000 })
      .toBe(`${draft.n} ${draft.n === 1 ? 'quote' : 'quotes'}`);
    expect(
      await page.locator('.pipeline-bar[data-status="draft"]').getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Show as table' }).click();
    await screenshot(page, 'pipeline-table');
    expect(app.problems.errors).toEqual([]);
  }, 240_000);
});

/** The id of the quote open in the editor, read from the app's own answer for it. */
async function currentQuoteId(): Promise<string> {
  const ref = (await app.page.locator('.editor-title .mono').textContent())!;
  const r = await app.core.dispatch(
    'quotes.list',
    { account: 'partner', search: ref },
    { via: 'test' },
  );
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { content: { id: string }[] }).content[0]!.id;
}

// A salesperson builds a quote with no connection, with all three kinds of line item in two
// sections, sees the right totals at once, and the quote reaches the server when the
// connection is back. Real server, real core, real SQLite, real Chromium.
import { describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse, SectionsResponse } from '../../common/api';
import { quoteTotals } from '../../common/money';
import { login, ok } from '../helpers/server-api';
import { appForFile, type RunningApp } from './app';
import { screenshot } from './browser';
import {
  addCustom,
  addSection,
  addStandard,
  addUsageBased,
  connectionText,
  newQuote,
  syncNow,
} from './flows';

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

let app: RunningApp;
appForFile('offline-quote', { connect: true }, (started) => (app = started));

describe('a quote built offline', () => {
  it('has all three kinds of items in two sections, right totals on screen, and reaches the server after sync', async () => {
    const { page } = app;

    // The salesperson has used the connection before: the app's offline copy of the catalogue
    // is complete (the pickers wait for it the same way) when the connection drops.
    const copied = await app.core.dispatch('catalogue.commitmentTerms', undefined, { via: 'test' });
    expect(copied.ok).toBe(true);
    // The connection drops: the server goes away.
    await app.stopServer();
    await syncNow(page);
    await expect.poll(() => connectionText(page), { timeout: 30_000 }).toContain('Offline');

    await newQuote(page, 'Acme Dental Group');
    await addSection(page, 'Licences');
    await addSection(page, 'Services');
    // Catalogue cost 19.80 (cached); the price is the salesperson's.
    await addStandard(page, 'Licences', {
      product: 'Microsoft 365 Business Premium',
      search: 'Business Prem',
      quantity: '10',
      price: '24.5',
    });
    await addUsageBased(page, 'Licences', {
      product: 'Acronis Cloud Storage per GB',
      search: 'Storage',
      quantity: '500',
      cost: '0.04',
      price: '0.0625',
    });

    // The spec's name rule is enforced at the field before anything is sent.
    await page.getByRole('button', { name: 'Add item to Services' }).click();
    await page.getByRole('tab', { name: 'Custom item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add line item' });
    await dialog.getByLabel('Name').fill('Onsite setup!');
    await dialog.getByLabel('Unit price').fill('300');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toContain('Name may contain only letters, digits and spaces');
    await page.keyboard.press('Escape');

    await addCustom(page, 'Services', {
      name: 'Onsite setup',
      sku: 'SVC-ONSITE',
      billingTerm: 'One-Time',
      quantity: '2',
      cost: '150',
      price: '300',
    });

    const expected = quoteTotals(
      [
        { kind: 'Standard', billingTerm: 'Monthly', price: 24.5, unitCost: 19.8, quantity: 10 },
        {
          kind: 'UsageBased',
          billingTerm: 'Monthly',
          price: 0.0625,
          unitCost: 0.04,
          quantity: 500,
        },
        {
          kind: 'Custom',
          billingTerm: 'One-Time',
          price: 300,
          unitCost: 150,
          quantity: 2,
          initialTotal: 600,
        },
      ],
      'USD',
    );
    const text = (id: string) => page.getByTestId(id).textContent();
    expect(await text('recurring-total-monthly')).toBe(usd(expected.recurringTotal.amount)); // $276.25
    expect(await text('recurring-cost-monthly')).toBe(usd(expected.recurringCost.amount)); // $218.00
    expect(await text('recurring-profit-monthly')).toBe(usd(expected.recurringProfit.amount));
    expect(await text('initial-total')).toBe(usd(expected.initialTotal.amount)); // $600.00
    expect(await text('initial-profit')).toBe(usd(expected.initialProfit.amount));
    expect(await text('initial-margin')).toBe('50%');
    expect(await text('recurring-total-monthly')).toBe('$276.25');

    // Typing a new quantity moves the totals at once, before anything is saved.
    const qty = page.getByLabel('Quantity of Microsoft 365 Business Premium');
    await qty.fill('12');
    expect(await text('recurring-total-monthly')).toBe('$325.25');
    await qty.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await screenshot(page, 'editor-offline', true);

    // Back online: the server returns and the quote syncs.
    await app.startServerAgain();
    await syncNow(page);
    await expect.poll(() => connectionText(page), { timeout: 60_000 }).toContain('Online');
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 500 }).toMatch(/^Q-/);
    await expect
      .poll(() => page.locator('.editor-title .sync-badge').textContent(), { timeout: 60_000 })
      .toContain('Synced');
    const ref = (await title.textContent())!;

    const api = await login(app.server().baseUrl, app.server().ca);
    try {
      const list = ok(
        await api.get(`/v2/quotes?search=${encodeURIComponent(ref)}`),
        200,
        ListResponse,
      );
      expect(list.content.map((q) => q.referenceCode)).toEqual([ref]);
      const id = list.content[0]!.id;
      const quote = ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse);
      const items = quote.lineItems;
      expect(items.map((i) => i.product.name).sort()).toEqual([
        'Acronis Cloud Storage per GB',
        'Microsoft 365 Business Premium',
        'Onsite setup',
      ]);
      expect(quote.totals.recurringTotal.amount).toBe(325.25);
      expect(quote.totals.initialTotal.amount).toBe(600);
      const sections = ok(
        await api.get(`/v2/quotes/${id}/sections`),
        200,
        SectionsResponse,
      ).sections;
      const byName = Object.fromEntries(
        sections.map((s) => [
          s.name,
          s.lineItems.map((li) => items.find((i) => i.id === li.lineItemId)?.product.name).sort(),
        ]),
      );
      expect(byName).toEqual({
        Licences: ['Acronis Cloud Storage per GB', 'Microsoft 365 Business Premium'],
        Services: ['Onsite setup'],
      });
    } finally {
      await api.close();
    }
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

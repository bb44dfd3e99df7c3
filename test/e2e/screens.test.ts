// Every main screen, used the way a salesperson would with mouse and keyboard, with
// screenshots in light and dark kept under test-results/screenshots/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, type RunningApp } from './app';
import { screenshot } from './browser';
import { addCustom, addSection, addStandard, newQuote, openQuotes, syncNow } from './flows';
import { makePdf } from './pdf';

let app: RunningApp;
appForFile('screens', { connect: true }, (started) => (app = started));

async function both(page: Page, name: string, full = false) {
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, `${name}-light`, full);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `${name}-dark`, full);
  await page.emulateMedia({ colorScheme: 'light' });
}

const sectionOf = (page: Page, item: string) =>
  page
    .locator(`[data-item="${item}"]`)
    .evaluate((tr) => tr.closest('[data-section]')?.getAttribute('data-section'));

describe('the main screens', () => {
  it('editor: sections, moving items by keyboard and by drag and drop, undo and redo, sharing', async () => {
    const { page } = app;
    await newQuote(page, 'Acme Dental Group');
    await addSection(page, 'Licences');
    await addSection(page, 'Services');
    await addStandard(page, 'Licences', {
      product: 'Microsoft 365 Business Premium',
      search: 'Business Prem',
      quantity: '25',
      price: '24.75',
    });
    await addCustom(page, 'Licences', {
      name: 'Onboarding workshop',
      sku: 'SVC-ONB',
      billingTerm: 'One-Time',
      quantity: '1',
      cost: '600',
      price: '1500',
    });

    // Keyboard: Alt+Down on the handle moves the workshop past the end of Licences into Services.
    await page.getByRole('button', { name: /^Move Onboarding workshop/ }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => sectionOf(page, 'Onboarding workshop')).toBe('Services');
    // Drag and drop: back into Licences, onto the first row.
    await page
      .getByRole('button', { name: /^Move Onboarding workshop/ })
      .dragTo(
        page.locator('[data-section="Licences"] [data-item="Microsoft 365 Business Premium"]'),
      );
    await expect.poll(() => sectionOf(page, 'Onboarding workshop')).toBe('Licences');
    // Undo and redo with the keyboard, outside a text field.
    await page.getByRole('heading', { name: 'Line items' }).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => sectionOf(page, 'Onboarding workshop')).toBe('Services');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => sectionOf(page, 'Onboarding workshop')).toBe('Licences');

    // Sections can be renamed and reordered.
    await page.locator('[data-section="Services"]').getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Section name').fill('Professional services');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-section="Professional services"]').waitFor();
    await page.getByRole('button', { name: 'Move section Professional services up' }).click();
    await expect
      .poll(() =>
        page
          .locator('[data-section]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-section'))),
      )
      .toEqual(['Professional services', 'Licences']);

    // A price that is not a number is shown at the field; totals keep the last good value.
    const price = page.getByLabel('Unit price of Microsoft 365 Business Premium');
    await price.fill('24,7x');
    await expect.poll(() => page.getByText('Price must be a number').count()).toBe(1);
    await price.fill('24.75');
    await price.press('Enter');

    await page.getByLabel('Recipient e-mail').fill('jane@acmedental.example, not-an-address');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByText('“not-an-address” is not an e-mail address').waitFor();
    await page.getByLabel('Recipient e-mail').fill('jane@acmedental.example');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByText('jane@acmedental.example').waitFor();

    await page.getByTestId('attachment-file-input').setInputFiles({
      name: 'Service description.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Service description', 1),
    });
    await page.locator('[data-attachment="Service description.pdf"]').waitFor();

    await syncNow(page);
    await page
      .getByRole('button', { name: 'Copy link for jane@acmedental.example' })
      .waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Copy link for jane@acmedental.example' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(/^https?:\/\//);
    await both(page, 'editor', true);

    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Add line item' })
      .getByRole('combobox', { name: 'Product' })
      .fill('Sentinel');
    await page.getByRole('option', { name: /SentinelOne Control/ }).click();
    await page.getByText('Add-ons added together with this product').waitFor();
    const addDialog = page.getByRole('dialog', { name: 'Add line item' });
    await expect.poll(() => addDialog.getByLabel('Unit price').inputValue()).toBe('3.50');
    expect(await addDialog.getByRole('alert').count()).toBe(0);
    await addDialog.getByLabel(/SentinelOne Vigilance MDR Add-on/).check();
    await both(page, 'add-item');
    // The add-on goes in the same request as its parent and is shown under it.
    await addDialog.getByRole('button', { name: 'Add 2 items' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page
          .locator('[data-item="SentinelOne Vigilance MDR Add-on"] .item-meta')
          .first()
          .textContent(),
      )
      .toContain('add-on of SentinelOne Control');
    await expect
      .poll(() => page.getByTestId('item-limit').textContent())
      .toContain('4 of 30 items');

    // Publishing needs the server; then only the transitions the API allows from "sent" are offered.
    await syncNow(page);
    await page.getByRole('button', { name: 'Publish to client' }).click();
    await page
      .getByRole('dialog', { name: 'Publish to the client?' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click();
    await expect
      .poll(() => page.locator('.editor-title .status').textContent(), { timeout: 90_000 })
      .toBe('Sent');
    await page.getByRole('note').filter({ hasText: 'can no longer change' }).waitFor();
    const choices = await page.getByLabel('Change status to').locator('option').allTextContents();
    expect(choices.slice(1).sort()).toEqual([
      'Accepted',
      'Changes requested',
      'Closed',
      'Declined',
      'Draft',
    ]);
    await both(page, 'editor-sent');
    await page.getByLabel('Change status to').selectOption('draft');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.editor-title .status').textContent()).toBe('Draft');
    expect(await page.getByRole('button', { name: 'Add item', exact: true }).isEnabled()).toBe(
      true,
    );
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it('list: new quote, duplicate, delete with undo', async () => {
    const { page } = app;
    // A quote of one line item is said to hold "1 item", as a person would say it.
    await newQuote(page, 'Cedar & Pine Law LLP');
    await addCustom(page, 'Not in a section', {
      name: 'Contract review',
      sku: 'SVC-REV',
      billingTerm: 'One-Time',
      quantity: '1',
      cost: '300',
      price: '450',
    });
    await openQuotes(page);
    const cedar = page.locator('[data-quote-id]').filter({ hasText: 'Cedar & Pine Law LLP' });
    await expect
      .poll(() => cedar.first().getByRole('gridcell').first().textContent())
      .toMatch(/1 item$/);
    expect(await cedar.first().textContent()).not.toContain('1 items');

    await page.getByRole('button', { name: 'New quote' }).click();
    await page.getByRole('combobox', { name: 'Client' }).fill('Ce');
    await expect
      .poll(async () =>
        (await page.getByRole('option').allTextContents()).map((t) => t.startsWith('Cedar')),
      )
      .toEqual([true]);
    await both(page, 'new-quote');
    // The first Escape clears the picker and closes its list; the second closes the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'New quote' }).waitFor({ state: 'detached' });

    const rows = page.locator('[data-quote-id]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const before = await page.getByTestId('result-count').textContent();
    await rows
      .first()
      .getByRole('button', { name: /^Duplicate/ })
      .click();
    await expect.poll(() => page.getByTestId('result-count').textContent()).not.toBe(before);
    const afterDup = await page.getByTestId('result-count').textContent();
    await page.getByRole('grid', { name: /Quotes/ }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(before);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(afterDup);
    await both(page, 'quote-list');
  }, 120_000);

  it('library, preferences, settings and conflicts', async () => {
    const { page } = app;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Library' }).click();
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Company profile.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Company profile', 1),
    });
    await page.getByText('Company profile.pdf').waitFor({ timeout: 30_000 });
    await both(page, 'library');

    // A library document copied into a quote.
    await openQuotes(page);
    await page.locator('[data-quote-id]').first().click();
    await page.getByRole('button', { name: 'From library' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from library' });
    await picker.getByLabel(/Company profile.pdf/).check();
    await picker.getByRole('button', { name: /^Add/ }).click();
    await page.locator('[data-attachment="Company profile.pdf"]').waitFor({ timeout: 30_000 });

    await nav.getByRole('button', { name: 'Preferences' }).click();
    await page.getByLabel('Days until a quote expires').fill('45');
    await page.getByLabel('Sales margin (%)').fill('120');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Margin must be a number from 0 up to (not including) 100').waitFor();
    await page.getByLabel('Sales margin (%)').fill('22.5');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Preferences saved').waitFor({ timeout: 30_000 });
    await both(page, 'preferences');

    await nav.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test' }).first().click();
    await page.getByText(/✓/).first().waitFor({ timeout: 30_000 });
    await both(page, 'settings');

    await nav.getByRole('button', { name: 'Conflicts' }).click();
    await page.getByText('No conflicts').waitFor();
    await both(page, 'conflicts-empty');
    expect(app.problems.errors).toEqual([]);
  }, 180_000);
});

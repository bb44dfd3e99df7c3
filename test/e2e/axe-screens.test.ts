// Every screen and dialog of the app, visited one after another and read by axe-core: no
// serious or critical violation anywhere, in light and in dark.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server';
import { appForFile, type RunningApp } from './app';
import { seriousViolations } from './axe';
import { addSection, openQuotes, syncNow } from './flows';
import { makePdf } from './pdf';

let app: RunningApp;
appForFile(
  'axe-screens',
  { connect: true, seed: path.join(REPO_ROOT, 'server/seed/demo.json') },
  (started) => (app = started),
);

/** The violations on the page as it is now, in light and in dark, each named by screen. */
async function read(page: Page, screen: string, found: string[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const v of await seriousViolations(page, app.problems))
      found.push(`${screen} (${scheme}): ${v}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();

describe('accessibility of every screen', () => {
  it('axe finds nothing serious or critical on any screen or dialog', async () => {
    const { page } = app;
    const found: string[] = [];

    // The list, with its chart, then with the chart as a table, then with a delete's notice.
    await openQuotes(page);
    await syncNow(page);
    // The demo's quotes listed (counted by the list, not by the rows the view has drawn).
    const listed = async () =>
      Number((await page.getByTestId('result-count').textContent())?.match(/[\d,]+/)?.[0] ?? 0);
    await expect.poll(listed, { timeout: 90_000 }).toBeGreaterThan(8);
    await page.locator('[data-quote-id]').first().waitFor();
    await read(page, 'list', found);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await read(page, 'list, chart as a table', found);
    await page.getByRole('button', { name: 'Show as chart' }).click();
    await page.getByRole('grid', { name: /Quotes/ }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await read(page, 'list, undo notice', found);
    await page.getByRole('button', { name: 'Undo' }).click();

    // New quote: the picker closed, browsing its list, and a client chosen.
    await page.getByRole('button', { name: 'New quote' }).click();
    const newQuote = page.getByRole('dialog', { name: 'New quote' });
    await read(page, 'new quote', found);
    await newQuote.getByRole('combobox', { name: 'Client' }).fill('Gran');
    await newQuote.getByRole('option', { name: /Granite Peak Schools/ }).waitFor();
    await read(page, 'new quote, list open', found);
    await page.keyboard.press('Enter');
    await newQuote.getByRole('button', { name: 'Change client' }).waitFor();
    await read(page, 'new quote, client chosen', found);
    await newQuote.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Granite Peak Schools', level: 1 }).waitFor();

    // The editor, empty, then with a product, its add-on and sections.
    await read(page, 'editor, new quote', found);
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add line item' });
    await read(page, 'add item', found);
    await add.getByRole('combobox', { name: 'Product' }).fill('Business Premium');
    await add.getByRole('option', { name: /^Microsoft 365 Business Premium/ }).waitFor();
    await read(page, 'add item, product list open', found);
    await add.getByRole('option', { name: /^Microsoft 365 Business Premium/ }).click();
    await add.getByLabel(/Microsoft Teams Phone Standard Add-on/).check();
    await read(page, 'add item, product chosen', found);
    await add.getByRole('tab', { name: 'Usage-based' }).click();
    await read(page, 'add item, usage-based', found);
    await add.getByRole('tab', { name: 'Custom item' }).click();
    await add.getByLabel('Name').waitFor();
    await read(page, 'add item, custom', found);
    await add.getByRole('tab', { name: 'Catalogue product' }).click();
    await add.getByRole('combobox', { name: 'Product' }).fill('Business Premium');
    await add.getByRole('option', { name: /^Microsoft 365 Business Premium/ }).click();
    await add.getByLabel(/Microsoft Teams Phone Standard Add-on/).check();
    await add.getByRole('button', { name: 'Add 2 items' }).click();
    await add.waitFor({ state: 'detached' });
    await addSection(page, 'Licences');
    await addSection(page, 'Extras');
    await page
      .getByLabel('Section of Microsoft 365 Business Premium')
      .selectOption({ label: 'Licences' });
    await page.getByTestId('attachment-file-input').setInputFiles({
      name: 'Service description.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Service description', 1),
    });
    await page.locator('[data-attachment="Service description.pdf"]').waitFor();
    await read(page, 'editor, items in sections', found);

    // The add-on moved alone: the question asked first.
    await page
      .getByLabel('Section of Microsoft Teams Phone Standard Add-on')
      .selectOption({ label: 'Extras' });
    const ask = page.getByRole('dialog', { name: 'Move the add-on away from its product?' });
    await ask.waitFor();
    await read(page, 'move add-on', found);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });

    // Kits: the selection saved as a kit, and a kit about to be added.
    await page.getByRole('checkbox', { name: 'Select Microsoft 365 Business Premium' }).check();
    await page.getByRole('button', { name: 'Save 1 item as kit…' }).click();
    const saveKit = page.getByRole('dialog', { name: 'Save as kit' });
    await saveKit.getByLabel('Kit name').waitFor();
    await read(page, 'save as kit', found);
    await saveKit.getByLabel('Kit name').fill('Office');
    await saveKit.getByRole('button', { name: 'Save kit' }).click();
    await saveKit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add kit…' }).click();
    const addKit = page.getByRole('dialog', { name: 'Add kit' });
    await addKit.getByRole('radio', { name: /Office/ }).check();
    await addKit.getByText(/^Adds 1 line item/).waitFor();
    await read(page, 'add kit', found);
    await addKit.getByRole('button', { name: 'Cancel' }).click();
    await addKit.waitFor({ state: 'detached' });

    // The attachment's preview, and publishing's question.
    await page
      .locator('[data-attachment="Service description.pdf"]')
      .getByRole('button', { name: /Preview/ })
      .click();
    const preview = page.getByRole('dialog', { name: /^Preview/ });
    await preview.waitFor();
    await read(page, 'attachment preview', found);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Publish to client' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish to the client?' });
    await publish.waitFor();
    await read(page, 'publish', found);
    await publish.getByRole('button', { name: 'Cancel' }).click();

    // A quote that is no longer a draft, found as a salesperson finds it (the list draws only
    // the rows in view).
    await openQuotes(page);
    await page.getByRole('searchbox', { name: 'Search quotes' }).fill('Cedar');
    await page
      .locator('[data-quote-id]')
      .filter({ hasText: 'Cedar & Pine Law LLP' })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Cedar & Pine Law LLP', level: 1 }).waitFor();
    await page.getByRole('note').first().waitFor();
    await read(page, 'editor, accepted quote', found);

    // The other screens.
    await nav(page, 'Library');
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Company profile.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Company profile', 1),
    });
    await page.getByText('Company profile.pdf').waitFor({ timeout: 30_000 });
    await read(page, 'library', found);
    await nav(page, 'Kits');
    await page
      .getByRole('list', { name: 'Kits' })
      .getByRole('listitem', { name: 'Office' })
      .waitFor();
    await read(page, 'kits', found);
    await nav(page, 'Preferences');
    await page.getByRole('heading', { name: 'Preferences', level: 1 }).waitFor();
    await read(page, 'preferences', found);
    await nav(page, 'Settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await read(page, 'settings', found);
    await page.getByRole('button', { name: 'Add connection' }).click();
    await page.getByRole('form', { name: 'New connection' }).waitFor();
    await read(page, 'settings, new connection', found);
    await nav(page, 'Conflicts');
    await page.getByText('No conflicts').waitFor();
    await read(page, 'conflicts', found);

    expect(found).toEqual([]);
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

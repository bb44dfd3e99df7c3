// Present mode end to end in Chromium against the real core and server: the partner's logo set
// in Preferences, a quote with a recurring and a one-time line, then the client's screen — what
// it shows (partner, logo, client, intro, sections and prices, totals per period, terms, expiry)
// and what it must never show (the cost, profit and margin the editor shows for the same quote,
// sync state, navigation); keyboard only in and out; axe in light and dark; screenshots at
// 1280×800; and the logo printed on the proposal PDF.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bandPng } from '../helpers/png';
import { pdfImages, pdfPagePng } from '../proposal/helpers';
import { appForFile, type RunningApp } from './app';
import { axeBothSchemes } from './desk-flows';
import { SCREENSHOTS, screenshot } from './browser';
import { addCustom, addSection, addStandard, newQuote } from './flows';

let app: RunningApp;
appForFile('present', { connect: true }, (started) => (app = started));

const CLIENT = 'Cedar & Pine Law LLP';

const editorHeading = (page: Page) => page.getByRole('heading', { name: CLIENT, level: 1 });
/** The focused element's tag and text, as the keyboard user is on it. */
const focused = (page: Page) =>
  page.evaluate<string>(
    '(() => { const e = document.activeElement; return e ? e.tagName + " " + e.textContent : ""; })()',
  );
const presentPage = (page: Page) => page.locator('.present');

describe('present mode', () => {
  it("shows the client the quote with the partner's logo, prices and totals per period, and never a cost, profit, margin or sync state", async () => {
    const { page } = app;
    const found: string[] = [];

    // The logo, chosen in Preferences: kept on this computer for this connection.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Preferences' })
      .click();
    await page.getByRole('heading', { name: 'Logo', level: 2 }).waitFor();
    await page.getByTestId('logo-file').setInputFiles({
      name: 'northwind.png',
      mimeType: 'image/png',
      buffer: bandPng(240, 80, [0x1d, 0x4e, 0xd8]),
    });
    await page.getByRole('img', { name: 'Your logo' }).waitFor();
    found.push(...(await axeBothSchemes(app, 'preferences, logo')));
    // A file that is not what it says is refused in words.
    await page.getByTestId('logo-file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is no image at all, only text'),
    });
    await page.getByRole('alert').filter({ hasText: 'not a PNG image' }).waitFor();

    await newQuote(page, CLIENT);
    await page
      .getByLabel('Introduction')
      .fill('Thank you for your time today. Here is our proposal.');
    await page.getByLabel('Terms and disclaimers').fill('Prices exclude sales tax.');
    await page.getByLabel('Terms and disclaimers').blur();
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
      cost: '137.5',
      price: '300',
    });
    // What the salesperson sees of the same quote and the client must not.
    const figure = async (id: string) => (await page.getByTestId(id).textContent())!.trim();
    expect([await figure('initial-total'), await figure('recurring-total-monthly')]).toEqual([
      '$600.00',
      '$245.00',
    ]);
    const hidden = [];
    for (const id of ['initial-cost', 'initial-profit', 'initial-margin'])
      hidden.push(await figure(id));
    for (const id of [
      'recurring-cost-monthly',
      'recurring-profit-monthly',
      'recurring-margin-monthly',
    ])
      hidden.push(await figure(id));
    // The catalogue's cost of the licence and the typed cost of the setup, as the card shows.
    expect(hidden).toEqual(['$275.00', '$325.00', '54.17%', '$198.00', '$47.00', '19.18%']);

    // Into present mode with the editor's button.
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    const present = presentPage(page);
    await present.getByRole('heading', { name: CLIENT, level: 1 }).waitFor();
    await present.getByRole('img', { name: 'Northwind IT Services logo' }).waitFor();
    const text = await page.locator('body').innerText();
    for (const shown of [
      'Northwind IT Services',
      'Thank you for your time today. Here is our proposal.',
      'Licences',
      'Microsoft 365 Business Premium',
      'Onsite setup',
      '$24.50',
      '$300.00',
      'Prices exclude sales tax.',
      'Valid until',
    ])
      expect(text).toContain(shown);
    expect(await page.getByTestId('present-total-initial').textContent()).toBe('$600.00');
    expect(await page.getByTestId('present-total-monthly').textContent()).toBe('$245.00');
    // Never on the client's screen: the figures above, the words, sync state, the app around it.
    for (const f of hidden) expect(text).not.toContain(f);
    expect(text).not.toMatch(/cost|profit|margin|%|sync|conflict/i);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Quotes', exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Totals', exact: true }).count()).toBe(0);

    found.push(...(await axeBothSchemes(app, 'present mode')));
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'present-mode');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'present-mode-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.present').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await screenshot(page, 'present-mode-totals');
    await page.setViewportSize(viewport);

    // Out with "Close presentation": the editor again, with its totals.
    await present.getByRole('button', { name: 'Close presentation' }).click();
    await editorHeading(page).waitFor();
    await page.getByTestId('initial-cost').waitFor();

    // The proposal PDF prints the same logo.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download proposal' }).click(),
    ]);
    const bytes = fs.readFileSync(await download.path());
    expect(pdfImages(bytes)).toEqual([{ page: 1, width: 240, height: 80 }]);
    pdfPagePng(bytes, 1, SCREENSHOTS, 'present-proposal-with-logo');

    expect(found).toEqual([]);
    expect(app.problems.errors).toEqual([]);
  });

  it('is reached and left by keyboard alone: Ctrl+Shift+P, Escape, and the close button by Tab and Enter', async () => {
    const { page } = app;
    await editorHeading(page).waitFor();
    await editorHeading(page).focus();

    await page.keyboard.press('Control+Shift+P');
    const present = presentPage(page);
    const heading = present.getByRole('heading', { name: CLIENT, level: 1 });
    await heading.waitFor();
    // Focus starts at the top of what the client reads.
    await expect.poll(() => focused(page)).toBe(`H1 ${CLIENT}`);
    await page.keyboard.press('Escape');
    await editorHeading(page).waitFor();
    await present.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+Shift+P');
    await heading.waitFor();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe('BUTTON Close presentation');
    await page.keyboard.press('Enter');
    await present.waitFor({ state: 'detached' });
    await editorHeading(page).waitFor();
    expect(app.problems.errors).toEqual([]);
  });
});

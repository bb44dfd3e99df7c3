// What a salesperson touches every day, by keyboard and by visible text: where focus lands,
// the pickers, whose quotes the list shows, the footer, the numbers in fields, publishing; and
// an automated accessibility check (axe-core, injected into the page) of the main screens.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, login } from '../helpers/server-api';
import { appForFile, type RunningApp } from './app';
import { seriousViolations as axeViolations } from './axe';
import { screenshot } from './browser';
import { addCustom, newQuote, openQuotes, syncNow } from './flows';

let app: RunningApp;
appForFile('everyday', { connect: true }, (started) => (app = started));

const seriousViolations = (page: Page) => axeViolations(page, app.problems);

/** What has keyboard focus, as a person would name it. */
const focused = (page: Page) =>
  page.evaluate<string>(
    `(() => { const e = document.activeElement; if (!e || e === document.body) return 'body';
      return e.tagName.toLowerCase() + ':' + (e.getAttribute('aria-label') || e.textContent || '').trim(); })()`,
  );

const rowsNamed = (page: Page, client: string) =>
  page.locator('[data-quote-id]').filter({ hasText: client });

describe('every day in Quotedesk', () => {
  it('keyboard: focus lands where work goes on, the picker follows the ARIA pattern, axe finds nothing serious', async () => {
    const { page } = app;
    await openQuotes(page);
    await page
      .locator('[data-quote-id]')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {});
    expect(await seriousViolations(page)).toEqual([]);

    // New quote by keyboard: the client picker takes focus; its list opens as the user types
    // and the field says whether it is open.
    await page.getByRole('button', { name: 'New quote' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New quote' });
    const client = dialog.getByRole('combobox', { name: 'Client' });
    await expect.poll(() => focused(page)).toBe('input:');
    expect(await client.getAttribute('aria-expanded')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('Ced');
    await expect.poll(() => client.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(async () => (await dialog.getByRole('option').allTextContents()).join('|'))
      .toMatch(/^Cedar & Pine Law LLP/);
    // Escape clears the search and closes the list, and the field says so; the dialog stays.
    await page.keyboard.press('Escape');
    await expect.poll(() => client.getAttribute('aria-expanded')).toBe('false');
    expect(await client.inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'everyday-new-quote-closed-list');
    // Arrows open it again and move through the options; Enter picks, a second Enter creates.
    await page.keyboard.type('Acme');
    await expect.poll(() => dialog.getByRole('option').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        page.evaluate<string>(
          `document.getElementById(document.activeElement.getAttribute('aria-activedescendant') || '')?.textContent ?? ''`,
        ),
      )
      .toMatch(/^Acme Dental Group/);
    await page.keyboard.press('Enter');
    // The pick is shown with a Create button, which has focus: Enter again creates.
    await dialog.getByRole('button', { name: 'Change client' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button:Create');
    await page.keyboard.press('Enter');

    // The quote opens with focus on its title, not on the page body.
    await page.getByRole('heading', { name: 'Acme Dental Group', level: 1 }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1:Acme Dental Group');
    expect(await seriousViolations(page)).toEqual([]);

    // A dialog gives focus back to the control that opened it.
    await page.getByRole('button', { name: 'Add item', exact: true }).focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add line item' });
    await add.waitFor();
    // The kinds are tabs: arrows move between them.
    await add.getByRole('tab', { name: 'Catalogue product' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => add.getByRole('tab', { name: 'Custom item' }).getAttribute('aria-selected'))
      .toBe('true');
    await add.getByLabel('Name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'everyday-add-item-dialog');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Add item');

    // Settings, read by axe too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(app.problems.errors).toEqual([]);
  }, 180_000);

  it('the list: my quotes or the whole team’s, with each quote’s owner', async () => {
    const { page } = app;
    // A colleague's quote, made on the server; one of mine, made here and synced.
    const ben = await login(app.server().baseUrl, app.server().ca, DEMO.ben);
    const made = await ben.call('POST', '/v2/quotes', {
      body: { clientId: DEMO.clients.delta },
    });
    expect(made.status, made.text).toBe(201);
    await newQuote(page, 'Blue Fjord Logistics');
    await syncNow(page);
    await expect
      .poll(() => page.locator('.editor-title .mono').textContent(), { timeout: 90_000 })
      .toMatch(/^Q-/);

    await openQuotes(page);
    await page.getByRole('radio', { name: 'All partner quotes' }).click();
    await syncNow(page);
    const theirs = rowsNamed(page, 'Delta Bakery');
    await expect.poll(() => theirs.count(), { timeout: 90_000 }).toBeGreaterThan(0);
    const header = await page.getByRole('grid').getByRole('columnheader').allTextContents();
    expect(header).toContain('Owner');
    const owner = async (row: ReturnType<typeof rowsNamed>) =>
      row.first().getByRole('gridcell').nth(header.indexOf('Owner')).textContent();
    expect(await owner(theirs)).toBe('Ben Okafor');
    expect(await owner(rowsNamed(page, 'Blue Fjord'))).toBe('Ada Stone');
    await screenshot(page, 'everyday-list-all');

    await page.getByRole('radio', { name: 'My quotes' }).click();
    await expect.poll(() => theirs.count()).toBe(0);
    expect(await rowsNamed(page, 'Blue Fjord').count()).toBeGreaterThan(0);
    expect(await page.getByRole('radio', { name: 'My quotes' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(page, 'everyday-list-mine');
    // The choice stays after the app is opened again.
    await page.reload();
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('radio', { name: 'My quotes' }).getAttribute('aria-checked'))
      .toBe('true');
    await expect.poll(() => rowsNamed(page, 'Blue Fjord').count()).toBeGreaterThan(0);
    expect(await theirs.count()).toBe(0);
    await page.getByRole('radio', { name: 'All partner quotes' }).click();
    await ben.close();
  }, 240_000);

  it('small things: publishing asks first, amounts read and shown one way, the footer tells the truth', async () => {
    const { page } = app;
    // Publishing sends the quote to the client: it is confirmed first, and Cancel sends nothing.
    await openQuotes(page);
    await rowsNamed(page, 'Blue Fjord').first().click();
    await page.getByRole('heading', { name: 'Blue Fjord Logistics', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Publish to client' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish to the client?' });
    await confirm.getByText('Blue Fjord Logistics will be able to see this quote').waitFor();
    await screenshot(page, 'everyday-publish-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.locator('.editor-title .status').textContent()).toBe('Draft');
    await expect.poll(() => focused(page)).toBe('button:Publish to client');

    // A grouped amount is read, and a field shows the cents, as the totals do.
    await addCustom(page, 'Not in a section', {
      name: 'Rack installation',
      sku: 'SVC-RACK',
      billingTerm: 'One-Time',
      quantity: '1',
      cost: '900',
      price: '1,234.50',
    });
    await expect
      .poll(() => page.getByLabel('Unit price of Rack installation').inputValue())
      .toBe('1234.50');
    await expect.poll(() => page.getByTestId('totals').textContent()).toContain('$1,234.50');

    // Paused: an edit is counted as pending at once.
    const pending = async () =>
      Number((await page.getByTestId('pending-count').textContent())?.split(' ')[0]);
    await syncNow(page);
    await expect.poll(pending, { timeout: 90_000 }).toBe(0);
    await page.getByRole('button', { name: 'Pause sync' }).click();
    await page.getByRole('button', { name: 'Resume sync' }).waitFor();
    await page.getByLabel('Quantity of Rack installation').fill('2');
    await page.getByLabel('Quantity of Rack installation').press('Enter');
    await expect.poll(pending).toBe(1);
    await screenshot(page, 'everyday-paused-pending');
    await page.getByRole('button', { name: 'Resume sync' }).click();

    // Offline: no "Syncing…", no "Last sync now".
    await app.stopServer();
    await syncNow(page);
    await expect
      .poll(() => page.getByTestId('connection').textContent(), { timeout: 90_000 })
      .toBe('Offline');
    await expect.poll(() => page.getByRole('button', { name: 'Sync now' }).count()).toBe(1);
    expect(await page.getByTestId('last-sync').textContent()).not.toMatch(/now|seconds? ago/);
    await screenshot(page, 'everyday-offline-footer');
    await app.startServerAgain();

    // Settings: the secret's hint agrees with the keychain banner.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await page.getByRole('button', { name: 'Add connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    const hint = (await form.getByText(/keychain/i).allTextContents()).join(' ');
    // The banner is there only where no keychain is reachable (as in this test's session).
    const noKeychain =
      (await page
        .getByRole('note')
        .filter({ hasText: /no system keychain/ })
        .count()) > 0;
    if (noKeychain) expect(hint).toContain('No system keychain here');
    else expect(hint).toContain('Stored in the system keychain');
    await screenshot(page, 'everyday-settings-secret-hint');
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

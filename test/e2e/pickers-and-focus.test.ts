// The pickers (browse with the mouse, Enter on the only suggestion, no "No matches" option,
// names read with spaces), "New quote" asking before it creates, focus going back to what
// opened a dialog with the mouse, and the delete's Undo notice (stays while hovered, Ctrl+Z,
// never over a row's buttons).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server';
import { appForFile, type RunningApp } from './app';
import { screenshot } from './browser';
import { addSection, openQuotes, syncNow } from './flows';

let app: RunningApp;
// The app's own demo data: quotes in every status, enough rows to fill the list.
appForFile(
  'pickers-and-focus',
  { connect: true, seed: path.join(REPO_ROOT, 'server/seed/demo.json') },
  (started) => (app = started),
);

/** What has keyboard focus, as a person would name it. */
const focused = (page: Page) =>
  page.evaluate<string>(
    `(() => { const e = document.activeElement; if (!e || e === document.body) return 'body';
      return e.tagName.toLowerCase() + ':' + (e.getAttribute('aria-label') || e.textContent || '').trim(); })()`,
  );

const quoteCount = async (page: Page) =>
  Number((await page.getByTestId('result-count').textContent())?.split(' ')[0]?.replace(/,/g, ''));

async function closeBy(page: Page, dialog: Locator, how: 'Cancel' | 'Escape' | '✕') {
  if (how === 'Escape') await page.keyboard.press('Escape');
  else if (how === '✕') await dialog.getByRole('button', { name: 'Close' }).click();
  else await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('pickers, dialogs and the undo notice', () => {
  it('the client picker: browsed with the mouse, Enter picks the only suggestion, Create makes the quote', async () => {
    const { page } = app;
    await openQuotes(page);
    await syncNow(page);
    await expect.poll(() => quoteCount(page), { timeout: 90_000 }).toBeGreaterThan(8);
    const before = await quoteCount(page);

    await page.getByRole('button', { name: 'New quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'New quote' });
    const client = dialog.getByRole('combobox', { name: 'Client' });
    // A click in the field shows the clients without typing anything.
    await client.click();
    await expect.poll(() => client.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => dialog.getByRole('option').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => client.getAttribute('aria-expanded')).toBe('false');
    // So does the field's button.
    await dialog.getByRole('button', { name: /Show suggestions/ }).click();
    await expect.poll(() => dialog.getByRole('option').count()).toBeGreaterThan(1);
    await screenshot(page, 'pickers-client-browse');
    await page.keyboard.press('Escape');

    // Nothing matches: said in words, and not offered as an option.
    await client.fill('zzqx');
    await dialog.getByText('No matches').waitFor();
    expect(await dialog.getByRole('option').count()).toBe(0);
    await client.fill('');

    // The page behind the dialog scrolls while the list is open (the list refreshed by a sync,
    // a notice): the list may close, but what was typed stays, and Enter still takes it.
    await client.fill('Gran');
    await dialog.getByRole('option', { name: /Granite Peak Schools/ }).waitFor();
    await page.evaluate(`document.querySelector('main').dispatchEvent(new Event('scroll'))`);
    await page.keyboard.press('Enter');
    await dialog.getByText('Granite Peak Schools').waitFor();
    await dialog.getByRole('button', { name: 'Change client' }).click();

    // "Cedar" and Enter, the way a person types it: the one suggestion is taken.
    await client.click();
    await page.keyboard.type('Cedar');
    await page.keyboard.press('Enter');
    await dialog.getByText('Cedar & Pine Law LLP').waitFor();
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect.poll(() => focused(page)).toBe('button:Create');
    await screenshot(page, 'pickers-client-chosen');
    // Nothing is made until Create: a wrong pick is changed at no cost.
    expect(await quoteCount(page)).toBe(before);
    await dialog.getByRole('button', { name: 'Change client' }).click();
    await client.fill('Acme');
    await dialog.getByRole('option', { name: /Acme Dental Group/ }).click();
    await create.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Acme Dental Group', level: 1 }).waitFor();
    expect(app.problems.errors).toEqual([]);
  }, 120_000);

  it('the product picker names its options with spaces between their parts', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add line item' });
    const product = dialog.getByRole('combobox', { name: 'Product' });
    await product.fill('Teams Phone');
    await expect
      .poll(() =>
        dialog
          .getByRole('option')
          .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent)),
      )
      .toEqual(['Microsoft Teams Phone Standard Add-on, add-on, MST-TEAMS-PHONE']);
    // And the accessibility tree reads the same name.
    await dialog
      .getByRole('option', {
        name: 'Microsoft Teams Phone Standard Add-on, add-on, MST-TEAMS-PHONE',
      })
      .waitFor();
    await screenshot(page, 'pickers-product');
    // Enter on the only suggestion picks the product.
    await product.fill('');
    await product.click();
    await page.keyboard.type('MST-TEAMS');
    await page.keyboard.press('Enter');
    await dialog.getByText('Microsoft Teams Phone Standard Add-on').first().waitFor();
    await dialog.getByRole('button', { name: 'Change product' }).waitFor();
    await closeBy(page, dialog, 'Cancel');
  }, 120_000);

  it('a dialog opened with the mouse gives focus back to its opener, closed by Cancel, Escape or ✕', async () => {
    const { page } = app;
    await addSection(page, 'Licences');
    for (const how of ['Cancel', 'Escape', '✕'] as const) {
      await page.getByRole('button', { name: 'Add item to Licences' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add line item' });
      await dialog.waitFor();
      await closeBy(page, dialog, how);
      await expect.poll(() => focused(page), { message: how }).toBe('button:Add item to Licences');
    }
    await openQuotes(page);
    for (const how of ['Cancel', 'Escape', '✕'] as const) {
      await page.getByRole('button', { name: 'New quote' }).click();
      const dialog = page.getByRole('dialog', { name: 'New quote' });
      await dialog.waitFor();
      await closeBy(page, dialog, how);
      await expect.poll(() => focused(page), { message: how }).toBe('button:New quote');
    }
  }, 120_000);

  it('the Undo notice stays while hovered, Ctrl+Z undoes the delete, and it never covers row buttons', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openQuotes(page);
    await expect.poll(() => quoteCount(page)).toBeGreaterThan(8);
    const before = await quoteCount(page);
    const grid = page.getByRole('grid', { name: /Quotes/ });

    // Deleted with the keyboard: the notice says Ctrl+Z undoes, in the live region.
    await grid.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Delete');
    await expect.poll(() => quoteCount(page)).toBe(before - 1);
    const status = page.getByRole('status').filter({ hasText: 'Deleted' });
    await expect.poll(() => status.textContent()).toMatch(/Ctrl\+Z undoes/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => quoteCount(page)).toBe(before);

    // Deleted with the mouse from the last row, scrolled into view at the bottom of the list,
    // where a notice over the page would sit: the notice takes room of its own.
    await grid.focus();
    await page.keyboard.press('End');
    const last = grid.locator('[role="row"][aria-selected="true"]');
    await last.getByRole('button', { name: /^Delete / }).click();
    await expect.poll(() => quoteCount(page)).toBe(before - 1);
    const notice = page.getByRole('status').locator('.toast').filter({ hasText: 'Deleted' });
    await notice.waitFor();
    await screenshot(page, 'undo-notice-1280');
    const box = (await notice.boundingBox())!;
    const view = page.viewportSize()!;
    // Not over the screen at all: whatever row is scrolled to the bottom, nothing is under it.
    const main = (await page.getByRole('main').boundingBox())!;
    expect(box.y, 'the notice sits below the screen, not over it').toBeGreaterThanOrEqual(
      main.y + main.height - 0.5,
    );
    for (const b of await grid.getByRole('button', { name: /^(Delete|Duplicate) / }).all()) {
      const r = await b.boundingBox();
      if (!r || r.y + r.height <= 0 || r.y >= view.height) continue;
      const overlaps =
        r.x < box.x + box.width &&
        box.x < r.x + r.width &&
        r.y < box.y + box.height &&
        box.y < r.y + r.height;
      // A row partly scrolled under the list's edge is still not under the notice.
      expect(overlaps, `${await b.getAttribute('aria-label')} under the notice`).toBe(false);
    }

    // Hovered, it stays past the time it would have gone.
    await notice.hover();
    await page.waitForTimeout(9_500);
    expect(await notice.isVisible()).toBe(true);
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => quoteCount(page)).toBe(before);
    // Focus does not fall to the page body when the notice goes.
    await expect.poll(() => focused(page)).not.toBe('body');
    await page.setViewportSize({ width: 1360, height: 900 });
    expect(app.problems.errors).toEqual([]);
  }, 120_000);
});

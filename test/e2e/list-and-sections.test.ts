// The quote list at a laptop's 1280 × 800 (the pipeline chart folds away and stays folded,
// badges and client names are whole), and add-ons that stay with their product when it moves
// into a section, here and on the server after sync.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ListResponse, QuoteResponse, SectionsResponse } from '../../common/api';
import { REPO_ROOT } from '../helpers/server';
import { login, ok } from '../helpers/server-api';
import { appForFile, type RunningApp } from './app';
import { screenshot } from './browser';
import { addSection, newQuote, openQuotes, syncNow } from './flows';

let app: RunningApp;
// The app's own demo data: quotes in every status, "Changes requested" among them.
appForFile(
  'list-and-sections',
  { connect: true, seed: path.join(REPO_ROOT, 'server/seed/demo.json') },
  (started) => (app = started),
);

const sectionOf = (page: Page, item: string) =>
  page
    .locator(`[data-item="${item}"]`)
    .evaluate((tr) => tr.closest('[data-section]')?.getAttribute('data-section'));

describe('the list at 1280 × 800, and sections with add-ons', () => {
  it('the pipeline chart folds away and stays folded after a restart; it does not repeat the chips’ counts', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openQuotes(page);
    await syncNow(page);
    const rows = page.locator('[data-quote-id]');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(3);
    const bars = page.getByRole('group', { name: 'Pipeline by status' });
    await bars.waitFor();
    // The chips say how many quotes each status has; the chart's bars say only which status.
    const chips = page.getByRole('group', { name: 'Filter by status' });
    const draftChip = (await chips.getByRole('button', { name: /^Draft/ }).textContent())!;
    expect(draftChip).toMatch(/^Draft\s*\d+$/);
    // What is on screen (not what only screen readers hear): a status, then its amounts.
    const shownTexts = await page.evaluate<string[]>(`
      [...document.querySelectorAll('[aria-label="Pipeline by status"] button')].map((b) => {
        const c = b.cloneNode(true);
        c.querySelectorAll('.sr-only').forEach((e) => e.remove());
        return c.textContent.replace(/\\s+/g, ' ').trim();
      })`);
    expect(shownTexts.length).toBeGreaterThan(3);
    for (const t of shownTexts) expect(t).toMatch(/^[A-Za-z ]+ ?\$/);
    await screenshot(page, 'list-1280-chart-open');

    const hide = page.getByRole('button', { name: 'Hide chart' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    await expect.poll(() => bars.isVisible()).toBe(false);
    await screenshot(page, 'list-1280-chart-folded');
    // The app opened again: still folded.
    await page.reload();
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    const show = page.getByRole('button', { name: 'Show chart' });
    await show.waitFor();
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    expect(await bars.isVisible()).toBe(false);
    await show.click();
    await bars.waitFor();
  }, 180_000);

  it('status badges and client names are whole at 1280 px wide', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openQuotes(page);
    await page.getByRole('button', { name: 'Hide chart' }).click();
    const rows = page.locator('[data-quote-id]');
    await expect.poll(() => rows.count()).toBeGreaterThan(8);
    const header = await page.getByRole('grid').getByRole('columnheader').allTextContents();
    const statusCol = header.findIndex((h) => h.startsWith('Status'));
    const clientCol = header.findIndex((h) => h.startsWith('Client'));
    const seen: string[] = [];
    for (const row of await rows.all()) {
      if (!(await row.isVisible())) continue;
      const status = row.getByRole('gridcell').nth(statusCol);
      const client = row.getByRole('gridcell').nth(clientCol);
      const badge = status.locator('.status');
      const name = client.locator('strong');
      // Nothing of the badge is cut: its text fits in it, and it fits in its cell.
      const fit = await badge.evaluate((b) => {
        const cell = b.closest('[role="gridcell"]')!;
        const br = b.getBoundingClientRect();
        const cr = cell.getBoundingClientRect();
        return {
          text: b.textContent,
          inside: b.scrollWidth <= b.clientWidth + 1 && br.right <= cr.right + 0.5,
        };
      });
      expect(fit.inside, `${fit.text} is clipped`).toBe(true);
      seen.push(fit.text!);
      // A client's name is whole, or (too long even for two lines) its full text is the tooltip.
      const whole = await name.evaluate(
        (n) => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1,
      );
      const full = (await name.textContent())!;
      if (!whole) expect(await client.getAttribute('title')).toBe(full);
    }
    expect(seen).toContain('Changes requested');
    await screenshot(page, 'list-1280x800');
    await page.getByRole('button', { name: 'Show chart' }).click();
  }, 120_000);

  it('an add-on follows its product into a section, and is moved alone only when the user says so', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1360, height: 900 });
    await newQuote(page, 'Granite Peak Schools');
    // Microsoft 365 with its Teams Phone add-on, in no section.
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add line item' });
    await dialog.getByRole('combobox', { name: 'Product' }).fill('Business Premium');
    await dialog.getByRole('option', { name: /^Microsoft 365 Business Premium/ }).click();
    await dialog.getByLabel(/Microsoft Teams Phone Standard Add-on/).check();
    await dialog.getByRole('button', { name: 'Add 2 items' }).click();
    await dialog.waitFor({ state: 'detached' });
    const parent = 'Microsoft 365 Business Premium';
    const addOn = 'Microsoft Teams Phone Standard Add-on';
    await page.locator(`[data-item="${addOn}"]`).waitFor();
    await addSection(page, 'Licences');

    // The product moves; its add-on goes with it.
    await page.getByLabel(`Section of ${parent}`).selectOption({ label: 'Licences' });
    await expect.poll(() => sectionOf(page, parent)).toBe('Licences');
    await expect.poll(() => sectionOf(page, addOn)).toBe('Licences');
    await screenshot(page, 'sections-add-on-follows', true);

    // The add-on alone: asked first; "keep" leaves it with its product.
    await addSection(page, 'Extras');
    await page.getByLabel(`Section of ${addOn}`).selectOption({ label: 'Extras' });
    const ask = page.getByRole('dialog', { name: 'Move the add-on away from its product?' });
    await ask.getByText(`${addOn} is an add-on of ${parent}`).waitFor();
    await ask.getByRole('button', { name: `Keep it with ${parent}` }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await sectionOf(page, addOn)).toBe('Licences');
    await page.getByLabel(`Section of ${addOn}`).selectOption({ label: 'Extras' });
    await ask.getByRole('button', { name: 'Move to Extras' }).click();
    await expect.poll(() => sectionOf(page, addOn)).toBe('Extras');
    // And back beside its product with the keyboard's undo.
    await page.getByRole('heading', { name: 'Line items' }).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => sectionOf(page, addOn)).toBe('Licences');

    // On the server after sync: both in "Licences".
    await syncNow(page);
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 90_000 }).toMatch(/^Q-/);
    await expect
      .poll(() => page.locator('.editor-title .sync-badge').textContent(), { timeout: 90_000 })
      .toContain('Synced');
    const ref = (await title.textContent())!;
    const api = await login(app.server().baseUrl, app.server().ca);
    try {
      const list = ok(
        await api.get(`/v2/quotes?search=${encodeURIComponent(ref)}`),
        200,
        ListResponse,
      );
      const id = list.content[0]!.id;
      const items = ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse).lineItems;
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
      expect(byName.Licences).toEqual([parent, addOn]);
    } finally {
      await api.close();
    }
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

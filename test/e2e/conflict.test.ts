// The same field changed here and on the server: the conflict shows base / mine / theirs side
// by side and is resolved from the UI, field by field; the chosen value reaches the server.
import { describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import { login, ok } from '../helpers/server-api';
import { appForFile, type RunningApp } from './app';
import { seriousViolations } from './axe';
import { screenshot } from './browser';
import { addCustom, newQuote, syncNow } from './flows';

let app: RunningApp;
appForFile('conflict', { connect: true }, (started) => (app = started));

describe('a conflict made through the API', () => {
  it('appears in the conflicts view and is resolved from the UI', async () => {
    const { page } = app;
    await newQuote(page, 'Blue Fjord Logistics');
    await addCustom(page, 'Not in a section', {
      name: 'Network audit',
      sku: 'SVC-AUDIT',
      billingTerm: 'One-Time',
      quantity: '1',
      cost: '400',
      price: '900',
    });
    const intro = page.getByLabel('Introduction');
    await intro.fill('Base introduction');
    await intro.blur();
    await syncNow(page);
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 500 }).toMatch(/^Q-/);
    await expect
      .poll(() => page.locator('.editor-title .sync-badge').textContent(), { timeout: 60_000 })
      .toContain('Synced');
    const ref = (await title.textContent())!;

    // Work stops syncing while I edit; someone else edits the same field on the server.
    await page.getByRole('button', { name: 'Pause sync' }).click();
    await intro.fill('My introduction');
    await intro.blur();
    await expect
      .poll(() => page.locator('.editor-title .sync-badge').textContent())
      .toContain('Not synced');

    const api = await login(app.server().baseUrl, app.server().ca);
    try {
      const id = ok(await api.get(`/v2/quotes?search=${ref}`), 200, ListResponse).content[0]!.id;
      const q = ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse);
      ok(
        await api.put(`/v2/quotes/${id}`, {
          expiresOn: q.expiresOn,
          introMessage: 'Their introduction',
          published: q.published,
          status: q.status,
          termsAndDisclaimers: q.termsAndDisclaimers,
        }),
        200,
        QuoteResponse,
      );

      await page.getByRole('button', { name: 'Resume sync' }).click();
      await syncNow(page);
      await page.getByRole('button', { name: /Resolve 1 conflict/ }).click({ timeout: 90_000 });
      const row = page.locator('[data-conflict]').filter({ hasText: /intro/i });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 3)).toEqual([
        'Base introduction',
        'My introduction',
        'Their introduction',
      ]);
      await screenshot(page, 'conflicts');
      // The conflicts view with a conflict showing (the axe sweep of every screen sees it empty).
      expect(await seriousViolations(page, app.problems)).toEqual([]);

      await row.getByRole('button', { name: /Take mine/ }).click();
      await page.getByText('No conflicts').waitFor({ timeout: 30_000 });
      await syncNow(page);
      await expect
        .poll(async () => ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse).introMessage, {
          timeout: 90_000,
          interval: 1000,
        })
        .toBe('My introduction');

      // A second conflict, on the terms this time: keep my version as a new quote instead.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Quotes', exact: true })
        .click();
      await page.getByRole('searchbox', { name: 'Search quotes' }).fill(ref);
      await page.locator('[data-quote-id]').first().click();
      await page.getByRole('heading', { name: 'Blue Fjord Logistics', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Pause sync' }).click();
      const terms = page.getByLabel('Terms and disclaimers');
      await terms.fill('My terms');
      await terms.blur();
      await expect
        .poll(() => page.locator('.editor-title .sync-badge').textContent())
        .toContain('Not synced');
      const q2 = ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse);
      ok(
        await api.put(`/v2/quotes/${id}`, {
          expiresOn: q2.expiresOn,
          introMessage: q2.introMessage,
          published: q2.published,
          status: q2.status,
          termsAndDisclaimers: 'Their terms',
        }),
        200,
        QuoteResponse,
      );
      await page.getByRole('button', { name: 'Resume sync' }).click();
      await syncNow(page);
      await page.getByRole('button', { name: /Resolve 1 conflict/ }).click({ timeout: 90_000 });
      await page.locator('[data-conflict]').filter({ hasText: /terms/i }).waitFor();
      await page.getByRole('button', { name: 'Save mine as a new quote' }).click();
      await page.getByText('No conflicts').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.getByRole('heading', { name: 'Blue Fjord Logistics', level: 1 }).waitFor();
      await expect
        .poll(() => page.getByLabel('Terms and disclaimers').inputValue())
        .toBe('My terms');
      expect(await page.locator('.editor-title .mono').textContent()).not.toBe(ref);
      // The original now holds the server's terms.
      expect(ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse).termsAndDisclaimers).toBe(
        'Their terms',
      );
    } finally {
      await api.close();
    }
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

// Versions end to end in Chromium, by role and visible text, against the real server over
// HTTPS: publishing makes "Version 1 · Published"; after two lines and the introduction changed,
// Compare shows exactly those three changes and the totals' difference per billing period, in
// words; Restore brings version 1 back as one step that Undo takes back, and after the sync
// the server holds the restored values.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import { login, ok, type Api } from '../helpers/server-api';
import { startApp, type RunningApp } from './app';
import { SCREENSHOTS, screenshot } from './browser';
import { addCustom, addSection, newQuote, syncNow } from './flows';

let app: RunningApp;
let api: Api;

beforeAll(async () => {
  app = await startApp({ connect: true });
  api = await login(app.server().baseUrl, app.server().ca);
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, `failed-versions-${ctx.task.id}`, true).catch(() => {});
});

afterAll(async () => {
  await api?.close();
  await app?.close();
});

const badge = () => app.page.locator('.editor-title .sync-badge').textContent();

async function synced() {
  await syncNow(app.page);
  await expect.poll(badge, { timeout: 90_000, interval: 300 }).toContain('Synced');
}

async function serverQuote(ref: string) {
  const list = ok(await api.get(`/v2/quotes?search=${ref}`), 200, ListResponse);
  return ok(await api.get(`/v2/quotes/${list.content[0]!.id}`), 200, QuoteResponse);
}

async function setField(label: string, value: string) {
  const input = app.page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

/** The rows of a table of the compare view, as the words a screen reader reads in them. */
async function rows(caption: string): Promise<string[][]> {
  const table = app.page
    .getByRole('dialog', { name: 'Compare versions' })
    .getByRole('table', { name: caption });
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('th, td')].map((c) =>
          (c.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

describe('versions of a quote', () => {
  it('publish → version 1; two lines and the introduction changed → compare shows exactly those; restore → undo → restore → the server holds version 1', async () => {
    const { page } = app;
    await newQuote(page, 'Acme Dental Group');
    await addSection(page, 'Services');
    const lines = [
      ['Managed backup', 'SVC-BACKUP', 'Monthly', '5', '6', '12'],
      ['Onboarding', 'SVC-ONBOARD', 'One-Time', '1', '100', '250'],
      ['Helpdesk', 'SVC-HELP', 'Monthly', '10', '20', '35'],
    ] as const;
    for (const [name, sku, billingTerm, quantity, cost, price] of lines) {
      await addCustom(page, 'Services', { name, sku, billingTerm, quantity, cost, price });
    }
    await setField('Introduction', 'As agreed on Monday');
    await synced();
    // The reference code is read with the quote after the round; the badge is told at once.
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toMatch(/^Q-/);
    const ref = (await title.textContent())!;

    // Publish: version 1 appears in the Versions panel, the quote as sent.
    await page.getByRole('button', { name: 'Publish to client' }).click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish to the client?' });
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    const versions = page.getByRole('list', { name: 'Versions' });
    await versions.getByText('Version 1 · Published').waitFor();
    expect(await versions.getByRole('listitem').count()).toBe(1);
    expect(await versions.getByRole('listitem').textContent()).toContain('Sent');
    await synced();

    // Back to draft; two lines and a header field change.
    await page.getByLabel('Change status to').selectOption({ label: 'Draft' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('Quantity of Managed backup').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByLabel('Quantity of Managed backup').isEnabled()).toBe(true);
    await setField('Quantity of Managed backup', '8');
    await setField('Unit price of Onboarding', '200');
    await setField('Introduction', 'Revised after the call');
    await synced();

    // Compare version 1 with now: exactly those three changes, and the totals' difference.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Compare version 1 with now' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare versions' });
    await compare.getByRole('status').filter({ hasText: '3 changes' }).waitFor();
    expect(await compare.getByRole('status').textContent()).toBe(
      '3 changes from Version 1 · Published to Now.',
    );
    expect(await rows('Quote details')).toEqual([
      ['Introduction', 'Changed', 'As agreed on Monday', 'Revised after the call'],
    ]);
    expect(await rows('Line items')).toEqual([
      ['Managed backup', 'Changed: quantity', 'Quantity: 5', 'Quantity: 8'],
      ['Onboarding', 'Changed: unit price', 'Unit price: $250.00', 'Unit price: $200.00'],
    ]);
    expect(await compare.getByRole('table', { name: 'Sections' }).count()).toBe(0);
    // One-time: 250 → 200; per month: 5 × 12 + 10 × 35 = 410 → 8 × 12 + 350 = 446.
    expect(await rows('Totals, once and per billing period')).toEqual([
      ['Total one-time', '−$50.00', '$250.00', '$200.00'],
      ['Profit one-time', '−$50.00', '$150.00', '$100.00'],
      ['Total per month', '+$36.00', '$410.00', '$446.00'],
      ['Profit per month', '+$18.00', '$180.00', '$198.00'],
    ]);
    const headers = await compare
      .getByRole('table', { name: 'Line items' })
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual(['Line item', 'Change', 'Version 1 · Published (Sent)', 'Now (Draft)']);
    await screenshot(page, 'versions-compare-1280');
    await page.keyboard.press('Escape');
    await compare.waitFor({ state: 'detached' });
    const panel = page.getByRole('region', { name: 'Versions' });
    await panel.screenshot({ path: path.join(SCREENSHOTS, 'versions-panel.png') });

    // Restore version 1: one step, which Undo takes back.
    const restore = async () => {
      await page.getByRole('button', { name: 'Restore version 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByLabel('Quantity of Managed backup').inputValue()).toBe('5');
    };
    await restore();
    expect(await page.getByLabel('Unit price of Onboarding').inputValue()).toBe('250.00');
    expect(await page.getByLabel('Introduction', { exact: true }).inputValue()).toBe(
      'As agreed on Monday',
    );
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => page.getByLabel('Quantity of Managed backup').inputValue()).toBe('8');
    expect(await page.getByLabel('Unit price of Onboarding').inputValue()).toBe('200.00');
    expect(await page.getByLabel('Introduction', { exact: true }).inputValue()).toBe(
      'Revised after the call',
    );
    await restore();

    // After the sync the server holds version 1's values.
    await synced();
    const q = await serverQuote(ref);
    expect(q.introMessage).toBe('As agreed on Monday');
    expect(q.lineItems.map((l) => [l.product.name, l.quantity, l.price.amount]).sort()).toEqual([
      ['Helpdesk', 10, 35],
      ['Managed backup', 5, 12],
      ['Onboarding', 1, 250],
    ]);
    await page.getByRole('button', { name: 'Compare version 1 with now' }).click();
    await compare.getByRole('status').filter({ hasText: 'No differences' }).waitFor();
  }, 400_000);
});

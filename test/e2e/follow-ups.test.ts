// Follow-ups and the margin floor, end to end in Chromium against the real server over HTTPS:
// a quote expiring in 3 days and a sent quote unanswered for 6 days (seeded on the server)
// appear in "Needs attention" and its count, and browser mode's notice tells of them; a snooze
// removes one. With a 20 % floor set in
// Settings, a line under it is flagged as it is typed, and "Publish" lists it and asks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { addCustom, addSection, openQuotes } from './flows';

const ADA = 'b0a9d703-1f07-4046-81c9-40e9b0597a6d';
const NORTHWIND = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';

let app: RunningApp;
let seedDir: string;

/** The demo catalogue with three of Ada's quotes: expiring in 3 days, sent 6 days ago, fine. */
function seedFile(): string {
  const seed = JSON.parse(fs.readFileSync(DEMO_SEED, 'utf8')) as Record<string, unknown>;
  const line = {
    type: 'Standard',
    productId: DEMO.products.m365,
    billingTerm: 'Monthly',
    quantity: 10,
  };
  seed.quotes = [
    {
      id: '5f0c1a52-3c1e-4a53-9a55-0c7e10000001',
      partnerId: NORTHWIND,
      clientId: DEMO.clients.acme,
      createdBy: ADA,
      status: 'draft',
      createdDaysAgo: 20,
      expiresInDays: 3,
      lineItems: [line],
    },
    {
      // Created 7 days ago and sent the day after: unanswered for 6 days.
      id: '5f0c1a52-3c1e-4a53-9a55-0c7e10000002',
      partnerId: NORTHWIND,
      clientId: DEMO.clients.blueFjord,
      createdBy: ADA,
      status: 'sent',
      createdDaysAgo: 7,
      expiresInDays: 40,
      lineItems: [line],
    },
    {
      id: '5f0c1a52-3c1e-4a53-9a55-0c7e10000003',
      partnerId: NORTHWIND,
      clientId: DEMO.clients.cedar,
      createdBy: ADA,
      status: 'draft',
      createdDaysAgo: 1,
      expiresInDays: 30,
      lineItems: [line],
    },
  ];
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-followups-'));
  const file = path.join(seedDir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return file;
}

beforeAll(async () => {
  app = await startApp({ connect: true, seed: seedFile() });
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
});

const nav = () => app.page.getByRole('navigation', { name: 'Main' });
const attentionLink = () => nav().getByRole('button', { name: /Needs attention/ });

describe('needs attention', () => {
  it('lists a quote expiring in 3 days and one sent 6 days ago with the count; snooze removes one', async () => {
    const { page } = app;
    // Browser mode tells of newly due reminders in the app, here as the first sync brings
    // them in, with a way to the list.
    const notice = page
      .locator('.toasts')
      .getByText(/quotes need your attention|no answer yet|Expires in 3 days/)
      .first();
    await notice.waitFor({ timeout: 90_000 });
    // The count comes once the quotes are in from the server.
    await expect
      .poll(() => attentionLink().textContent(), { timeout: 90_000, interval: 500 })
      .toBe('Needs attention2');
    expect(await attentionLink().getByLabel('2 quotes').count()).toBe(1);
    await attentionLink().click();
    await page.getByRole('heading', { name: 'Needs attention', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Quotes that need attention' });
    const rows = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Open' }) });
    await expect.poll(() => rows.count()).toBe(2);
    const acme = rows.filter({ hasText: 'Acme Dental Group' });
    const fjord = rows.filter({ hasText: 'Blue Fjord Logistics' });
    expect(await acme.getByRole('list').textContent()).toBe('Expires in 3 days');
    expect(await fjord.getByRole('list').textContent()).toBe('Sent 6 days ago, no answer yet');
    // The quote that expires in 30 days is not there.
    expect(await list.textContent()).not.toContain('Cedar');
    // Only the editable draft offers to extend its expiry (a sent quote's cannot change).
    expect(await acme.getByRole('button', { name: /Extend expiry by \d+ days/ }).count()).toBe(1);
    expect(await fjord.getByRole('button', { name: /Extend expiry/ }).count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'needs-attention');
    await page.setViewportSize({ width: 1360, height: 900 });

    await fjord.getByRole('button', { name: 'Snooze for a week' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Acme Dental Group');
    await expect.poll(() => attentionLink().textContent()).toBe('Needs attention1');
    await page.getByText('1 more snoozed for now.').waitFor();
  });
});

describe('margin floor', () => {
  it('flags a line under the floor as it is typed, and publish lists it and asks', async () => {
    const { page } = app;
    await nav().getByRole('button', { name: 'Settings' }).click();
    const prefs = page.getByRole('region', { name: 'Follow-ups and margin floor' });
    await prefs.getByLabel('Margin floor (%)').fill('20');
    await prefs.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Follow-ups and margin floor saved').waitFor();
    // Saved twice more: still the one notice, in its own room under the screen, over nothing.
    await prefs.getByRole('button', { name: 'Save' }).click();
    await prefs.getByRole('button', { name: 'Save' }).click();
    const saved = page.locator('.toasts').getByText('Follow-ups and margin floor saved');
    await expect.poll(() => saved.count()).toBe(1);
    const box = (await saved.boundingBox())!;
    const main = (await page.locator('main').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(main.y + main.height);

    await attentionLink().click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Acme Dental Group' })
      .getByRole('button', { name: 'Open' })
      .click();
    await page.getByRole('heading', { name: 'Acme Dental Group', level: 1 }).waitFor();
    await addSection(page, 'Services');
    await addCustom(page, 'Services', {
      name: 'Onsite visit',
      sku: 'SVC-VISIT',
      billingTerm: 'One-Time',
      quantity: '1',
      cost: '100',
      price: '150',
    });
    const row = page.locator('[data-item="Onsite visit"]');
    // 33 % earns more than the floor: nothing to flag.
    expect(await row.getByTestId('margin-flag').count()).toBe(0);
    // Typed down to 110: 9.09 %, flagged at once, the reason in words beside the amounts.
    await row.getByLabel('Unit price of Onsite visit').fill('110');
    await expect
      .poll(() => row.getByTestId('margin-flag').textContent())
      .toBe('⚠ Margin 9.09% is below the 20% floor');
    await page.getByRole('button', { name: 'Publish to client' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'margin-floor');
    // Below cost: flagged with the reason, floor or not.
    await row.getByLabel('Unit price of Onsite visit').fill('90');
    await expect
      .poll(() => row.getByTestId('margin-flag').textContent())
      .toBe('⚠ Below cost: unit price $90.00 is under the unit cost $100.00');
    await row.getByLabel('Unit price of Onsite visit').fill('110');
    await row.getByLabel('Unit price of Onsite visit').press('Tab');

    await page.getByRole('button', { name: 'Publish to client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish to the client?' });
    const flags = dialog.getByRole('group', { name: /margins? needs? a look/ });
    await expect
      .poll(() => flags.getByRole('listitem').allTextContents())
      .toContain('Onsite visit: Margin 9.09% is below the 20% floor');
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('publish-queued')
      .or(page.getByText(/is sent/))
      .first()
      .waitFor();
  });
});

describe('days to an expiry set in the editor', () => {
  /** Today plus `days` as the date input takes it, by the page's own calendar. */
  const dateAhead = (days: number) =>
    app.page.evaluate((n) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      const pad = (v: number) => String(v).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }, days);

  async function setExpiry(date: string) {
    const { page } = app;
    const field = page.getByLabel('Expires on');
    await field.fill(date);
    await field.press('Tab');
    const shown = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    // Details says the date chosen once the edit is in.
    const details = page
      .locator('dt', { hasText: /^Expires$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => details.textContent()).toBe(shown);
  }

  const row = () =>
    app.page
      .getByRole('list', { name: 'Quotes that need attention' })
      .getByRole('listitem')
      .filter({ hasText: 'Cedar & Pine Law LLP' })
      .filter({ has: app.page.getByRole('button', { name: 'Open' }) });

  it('reads "Expires in 3 days" for a date 3 days ahead and "Expires today" for today', async () => {
    const { page } = app;
    // The seeded draft that expires in 30 days, opened from the list.
    await openQuotes(page);
    await page.locator('[data-quote-id]').filter({ hasText: 'Cedar & Pine Law LLP' }).click();
    await page.getByRole('heading', { name: 'Cedar & Pine Law LLP', level: 1 }).waitFor();
    await setExpiry(await dateAhead(3));
    await attentionLink().click();
    await page.getByRole('heading', { name: 'Needs attention', level: 1 }).waitFor();
    await expect.poll(() => row().getByRole('list').textContent()).toBe('Expires in 3 days');

    await row().getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Cedar & Pine Law LLP', level: 1 }).waitFor();
    await setExpiry(await dateAhead(0));
    await attentionLink().click();
    await page.getByRole('heading', { name: 'Needs attention', level: 1 }).waitFor();
    await expect.poll(() => row().getByRole('list').textContent()).toBe('Expires today');
  });
});

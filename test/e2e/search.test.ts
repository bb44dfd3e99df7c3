// Search as you type and status filters over 1,000 quotes, answered by the local store with the
// server switched off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteStatus } from '../../common/api';
import { DEMO_SEED } from '../helpers/server';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { connectionText, syncNow } from './flows';

const STATUSES: QuoteStatus[] = ['draft', 'sent', 'accepted', 'declined', 'closed'];
const NAMES = [
  'Zephyr Orchards',
  'Harbor Dental',
  'Granite Logistics',
  'Maple Clinics',
  'Summit Realty',
];
const QUOTES = 1000;

/** The demo seed plus 50 clients and 1,000 quotes spread over them. */
function bigSeed(): { file: string; zephyr: Record<QuoteStatus, number> } {
  const seed = JSON.parse(fs.readFileSync(DEMO_SEED, 'utf8'));
  const partner = seed.partners[0];
  const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
  const clients = Array.from({ length: 50 }, (_, i) => ({
    id: `c0000000-0000-4000-8000-${hex(i, 12)}`,
    name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
    isShadowCompany: false,
  }));
  partner.clients.push(...clients);
  const zephyr = {} as Record<QuoteStatus, number>;
  seed.quotes = Array.from({ length: QUOTES }, (_, i) => {
    const client = clients[i % clients.length]!;
    // Spread statuses across clients too, so every client has quotes in several statuses.
    const status = STATUSES[Math.floor(i / clients.length) % STATUSES.length]!;
    if (client.name.startsWith('Zephyr')) zephyr[status] = (zephyr[status] ?? 0) + 1;
    return {
      id: `a0000000-0000-4000-8000-${hex(i, 12)}`,
      partnerId: partner.id,
      clientId: client.id,
      createdBy: partner.users[i % 2].id,
      status,
      createdDaysAgo: i % 20,
      // Far enough out that no sent quote expires while the test runs.
      expiresInDays: 60,
    };
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-seed-'));
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return { file, zephyr };
}

let app: RunningApp;
let zephyr: Record<QuoteStatus, number>;

beforeAll(async () => {
  const seed = bigSeed();
  zephyr = seed.zephyr;
  app = await startApp({ connect: true, seed: seed.file });
}, 240_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, `failed-search`).catch(() => {});
});

afterAll(async () => {
  await app?.close();
});

describe('search and filters over 1,000 quotes', () => {
  it('filters as you type and by status, offline', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Quotes', exact: true })
      .click();
    const count = page.getByTestId('result-count');
    await expect
      .poll(() => count.textContent(), { timeout: 180_000, interval: 1000 })
      .toBe('1,000 quotes');

    await app.stopServer();
    await syncNow(page);
    await expect.poll(() => connectionText(page), { timeout: 30_000 }).toContain('Offline');

    const search = page.getByRole('searchbox', { name: 'Search quotes' });
    await search.pressSequentially('zephyr', { delay: 30 });
    const zephyrTotal = Object.values(zephyr).reduce((a, b) => a + b, 0);
    await expect.poll(() => count.textContent()).toBe(`${zephyrTotal} quotes`);
    const clients = await page
      .locator('[data-quote-id] [role="gridcell"]:nth-child(2) strong')
      .allTextContents();
    expect(clients.length).toBeGreaterThan(0);
    expect(clients.every((c) => c.startsWith('Zephyr Orchards'))).toBe(true);

    const chips = page.getByRole('group', { name: 'Filter by status' });
    for (const s of ['draft', 'sent', 'accepted'] as const) {
      const label = { draft: 'Draft', sent: 'Sent', accepted: 'Accepted' }[s];
      await expect
        .poll(() => chips.getByRole('button', { name: new RegExp(`^${label}`) }).textContent())
        .toBe(`${label} ${zephyr[s]}`);
    }
    await chips.getByRole('button', { name: /^Draft/ }).click();
    await expect.poll(() => count.textContent()).toBe(`${zephyr.draft} quotes`);
    await chips.getByRole('button', { name: /^Sent/ }).click();
    await expect.poll(() => count.textContent()).toBe(`${zephyr.draft + zephyr.sent} quotes`);
    // The rows follow the count (the same answer, painted a frame later).
    const statuses = async () =>
      [...new Set(await page.locator('[data-quote-id] .status').allTextContents())].sort();
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['Draft', 'Sent']);

    // Sorting by client name, and back to everything.
    await chips.getByRole('button', { name: /^All/ }).click();
    await search.fill('');
    await expect.poll(() => count.textContent()).toBe('1,000 quotes');
    await page.getByRole('columnheader', { name: 'Client' }).getByRole('button').click();
    await expect
      .poll(() =>
        page.locator('[data-quote-id] [role="gridcell"]:nth-child(2) strong').first().textContent(),
      )
      .toBe('Granite Logistics 1');
    await screenshot(page, 'quote-list');

    // Keyboard: the list is one tab stop; arrows move, End jumps to the last of 1,000 rows.
    await page.getByRole('grid', { name: /Quotes/ }).focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => page.locator('[role="row"][aria-selected="true"]').getAttribute('aria-rowindex'))
      .toBe('1001');
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

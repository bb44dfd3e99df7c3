// Large amounts are whole on the list screen at the widths a laptop gives the window: a row's
// initial and recurring totals ("$155,360.15/mo") in their cells, and the pipeline's sums beside
// their bars, inside the chart — not cut off, not drawn over a bar or past the card's edge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { openLocalApp, seedLocalDrafts, type LocalApp } from './local-app';

let root = '';
let app: LocalApp;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-amounts-'));
  const dataDir = path.join(root, 'app');
  // Drafts of an enterprise size: millions once, six figures a month.
  seedLocalDrafts(dataDir, 6, (n) =>
    n % 2
      ? { price: 9_734_187.35 + n, billingTerm: 'One-Time' }
      : { price: 155_360.15 + n, billingTerm: 'Monthly' },
  );
  app = await openLocalApp(dataDir);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom && b.top < a.bottom;

/** The list's money cells whose text is cut, as "text (cell)". */
async function cutMoneyCells(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('[data-quote-id] .cell.num')]
    .filter((c) => c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.textContent)`);
}

/** The pipeline's amounts drawn over a bar of their row, or past the chart's card. */
async function misplacedSums(page: Page): Promise<string[]> {
  const rows = await page.evaluate<{ bars: Box[]; sums: (Box & { text: string })[]; card: Box }[]>(`
    [...document.querySelectorAll('.pipeline-bar')].map((row) => {
      const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
      return {
        bars: [...row.querySelectorAll('.bar')].map(box),
        sums: [...row.querySelectorAll('.pipeline-amount')].map((e) => ({ ...box(e), text: e.textContent })),
        card: box(row.closest('.pipeline')),
      };
    })`);
  expect(rows.length).toBeGreaterThan(0);
  const out: string[] = [];
  for (const { bars, sums, card } of rows) {
    for (const s of sums) {
      if (bars.some((b) => overlaps(s, b))) out.push(`${s.text} over a bar`);
      if (s.right > card.right || s.left < card.left) out.push(`${s.text} past the card`);
    }
  }
  return out;
}

describe('large amounts on the list screen', () => {
  for (const width of [1000, 1280, 1360]) {
    it(`are whole at ${width} px wide: the rows' totals and the pipeline's sums`, async () => {
      const { page } = app;
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('result-count').filter({ hasText: '6 quotes' }).waitFor();
      await expect.poll(() => page.locator('.pipeline-amount').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-quote-id] .cell.num').count()).toBeGreaterThan(0);
      expect(await cutMoneyCells(page)).toEqual([]);
      expect(await misplacedSums(page)).toEqual([]);
      await screenshot(page, `amounts-${width}`);
    }, 60_000);
  }
});

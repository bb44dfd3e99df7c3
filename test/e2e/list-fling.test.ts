// The quote list flung: while each frame brings a whole new view of rows, the rows draw their
// reference, client and initial total only (what can be glimpsed at that speed, and what keeps
// the frames on time); as soon as the scroll stops or slows every column is back. A single
// jump (End) and a slow scroll always draw whole rows. Real core and store behind the real
// loopback bridge, the built renderer in Chromium, scrolled a frame at a time as a fling does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLocalApp, seedLocalDrafts, type LocalApp } from './local-app';

const QUOTES = 300;
/** Cells of a whole row: every column, the creator's hidden by CSS below 1300 px. */
const WHOLE = 10;

let root = '';
let app: LocalApp;
let page: Page;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-fling-'));
  const dataDir = path.join(root, 'app');
  seedLocalDrafts(dataDir, QUOTES);
  app = await openLocalApp(dataDir);
  ({ page } = app);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByTestId('result-count')
    .filter({ hasText: `${QUOTES} quotes` })
    .waitFor();
  // Every page fetched once, as a first slow look through the list does: what is measured
  // below is how rows are drawn, not how soon a loaded machine answers for them.
  const list = page.locator('.list-scroll');
  for (let top = 0; top < QUOTES * 44; top += 400) {
    await list.evaluate((el, t) => (el.scrollTop = t), top);
    await page.waitForTimeout(100); // the scroll's frame: its rows, loaded or not, in the page
    await page.locator('.list-row:not([data-quote-id])').first().waitFor({ state: 'detached' });
  }
  await page.locator(`.list-row[aria-rowindex="${QUOTES + 1}"][data-quote-id]`).waitFor();
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Scrolls `px` a frame for `frames` frames from the top; for each frame, the fewest cells a
 * loaded row in view had when it was drawn (a frame's scroll is rendered before the next
 * frame's callbacks).
 */
async function scrollFrames(px: number, frames: number): Promise<number[]> {
  await page.locator('.list-scroll').evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(400);
  return page.evaluate<number[]>(`new Promise((resolve) => {
    const el = document.querySelector('.list-scroll');
    const fewest = [];
    let n = 0;
    const step = () => {
      if (n > 0) fewest.push(${FEWEST_CELLS}(el.querySelectorAll('.list-row[data-quote-id]')));
      if (n++ === ${frames}) return resolve(fewest);
      el.scrollTop += ${px};
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
}

/** In the page: the fewest cells among `rows`. */
const FEWEST_CELLS = `((rows) => Math.min(...[...rows].map((r) => r.querySelectorAll('[role=gridcell]').length)))`;

/** The fewest cells of a row in view, and the text of the rows in view. */
async function rowsInView(): Promise<{ fewest: number; text: string }> {
  return page.evaluate(`(() => {
    const el = document.querySelector('.list-scroll');
    const box = el.getBoundingClientRect();
    const rows = [...el.querySelectorAll('.list-row')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.bottom > box.top + 36 && b.top < box.bottom;
    });
    return { fewest: ${FEWEST_CELLS}(rows), text: rows.map((r) => r.innerText).join('\\n') };
  })()`);
}

describe('the quote list flung', () => {
  it('draws the reference, client and total while each frame brings a new view, and every column once it stops', async () => {
    const flung = await scrollFrames(600, 8);
    // The first frames find the fling; from then on the rows are light.
    expect(flung.slice(2), `cells per row while flung: ${flung.join(' ')}`).toContain(3);
    await expect.poll(async () => (await rowsInView()).fewest, { timeout: 10_000 }).toBe(WHOLE);
    const { text } = await rowsInView();
    expect(text).toContain('Draft');
    expect(text).toContain('Not synced');
    expect(text).toMatch(/Client \d+/);
  });

  it('draws whole rows on a slow scroll and on a single jump to the end', async () => {
    const slow = await scrollFrames(40, 12);
    expect(
      slow.every((c) => c === WHOLE),
      `cells per row: ${slow.join(' ')}`,
    ).toBe(true);

    await page.locator('.list-scroll').focus();
    await page.keyboard.press('End');
    // The frame after the jump: the last rows, whole.
    const atEnd = await page.evaluate<number>(`new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() =>
        resolve(${FEWEST_CELLS}(document.querySelectorAll('.list-row[data-quote-id]'))))))`);
    expect(atEnd).toBe(WHOLE);
    await expect
      .poll(() => page.locator(`.list-row[aria-rowindex="${QUOTES + 1}"]`).count())
      .toBe(1);
  });
});

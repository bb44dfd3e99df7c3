// One fetch per edit: a committed keystroke is one call to main, whose answer carries the
// quote; the change event that follows it names that generation, so the editor does not read
// the quote again. Real core and store behind the real loopback bridge, the built renderer in
// Chromium; no connection profile (nothing but the user's own edits changes the quote).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openStore } from '../../main/store';
import { openLocalApp, type LocalApp } from './local-app';
import { screenshot } from './browser';

let root = '';
let app: LocalApp;
let core: LocalApp['core'];
let page: Page;
let quoteId = '';

/** A local draft with one Custom line, in the store the core opens without a profile. */
function seed(dataDir: string): string {
  const dir = path.join(dataDir, 'stores', 'local');
  fs.mkdirSync(dir, { recursive: true });
  const store = openStore(path.join(dir, 'quotedesk.sqlite'), {
    filesDir: path.join(dir, 'files'),
  });
  const user = {
    id: randomUUID(),
    fullName: 'Ada Stone',
    displayName: 'Ada',
    email: 'ada@x.example',
  };
  store.setIdentity({ user, partner: null, currency: 'USD' });
  const w = store.createQuote({
    client: { id: randomUUID(), name: 'Harbor Dental', isShadowCompany: false },
  });
  store.addLineItems(w.id, [
    {
      type: 'Custom',
      productName: 'Onsite setup',
      billingTerm: 'One-Time',
      price: 120,
      cost: 80,
      initialTotal: 0,
      quantity: 1,
    },
  ]);
  store.close();
  return w.id;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-fetch-'));
  const dataDir = path.join(root, 'app');
  quoteId = seed(dataDir);
  app = await openLocalApp(dataDir);
  ({ page, core } = app);
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('a committed edit', () => {
  it('costs one call: the editor applies its answer and does not read the quote again', async () => {
    try {
      await page.locator(`[data-quote-id="${quoteId}"]`).click();
      const note = page.getByLabel('Note of Onsite setup');
      await note.click();
      const calls: string[] = [];
      page.on('request', (r) => {
        const m = /\/ipc\/([\w.]+)$/.exec(new URL(r.url()).pathname);
        if (m) calls.push(m[1]!);
      });
      for (const key of ['w', 'i', 'f']) {
        // The footer re-reads the sync status last (its debounce is the longest) after a local
        // change: once it has, every re-read this keystroke caused has been asked for.
        const settled = page.waitForResponse((r) => r.url().endsWith('/ipc/sync.status'));
        await page.keyboard.press(key);
        await settled;
      }
      expect(calls.filter((c) => c === 'lineItems.update')).toHaveLength(3);
      expect(calls.filter((c) => c === 'quotes.get')).toEqual([]);
      // What the user typed is what the store holds, and what the editor shows.
      expect(await note.inputValue()).toBe('wif');
      const held = await core.dispatch('quotes.get', { quoteId }, { via: 'test' });
      expect(held.ok && (held.value as { lineItems: { note: string }[] }).lineItems[0]!.note).toBe(
        'wif',
      );
    } catch (e) {
      await screenshot(page, 'failed-one-fetch-per-edit').catch(() => {});
      throw e;
    }
  });

  it('leaving a field it changed tells sync once to send the quote now, not after its window', async () => {
    try {
      const flushes: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/ipc/sync.flushQuote')) flushes.push(r.postData() ?? '');
      });
      const flushed = () => page.waitForResponse((r) => r.url().endsWith('/ipc/sync.flushQuote'));
      const typed = async (key: string) => {
        const settled = page.waitForResponse((r) => r.url().endsWith('/ipc/sync.status'));
        await page.keyboard.press(key);
        await settled;
      };
      const note = page.getByLabel('Note of Onsite setup');
      const intro = page.getByLabel('Introduction');
      const terms = page.getByLabel('Terms and disclaimers');
      // A line's note typed in, then left: one signal.
      await note.click();
      await typed('s');
      let left = flushed();
      await intro.click();
      await left;
      // The introduction visited and left unchanged: none; the terms typed in and left: one.
      await terms.click();
      await typed('N');
      left = flushed();
      await note.click();
      await left;
      expect(flushes).toHaveLength(2);
      expect(flushes.every((b) => b.includes(quoteId))).toBe(true);
    } catch (e) {
      await screenshot(page, 'failed-blur-flush').catch(() => {});
      throw e;
    }
  });

  it('a refusal is shown under the field the answer names, and nothing of it is stored', async () => {
    try {
      const intro = page.getByLabel('Introduction');
      const terms = page.getByLabel('Terms and disclaimers');
      /** The words a screen reader reaches from the field (its aria-describedby). */
      const errorUnder = async (field: typeof intro) => {
        const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
        const texts = ids.map((id) => page.locator(`[id="${id}"]`).textContent());
        return (await Promise.all(texts)).join(' ');
      };
      const storedIntro = async () => {
        const held = await core.dispatch('quotes.get', { quoteId }, { via: 'test' });
        return held.ok
          ? (held.value as { header: { introMessage: string } }).header.introMessage
          : '';
      };
      const before = await storedIntro();
      // Longer than main's contract allows (the field has no limit of its own): main refuses
      // it with field 'introMessage', and that field shows the words.
      await intro.fill('x'.repeat(20_001));
      await expect.poll(() => errorUnder(intro)).toContain('must be at most 20000 characters');
      expect(await intro.getAttribute('aria-invalid')).toBe('true');
      expect(await terms.getAttribute('aria-invalid')).toBeNull();
      expect(await page.locator('.field-error').count()).toBe(1);
      expect(await storedIntro()).toBe(before);
      // Typed back within the limit: saved, and the error is gone.
      await intro.fill('Thank you for the visit.');
      await expect.poll(storedIntro).toBe('Thank you for the visit.');
      await expect.poll(() => page.locator('.field-error').count()).toBe(0);
      expect(await intro.getAttribute('aria-invalid')).toBeNull();
    } catch (e) {
      await screenshot(page, 'failed-refusal-at-field').catch(() => {});
      throw e;
    }
  });
});

// The window's first load is the list's: the contract's schemas (zod), the editor and the client
// picker load when first wanted, and a shortcut pressed as the first rows show still does what
// it says while its code loads. Read from the scripts the page fetches over the real bridge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { startLocalCore } from './local-app';

const dirs: string[] = [];
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A name zod gives its schemas' base type, kept as text by any build of it. */
const ZOD_MARK = '$ZodType';

describe("the window's first load", () => {
  it('carries no schemas, and Ctrl+N as the list shows opens New quote, its code loaded then', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-first-load-'));
    dirs.push(dataDir);
    const { core, bridge } = await startLocalCore(dataDir);
    try {
      browser = await launchChromium();
      const page = await browser.newPage();
      const scripts: { url: string; body: Promise<string> }[] = [];
      page.on('response', (r) => {
        if (/\.m?js$/.test(new URL(r.url()).pathname))
          scripts.push({ url: r.url(), body: r.text() });
      });
      await page.goto(bridge.pageUrl);
      await expect
        .poll(() => page.getByTestId('result-count').textContent(), { timeout: 60_000 })
        .toMatch(/\d quotes?$/);
      const atStart = scripts.length;
      expect(atStart).toBeGreaterThan(0);
      for (const s of scripts.slice(0, atStart)) {
        expect((await s.body).includes(ZOD_MARK), `${s.url} carries zod`).toBe(false);
      }

      await page.keyboard.press('Control+n');
      const dialog = page.getByRole('dialog', { name: 'New quote' });
      const client = dialog.getByRole('combobox', { name: 'Client' });
      await client.waitFor();
      await expect
        .poll(() => client.evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      // The dialog's code came with the key press, not with the window.
      expect(scripts.length).toBeGreaterThan(atStart);
    } finally {
      await bridge.close();
      await core.close();
    }
  }, 120_000);
});

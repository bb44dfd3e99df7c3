// What is on screen is on disk: text typed into a quote moments before the app dies is there
// after a restart. The core runs in its own process, killed with SIGKILL (no shutdown, no
// flush of anything), then started again on the same data directory. Real server, real core,
// real SQLite, real Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { ensureRendererBuilt } from './build';
import { launchChromium, openPage, screenshot } from './browser';
import { addConnection, newQuote, openQuotes } from './flows';

let root = '';
let server: StartedServer;
let browser: Browser;
let child: ChildProcess | null = null;
let page: Page;

/** Starts the core process on the data directory; resolves with the page to open. */
function startCore(dataDir: string, staticDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'test/e2e/core-child.ts'), dataDir, staticDir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
    );
    child = p;
    let out = '';
    let err = '';
    p.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    p.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve((JSON.parse(out.slice(0, nl)) as { pageUrl: string }).pageUrl);
    });
    p.on('exit', (code) => reject(new Error(`core exited (${String(code)}): ${err}`)));
  });
}

function killCore(): Promise<void> {
  const p = child;
  child = null;
  if (!p || p.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.on('exit', () => resolve());
    p.kill('SIGKILL');
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-kill-'));
  server = await startServer({ dataDir: path.join(root, 'server') });
  browser = await launchChromium();
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page)
    await screenshot(page, 'failed-typing-survives').catch(() => {});
});

afterAll(async () => {
  await killCore();
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('typing when the app dies', () => {
  it('terms typed a moment before the process was killed are there after the restart', async () => {
    const staticDir = ensureRendererBuilt();
    const dataDir = path.join(root, 'app');
    ({ page } = await openPage(browser, await startCore(dataDir, staticDir)));
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    await addConnection(page, {
      name: 'Test server',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      secret: DEMO.ada.secret,
      caFile: server.caFile,
    });
    await newQuote(page, 'Acme Dental Group');
    const terms = page.getByLabel('Terms and disclaimers');
    await terms.click();
    await page.keyboard.type('Net 30 days. Prices exclude VAT.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Installation within 2 weeks');
    // The salesperson is still in the field (nothing was left or saved by hand) when,
    // 0.3 s later, the app dies.
    await page.waitForTimeout(300);
    await killCore();
    await page.context().close();

    ({ page } = await openPage(browser, await startCore(dataDir, staticDir)));
    await openQuotes(page);
    await page.getByRole('row', { name: /Acme Dental Group/ }).click();
    await page.getByRole('heading', { name: 'Acme Dental Group', level: 1 }).waitFor();
    expect(await page.getByLabel('Terms and disclaimers').inputValue()).toBe(
      'Net 30 days. Prices exclude VAT.\nInstallation within 2 weeks',
    );
    // Typed in one visit of the field: one step of undo takes all of it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByLabel('Terms and disclaimers').inputValue()).toBe('');
    await screenshot(page, 'typing-survives-after-undo');
  }, 240_000);
});

// Debian's Chromium driven by playwright-core (never a downloaded browser).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results/screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Chromium on a profile kept in `userDataDir` (its HTTP cache and V8 code cache stay there from
 * one launch to the next, as an Electron app's session keeps them between its starts).
 */
export function launchChromiumWithProfile(
  userDataDir: string,
  options: { viewport: { width: number; height: number }; locale: string },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

export interface PageProblems {
  /** Uncaught errors and console errors, e.g. a CSP violation. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  url: string,
  opts: { colorScheme?: 'light' | 'dark'; height?: number } = {},
): Promise<{ page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    viewport: { width: 1360, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on('pageerror', (e) => problems.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.errors.push(m.text());
  });
  await page.goto(url);
  return { page, problems };
}

export async function screenshot(page: Page, name: string, fullHeight = false): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  if (fullHeight) {
    // The shell scrolls inside <main>; grow the viewport so the whole screen is in the picture.
    const h = await page.$eval('main', (m) => m.scrollHeight + 40).catch(() => 900);
    const vp = page.viewportSize()!;
    await page.setViewportSize({ width: vp.width, height: Math.min(Math.max(h, vp.height), 3000) });
    await page.screenshot({ path: file });
    await page.setViewportSize(vp);
  } else {
    await page.screenshot({ path: file });
  }
  return file;
}

/** Counts canvas pixels that are not blank (transparent or white): proof that pdf.js drew. */
export function drawnPixels(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    // Typed by shape: these tests compile without the DOM library.
    type Ctx = {
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
    const c = el as unknown as { width: number; height: number; getContext(k: '2d'): Ctx | null };
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) n++;
    }
    return n;
  });
}

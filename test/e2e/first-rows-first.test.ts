// What the window shows first is asked for first: the core answers one call at a time, and at
// start the window wants its list's first rows, then the pipeline's sums and "Needs attention"
// (which read every open quote). Counted from the requests the page sends over the real bridge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { seedLocalDrafts, startLocalCore } from './local-app';

const dirs: string[] = [];
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * A page script standing in for React's developer tools: react-dom calls `inject` as its module
 * is evaluated, and `onCommitFiberRoot` after each commit; `inject` and `commit` run there.
 */
function reactHook(on: { inject?: string; commit?: string }): string {
  return `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { ${on.inject ?? ''} return 1; },
    onCommitFiberRoot() { ${on.commit ?? ''} },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };`;
}

describe('the window at start', () => {
  it("asks for the list's first page before anything else, and the pipeline and Needs attention only once it is answered and drawn", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-first-rows-'));
    dirs.push(dataDir);
    const { core, bridge } = await startLocalCore(dataDir);
    try {
      browser = await launchChromium();
      const page = await browser.newPage();
      // In the page: whether a frame has been drawn since the list's answer was put on it (its
      // count of quotes), as each call is sent (a frame's callbacks run together, before any
      // later task).
      await page.addInitScript(`
        window.__rowsDrawn = false;
        window.__sentAfterRows = {};
        new MutationObserver((_, obs) => {
          const count = document.querySelector('[data-testid="result-count"]');
          if (count && /\\d quotes?$/.test(count.textContent)) {
            obs.disconnect();
            requestAnimationFrame(() => { window.__rowsDrawn = true; });
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
        const send = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const m = /\\/ipc\\/([\\w.]+)$/.exec(String(input));
          if (m && !(m[1] in window.__sentAfterRows)) window.__sentAfterRows[m[1]] = window.__rowsDrawn;
          return send(input, init);
        };
      `);
      const seen: string[] = [];
      const name = (url: string) => /\/ipc\/([\w.]+)$/.exec(new URL(url).pathname)?.[1];
      page.on('request', (r) => {
        const n = name(r.url());
        if (n) seen.push(`asked ${n}`);
      });
      page.on('requestfinished', (r) => {
        const n = name(r.url());
        if (n) seen.push(`answered ${n}`);
      });
      await page.goto(bridge.pageUrl);
      await expect
        .poll(() => seen.includes('asked followUps.list') && seen.includes('asked quotes.pipeline'))
        .toBe(true);
      const asked = seen.filter((s) => s.startsWith('asked '));
      expect(asked[0]).toBe('asked quotes.list');
      const listAnswered = seen.indexOf('answered quotes.list');
      expect(listAnswered).toBeGreaterThan(-1);
      for (const later of ['followUps.list', 'followUps.takeNotice', 'quotes.pipeline']) {
        expect(seen.indexOf(`asked ${later}`), later).toBeGreaterThan(listAnswered);
      }
      // …and once its rows are on screen: the core's work on them leaves the drawing alone.
      const afterRows = await page.evaluate<Record<string, boolean>>('window.__sentAfterRows');
      expect(afterRows).toMatchObject({
        'quotes.list': false,
        'followUps.list': true,
        'quotes.pipeline': true,
      });
    } finally {
      await bridge.close();
      await core.close();
    }
  }, 120_000);
  it("sends the list's request before React's code has even run", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-first-request-'));
    dirs.push(dataDir);
    const { core, bridge } = await startLocalCore(dataDir);
    try {
      browser ??= await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const page = await context.newPage();
      // react-dom announces itself to a developer-tools hook as its module is evaluated: the
      // hook notes whether the list's request had left by then. Evaluating React and the
      // screens takes a tenth of a second and more on a busy laptop, which the request no
      // longer waits for.
      await page.addInitScript(`
        window.__listSent = false;
        const send = window.fetch.bind(window);
        window.fetch = (input, init) => {
          if (String(input).endsWith('/ipc/quotes.list')) window.__listSent = true;
          return send(input, init);
        };
        ${reactHook({ inject: 'window.__listSentBeforeReact ??= window.__listSent;' })}
      `);
      await page.goto(bridge.pageUrl);
      await page
        .getByTestId('result-count')
        .filter({ hasText: /\d quotes?$/ })
        .waitFor();
      expect(await page.evaluate('window.__listSentBeforeReact')).toBe(true);
      await context.close();
    } finally {
      await bridge.close();
      await core.close();
    }
  }, 120_000);
  it('draws the rows in its first render when their answer came while its code ran', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-first-render-'));
    dirs.push(dataDir);
    seedLocalDrafts(dataDir, 30);
    // The core already open: the list's answer is back long before React's code has run.
    const { core, bridge } = await startLocalCore(dataDir);
    try {
      browser ??= await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const page = await context.newPage();
      // React tells a developer-tools hook of every commit: at the first, the rows on screen
      // or not. Drawn without them, the window showed "Loading…" and drew them a render later.
      await page.addInitScript(`
        ${reactHook({
          commit:
            "window.__rowsAtFirstCommit ??= document.querySelectorAll('[data-quote-id]').length;",
        })}
      `);
      await page.goto(bridge.pageUrl);
      await page.getByTestId('result-count').filter({ hasText: '30 quotes' }).waitFor();
      expect(await page.evaluate('window.__rowsAtFirstCommit')).toBeGreaterThan(0);
      await context.close();
    } finally {
      await bridge.close();
      await core.close();
    }
  }, 120_000);
});

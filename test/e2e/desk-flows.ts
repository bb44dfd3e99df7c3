// Steps of the tests at the client's desk (present mode, the client's choices and answer), run
// in Chromium against the real core and server: what the salesperson and the client do, by
// role and visible text.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import type { FaultProxy } from '../api/fault-proxy';
import { ok, type Api } from '../helpers/server-api';
import type { RunningApp } from './app';
import { seriousViolations } from './axe';
import { connectionText, syncNow } from './flows';

/** axe's serious and critical findings on the page as it is, in light then dark. */
export async function axeBothSchemes(app: RunningApp, screen: string): Promise<string[]> {
  const { page } = app;
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const v of await seriousViolations(page, app.problems))
      found.push(`${screen} (${scheme}): ${v}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** No connection: every request through the proxy dropped, until `proxy.clear()`. */
export async function goOffline(page: Page, proxy: FaultProxy): Promise<void> {
  proxy.inject({ times: 1_000_000, fault: { kind: 'drop' } });
  await syncNow(page);
  await expect.poll(() => connectionText(page), { timeout: 60_000 }).toContain('Offline');
}

/** The quote as the server holds it, found by its reference code. */
export async function serverQuote(api: Api, ref: string): Promise<QuoteResponse> {
  const list = ok(await api.get(`/v2/quotes?search=${ref}`), 200, ListResponse);
  return ok(await api.get(`/v2/quotes/${list.content[0]!.id}`), 200, QuoteResponse);
}

/** A signature drawn on the pad with the pointer: two strokes. */
export async function drawSignature(page: Page): Promise<void> {
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    const t = i / 24;
    await page.mouse.move(...at(0.1 + 0.5 * t, 0.6 - 0.35 * Math.sin(t * Math.PI * 3)));
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.55, 0.75));
  await page.mouse.down();
  await page.mouse.move(...at(0.85, 0.7), { steps: 8 });
  await page.mouse.up();
}

/**
 * The focused element as the keyboard user is on it: its tag and type, and its name (its
 * aria-label, the text of its label, or its own text), e.g. "INPUT radio Business $550.00…".
 */
export function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const e = document.activeElement;
    if (!e) return '';
    const label = e.labels && e.labels[0] ? e.labels[0].textContent : null;
    const name = e.getAttribute('aria-label') || label || e.textContent || '';
    const type = e.tagName === 'INPUT' ? ' ' + e.type : '';
    return (e.tagName + type + ' ' + name.replace(/\\s+/g, ' ')).trim();
  })()`);
}

/** Tab (or Shift+Tab) until the focused element is `target`, at most 40 presses. */
export async function tabTo(page: Page, target: string | RegExp, key = 'Tab'): Promise<void> {
  const there = async () => {
    const f = await focused(page);
    return typeof target === 'string' ? f === target : target.test(f);
  };
  for (let i = 0; i < 40 && !(await there()); i++) await page.keyboard.press(key);
  const now = await focused(page);
  if (typeof target === 'string') expect(now).toBe(target);
  else expect(now).toMatch(target);
}

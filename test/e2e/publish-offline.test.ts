// Publishing at the client's desk without a connection, end to end in Chromium: "Publish to
// client" works offline and is queued ("Will be published at the next sync"), Undo takes it
// back, the badge says "Offline · waiting" (never "Syncing") beside the footer's "Offline", and
// after reconnecting the server has the quote published. A publish the server refuses leaves a
// draft, the reason on screen and every other edit on the server. The app talks to the real
// server through the fault proxy: no connection is its dropped connections, and the refusal is
// the one fault the real server cannot be made to give on demand.
import { describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import type { FaultProxy } from '../api/fault-proxy';
import { ok, type Api } from '../helpers/server-api';
import type { RunningApp } from './app';
import { appThroughProxyForFile, refuseStatusChange } from './through-proxy';
import { screenshot } from './browser';
import { connectionText, quoteWithOneService, syncNow } from './flows';

let app: RunningApp;
let proxy: FaultProxy;
let api: Api;

appThroughProxyForFile('publish', (started) => ({ app, proxy, api } = started));

const badge = () => app.page.locator('.editor-title .sync-badge').textContent();

/** A quote with one item, synced: its reference code. */
async function syncedQuote(client: string): Promise<string> {
  const { page } = app;
  await quoteWithOneService(page, client);
  await syncNow(page);
  const title = page.locator('.editor-title .mono');
  await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 300 }).toMatch(/^Q-/);
  await expect.poll(badge, { timeout: 60_000 }).toContain('Synced');
  return (await title.textContent())!;
}

async function goOffline() {
  proxy.inject({ times: 1_000_000, fault: { kind: 'drop' } });
  await syncNow(app.page);
  await expect.poll(() => connectionText(app.page), { timeout: 60_000 }).toContain('Offline');
}

async function publish() {
  const { page } = app;
  await page.getByRole('button', { name: 'Publish to client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to the client?' });
  expect(await dialog.textContent()).toContain('it will be published at the next sync');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function serverQuote(ref: string) {
  const list = ok(await api.get(`/v2/quotes?search=${ref}`), 200, ListResponse);
  return ok(await api.get(`/v2/quotes/${list.content[0]!.id}`), 200, QuoteResponse);
}

describe('publish offline', () => {
  it('queues the publish offline, undoable, badge "Offline · waiting"; after reconnecting the server has it published', async () => {
    const { page } = app;
    const ref = await syncedQuote('Blue Fjord Logistics');
    await goOffline();

    await publish();
    const queued = page
      .getByRole('status')
      .filter({ hasText: 'Will be published at the next sync' });
    await queued.waitFor();
    expect(await page.getByRole('note').textContent()).toContain(
      'will be published at the next sync',
    );
    // The badge agrees with the footer through retries: each "Sync now" is a doomed attempt.
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await syncNow(page);
      for (let t = 0; t < 20; t++) {
        seen.add(((await badge()) ?? '').trim());
        expect(await connectionText(page)).toContain('Offline');
        await page.waitForTimeout(100);
      }
    }
    expect([...seen]).toEqual(['Offline · waiting']);
    await screenshot(page, 'publish-queued-offline', true);

    // Undo takes the publish back while it waits; publishing again queues it again.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('button', { name: 'Publish to client' }).waitFor();
    expect(await queued.count()).toBe(0);
    await publish();
    await queued.waitFor();
    expect((await serverQuote(ref)).published).toBe(false); // nothing went out yet

    // Back online: the queued publish is sent.
    proxy.clear();
    await syncNow(page);
    await expect.poll(badge, { timeout: 90_000 }).toContain('Synced');
    const q = await serverQuote(ref);
    expect([q.status, q.published]).toEqual(['sent', true]);
    await expect.poll(() => queued.count()).toBe(0);
  }, 300_000);

  it('a publish the server refuses (refusal injected by the fault proxy) leaves a draft, the reason, and every other edit on the server', async () => {
    const { page } = app;
    const ref = await syncedQuote('Acme Dental Group');
    const serverId = (await serverQuote(ref)).id;
    await goOffline();

    const intro = page.getByLabel('Introduction');
    await intro.fill('Written at the client’s desk');
    await intro.blur();
    await publish();
    await page
      .getByRole('status')
      .filter({ hasText: 'Will be published at the next sync' })
      .waitFor();

    // Every publish of this quote, and nothing else: the header without it goes through.
    refuseStatusChange(
      proxy,
      serverId,
      /"published":true/,
      'status: a quote cannot go from draft to sent',
    );
    await syncNow(page);
    const refused = page.getByRole('alert').filter({ hasText: 'Not published' });
    await refused.waitFor({ timeout: 90_000 });
    expect(await refused.textContent()).toContain('a quote cannot go from draft to sent');
    // A draft again, editable, with what was typed offline kept.
    await page.getByRole('button', { name: 'Publish to client' }).waitFor();
    expect(await intro.inputValue()).toBe('Written at the client’s desk');
    await expect.poll(badge, { timeout: 90_000 }).toContain('Synced');
    const q = await serverQuote(ref);
    expect([q.status, q.published, q.introMessage]).toEqual([
      'draft',
      false,
      'Written at the client’s desk',
    ]);
    expect(proxy.count('PUT', new RegExp(`^/v2/quotes/${serverId}$`))).toBeGreaterThan(1);
    await screenshot(page, 'publish-refused', true);
  }, 300_000);
});

// Settings → Remove with drafts that never reached the server: the dialog counts them in
// words, "Sync now" cannot send them while offline, and "Remove anyway" leaves nothing of
// the connection on disk. Real server, real core, real SQLite, real Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { connectionText, newQuote, syncNow } from './flows';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ connect: true });
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, `failed-remove-connection`).catch(() => {});
});

afterAll(async () => {
  await app?.close();
});

describe('removing a connection with unsynced drafts', () => {
  it('shows what would be lost, and Remove anyway deletes the profile’s folder', async () => {
    const { page } = app;
    const listed = await app.core.dispatch('profiles.list', undefined, { via: 'test' });
    if (!listed.ok) throw new Error('profiles.list failed');
    const { profiles } = listed.value as { profiles: { id: string; name: string }[] };
    const profile = profiles.find((p) => p.name === 'Test server')!;
    const storeDir = path.join(app.dataDir, 'stores', profile.id);
    // The clients of a new quote come from the offline copy of the catalogue.
    await app.core.dispatch('catalogue.commitmentTerms', undefined, { via: 'test' });

    // The connection drops; two quotes are made that cannot reach the server.
    await app.stopServer();
    await syncNow(page);
    await expect.poll(() => connectionText(page), { timeout: 30_000 }).toContain('Offline');
    await newQuote(page, 'Acme Dental Group');
    await newQuote(page, 'Acme Dental Group');
    expect(fs.existsSync(storeDir)).toBe(true);

    await page.getByRole('button', { name: 'Settings' }).click();
    const row = page
      .getByRole('list', { name: 'Connections' })
      .getByRole('listitem')
      .filter({ hasText: 'Test server' });
    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove connection' });
    await dialog.getByText('“Test server” has 2 drafts not yet synced.').waitFor();

    // Syncing first is offered; offline it sends nothing and the count stays.
    await dialog.getByRole('button', { name: 'Sync now' }).click();
    await dialog.getByText('Quotedesk is offline: nothing could be synced.').waitFor();
    await dialog.getByText('“Test server” has 2 drafts not yet synced.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Remove anyway' }).click();
    await page.getByText('Removed Test server').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(fs.existsSync(storeDir)).toBe(false);
  });
});

// Settings → Enter secret… for an existing connection, in the real renderer (browser mode,
// real Chromium): the secret is taken for that same connection, which stays the active one;
// an empty secret is refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { DEMO } from '../helpers/server-api';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ connect: true });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('entering a connection secret again', () => {
  it('from the connection row: same connection, still active, and it tests fine', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    const row = page
      .getByRole('list', { name: 'Connections' })
      .getByRole('listitem')
      .filter({ hasText: 'Test server' });
    await row.getByRole('button', { name: 'Enter secret…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter secret for Test server' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await dialog.getByText('Client secret is required').waitFor();
    await dialog.getByLabel('Client secret').fill(DEMO.ada.secret);
    await screenshot(page, 'settings-enter-secret');
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Secret saved for Test server').waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Connections' }).getByRole('listitem').count())
      .toBe(1);
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Test' }).click();
    await row.getByText(/✓/).waitFor({ timeout: 30_000 });
    expect(app.problems.errors).toEqual([]);
  }, 120_000);
});

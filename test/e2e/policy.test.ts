// The organisation's policy in the real renderer (browser mode, real Chromium, real core and
// server): what it sets shows "Set by your organisation" and offers no way to change it; the
// salesperson only enters the secret of the preset connection. A broken policy leaves the app
// working and says which field is wrong.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { DEMO } from '../helpers/server-api';

let app: RunningApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const settings = async (a: RunningApp) => {
  await a.page.getByRole('button', { name: 'Settings' }).click();
  await a.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
};

describe('Settings under a policy', () => {
  it('locks what the policy sets; the secret is all the salesperson enters', async () => {
    app = await startApp({
      policy: (server) => ({
        connections: [
          {
            name: 'Northwind production',
            baseUrl: server.baseUrl,
            audience: server.baseUrl,
            clientId: DEMO.ada.clientId,
            caFile: server.caFile,
          },
        ],
        offlinePreviewBudgetMiB: 64,
        dataProtection: 'keychain',
      }),
    });
    const { page } = app;
    await settings(app);
    await page
      .getByRole('note')
      .getByText(/set by your organisation/i)
      .waitFor();
    const connections = page.getByRole('region', { name: 'Connections' });
    await connections.getByText('Set by your organisation').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add connection' }).count()).toBe(0);
    const row = page
      .getByRole('list', { name: 'Connections' })
      .getByRole('listitem')
      .filter({ hasText: 'Northwind production' });
    await row.getByText('Set by your organisation').waitFor();
    expect(await row.getByRole('button', { name: 'Remove' }).count()).toBe(0);

    const budget = page.getByRole('region', { name: 'Offline previews' });
    await budget.getByText('Set by your organisation').waitFor();
    const input = budget.getByLabel('Disk budget (MiB)');
    await expect.poll(() => input.inputValue()).toBe('64');
    expect(await input.getAttribute('readonly')).not.toBeNull();
    expect(await budget.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByText('Encrypted with a key kept in the system keychain').waitFor();
    await screenshot(page, 'settings-policy-locked', true);

    await row.getByRole('button', { name: 'Enter secret…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter secret for Northwind production' });
    await dialog.getByLabel('Client secret').fill(DEMO.ada.secret);
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Test' }).click();
    await row.getByText(/✓/).waitFor({ timeout: 30_000 });
    expect(app.problems.errors).toEqual([]);
  }, 180_000);

  it('a broken policy: the app works, Settings names the field, nothing is locked', async () => {
    app = await startApp({
      policy: () => ({ offlinePreviewBudgetMiB: -5, demoConnection: false }),
    });
    const { page } = app;
    await settings(app);
    const alert = page.getByRole('alert').filter({ hasText: 'policy' });
    await alert.getByText('offlinePreviewBudgetMiB').waitFor();
    await alert.getByText('must be 0 or more').waitFor();
    await page.getByRole('button', { name: 'Add connection' }).waitFor();
    const budget = page.getByRole('region', { name: 'Offline previews' });
    expect(await budget.getByText('Set by your organisation').count()).toBe(0);
    await budget.getByRole('button', { name: 'Save' }).waitFor();
    await screenshot(page, 'settings-policy-ignored', true);
    expect(app.problems.errors).toEqual([]);
  }, 180_000);
});

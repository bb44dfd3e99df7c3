// Settings → Remove with drafts that never reached the server: the dialog counts them in
// words, "Sync now" cannot send them while offline, "Export unsynced drafts…" saves them to a
// file (the browser's download), and "Remove anyway" leaves nothing of the connection on disk;
// the same connection added again takes the file back (Import drafts…, a file picked in the
// page) and the drafts are listed and sent again. Real server, real core, real SQLite, real
// Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, type RunningApp } from './app';
import { addConnection, connectionText, newQuote, openQuotes, syncNow } from './flows';
import { DEMO } from '../helpers/server-api';

let app: RunningApp;
appForFile('remove-connection', { connect: true }, (started) => (app = started));

describe('removing a connection with unsynced drafts', () => {
  it('shows what would be lost, exports it to a file, Remove anyway deletes the profile’s folder, and the file imported into the connection added again brings the drafts back', async () => {
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

    // Exported to one file first: the browser's download, said to be readable.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export unsynced drafts…' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Quotedesk drafts - Test server - .+\.json$/);
    const saved = path.join(path.dirname(app.dataDir), 'drafts.json');
    await download.saveAs(saved);
    await dialog
      .getByText(/The file holds 2 new drafts of “Test server”\. It is not encrypted/)
      .waitFor();
    expect(
      await dialog.getByText(/holds your clients’ names and prices in readable form/).count(),
    ).toBe(1);
    const file = JSON.parse(fs.readFileSync(saved, 'utf8')) as { quotes: unknown[] };
    expect(file.quotes).toHaveLength(2);

    await dialog.getByRole('button', { name: 'Remove anyway' }).click();
    await page.getByText('Removed Test server').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(fs.existsSync(storeDir)).toBe(false);

    // Signed in again to the same server: the file puts the drafts back, and they are sent.
    await app.startServerAgain();
    await addConnection(page, {
      name: 'Test server',
      baseUrl: app.server().baseUrl,
      clientId: DEMO.ada.clientId,
      secret: DEMO.ada.secret,
      caFile: app.server().caFile,
    });
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import drafts…' }).click();
    await (await choosing).setFiles(saved);
    await page
      .getByText(/^Imported 2 new drafts into “Test server”; they sync like any edit\.$/)
      .waitFor();
    await openQuotes(page);
    const drafts = page.getByRole('row').filter({ hasText: 'Acme Dental Group' });
    await expect.poll(() => drafts.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(
        async () => {
          const r = await app.core.dispatch('quotes.list', { account: 'partner' }, { via: 'test' });
          const list = r.ok ? (r.value as { content: { serverId: string | null }[] }) : null;
          return list?.content.filter((q) => q.serverId).length;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
  });
});

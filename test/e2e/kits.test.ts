// Kits end to end, by role and visible text, in Chromium against the real core and the real
// Quoting API: a product with its add-on saved as a kit from one quote and added to another in
// one step (and one undo), which syncs with the add-on linked to its product on the server; a
// kit that would pass 30 items refused with the count; a kit out to a file and back in, and a
// bad file refused naming what is wrong. The Kits screen photographed at 1280 × 800.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse, SectionsResponse } from '../../common/api';
import { REPO_ROOT } from '../helpers/server';
import { login, ok } from '../helpers/server-api';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';
import { addSection, newQuote, syncNow } from './flows';

const PARENT = 'Microsoft 365 Business Premium';
const ADD_ON = 'Microsoft Teams Phone Standard Add-on';
const KIT = 'Office 25 seats';

let app: RunningApp;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-kits-e2e-'));

beforeAll(async () => {
  app = await startApp({ connect: true, seed: path.join(REPO_ROOT, 'server/seed/demo.json') });
  await app.page.setViewportSize({ width: 1360, height: 900 });
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && app)
    await screenshot(app.page, 'failed-kits').catch(() => {});
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const sectionOf = (item: string) =>
  app.page
    .locator(`[data-item="${item}"]`)
    .evaluate((tr) => tr.closest('[data-section]')?.getAttribute('data-section'));

async function openKits() {
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Kits' })
    .click();
  await page.getByRole('heading', { name: 'Kits', level: 1 }).waitFor();
}

/** The local id of the newest quote of a client, from the core (for setting up many items). */
async function quoteIdOf(client: string): Promise<string> {
  const r = await app.core.dispatch(
    'quotes.list',
    { search: client, account: 'user' },
    { via: 'test' },
  );
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { content: { id: string }[] }).content[0]!.id;
}

describe('kits', () => {
  it('saves a product with its add-on as a kit and adds it to another quote in one step, which syncs with the add-on linked to its product', async () => {
    const { page } = app;
    // The source quote: Microsoft 365 and its Teams Phone add-on, in "Licences", 25 seats.
    await newQuote(page, 'Granite Peak Schools');
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add line item' });
    await dialog.getByRole('combobox', { name: 'Product' }).fill('Business Premium');
    await dialog.getByRole('option', { name: /^Microsoft 365 Business Premium/ }).click();
    await dialog.getByLabel(new RegExp(ADD_ON)).check();
    await dialog.getByRole('button', { name: 'Add 2 items' }).click();
    await dialog.waitFor({ state: 'detached' });
    await addSection(page, 'Licences');
    await page.getByLabel(`Section of ${PARENT}`).selectOption({ label: 'Licences' });
    await expect.poll(() => sectionOf(ADD_ON)).toBe('Licences');
    await page.getByLabel(`Quantity of ${PARENT}`).fill('25');
    await page.getByLabel(`Note of ${ADD_ON}`).fill('Calling for every seat');
    await page.getByLabel(`Note of ${ADD_ON}`).press('Tab');

    // Only the add-on ticked (with the keyboard): its product comes along, and the dialog says so.
    const box = page.getByRole('checkbox', { name: `Select ${ADD_ON}` });
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save 1 item as kit…' }).click();
    const save = page.getByRole('dialog', { name: 'Save as kit' });
    await save.getByText(`Taken along: ${ADD_ON} is an add-on of it.`).waitFor();
    await save.getByLabel('Kit name').fill(KIT);
    await save.getByRole('button', { name: 'Save kit' }).click();
    await save.waitFor({ state: 'detached' });
    await page.getByText(`Saved kit “${KIT}” with 2 items.`).waitFor();
    expect(await box.isChecked()).toBe(false);

    // Another client's quote: "Add kit…" shows what it does before anything is added.
    await newQuote(page, 'Harbor Street Veterinary');
    await page.getByRole('button', { name: 'Add kit…' }).click();
    const add = page.getByRole('dialog', { name: 'Add kit' });
    await add.getByRole('radio', { name: new RegExp(KIT) }).check();
    await add
      .getByText('Adds 2 line items (28 more would still fit). Makes the section “Licences”.')
      .waitFor();
    await add.getByRole('button', { name: 'Add 2 items' }).click();
    await add.waitFor({ state: 'detached' });
    await page.locator(`[data-item="${ADD_ON}"]`).waitFor();
    expect(await sectionOf(PARENT)).toBe('Licences');
    expect(await sectionOf(ADD_ON)).toBe('Licences');
    expect(await page.getByLabel(`Quantity of ${PARENT}`).inputValue()).toBe('25');
    expect(await page.getByLabel(`Note of ${ADD_ON}`).inputValue()).toBe('Calling for every seat');

    // One step: one undo takes the whole kit out, redo puts it back.
    await page.getByRole('main').getByRole('button', { name: 'Undo', exact: true }).click();
    await page.locator(`[data-item="${PARENT}"]`).waitFor({ state: 'detached' });
    expect(await page.locator(`[data-item="${ADD_ON}"]`).count()).toBe(0);
    await page.getByRole('main').getByRole('button', { name: 'Redo', exact: true }).click();
    await page.locator(`[data-item="${ADD_ON}"]`).waitFor();

    // On the server after sync: the add-on names its product, both in "Licences".
    await syncNow(page);
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 90_000 }).toMatch(/^Q-/);
    await expect
      .poll(() => page.locator('.editor-title .sync-badge').textContent(), { timeout: 90_000 })
      .toContain('Synced');
    const ref = (await title.textContent())!;
    const api = await login(app.server().baseUrl, app.server().ca);
    try {
      const list = ok(
        await api.get(`/v2/quotes?search=${encodeURIComponent(ref)}`),
        200,
        ListResponse,
      );
      const id = list.content[0]!.id;
      const items = ok(await api.get(`/v2/quotes/${id}`), 200, QuoteResponse).lineItems;
      const parent = items.find((i) => i.product.name === PARENT)!;
      const addOn = items.find((i) => i.product.name === ADD_ON)!;
      expect(parent.quantity).toBe(25);
      expect(addOn.note).toBe('Calling for every seat');
      expect(addOn.relationship?.requiredLineItemId).toBe(parent.id);
      const sections = ok(
        await api.get(`/v2/quotes/${id}/sections`),
        200,
        SectionsResponse,
      ).sections;
      expect(sections.map((s) => [s.name, s.lineItems.map((li) => li.lineItemId).sort()])).toEqual([
        ['Licences', [parent.id, addOn.id].sort()],
      ]);
    } finally {
      await api.close();
    }
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it('refuses a kit that would pass 30 line items before adding anything, saying how many fit', async () => {
    const { page } = app;
    await newQuote(page, 'Ironwood Manufacturing');
    // 29 items set up through the core (one call), then the rest as the salesperson does it.
    const quoteId = await quoteIdOf('Ironwood Manufacturing');
    const r = await app.core.dispatch(
      'lineItems.add',
      {
        quoteId,
        items: Array.from({ length: 29 }, (_, i) => ({
          type: 'Custom',
          productName: `Visit ${i + 1}`,
          billingTerm: 'One-Time',
          quantity: 1,
          price: 100,
          cost: 50,
          initialTotal: 100,
        })),
      },
      { via: 'test' },
    );
    expect(r.ok).toBe(true);
    await page.getByText('29 of 30 items').waitFor();
    await page.getByRole('button', { name: 'Add kit…' }).click();
    const add = page.getByRole('dialog', { name: 'Add kit' });
    await add.getByRole('radio', { name: new RegExp(KIT) }).check();
    await add
      .getByRole('alert')
      .filter({
        hasText:
          'The kit has 2 line items, but only 1 more fits in this quote (at most 30 a quote).',
      })
      .waitFor();
    expect(await add.getByRole('button', { name: 'Add 2 items' }).isDisabled()).toBe(true);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByText('29 of 30 items').waitFor();
    expect(await page.locator(`[data-item="${PARENT}"]`).count()).toBe(0);
  }, 180_000);

  it('exports a kit to a file and imports it again; a bad or foreign file is refused naming what is wrong', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openKits();
    const kits = page.getByRole('list', { name: 'Kits' });
    const row = kits.getByRole('listitem', { name: KIT });
    await row.getByText(`${ADD_ON}`).waitFor();
    await row.getByText(`add-on of ${PARENT}`).waitFor();
    await screenshot(page, 'kits-screen-1280x800');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export ${KIT}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${KIT}.qdkit.json`);
    const file = path.join(scratch, download.suggestedFilename());
    await download.saveAs(file);

    await row.getByRole('button', { name: `Delete ${KIT}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete kit “${KIT}”?` });
    await confirm.getByRole('button', { name: 'Delete kit' }).click();
    await page.getByText('No kits yet. Save one from a quote, or import a kit file.').waitFor();

    const input = page.getByLabel('Kit file to import');
    await input.setInputFiles(file);
    await page.getByText(`Imported kit “${KIT}” with 2 items.`).waitFor();
    await kits.getByRole('listitem', { name: KIT }).getByText(`add-on of ${PARENT}`).waitFor();

    // Not a kit file at all, and a kit file with a bad value: refused, naming what is wrong.
    await input.setInputFiles({
      name: 'quote.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ format: 'quotedesk.quote-export', version: 1 })),
    });
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'quote.json: The file is not a Quotedesk kit file (its format is "quotedesk.quote-export").',
      })
      .waitFor();
    const broken = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      kit: { items: { quantity: number }[] };
    };
    broken.kit.items[1]!.quantity = 0;
    await input.setInputFiles({
      name: 'broken.qdkit.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'broken.qdkit.json: The kit file is not valid: kit.items.1.quantity must be at least 1.',
      })
      .waitFor();
    expect(await kits.getByRole('heading', { level: 2 }).allTextContents()).toEqual([KIT]);

    // Renamed, it is found by its new name when adding a kit.
    await kits.getByRole('button', { name: `Rename ${KIT}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename kit “${KIT}”` });
    await rename.getByLabel('Kit name').fill('Office basics');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await kits.getByRole('listitem', { name: 'Office basics' }).waitFor();
    expect(app.problems.errors).toEqual([]);
  }, 180_000);
});

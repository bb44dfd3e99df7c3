// Steps a salesperson takes, written once for the end-to-end tests and the UI bench.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function addConnection(
  page: Page,
  c: { name: string; baseUrl: string; clientId: string; secret: string; caFile: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add connection' }).click();
  const form = page.getByRole('form', { name: 'New connection' });
  await form.getByLabel('Name').fill(c.name);
  await form.getByLabel('Base URL').fill(c.baseUrl);
  await form.getByLabel('Client id').fill(c.clientId);
  await form.getByLabel('Client secret').fill(c.secret);
  // Picked as a file (its text goes to main), never typed as a path.
  await form.getByLabel('Extra CA file (optional)').setInputFiles(c.caFile);
  await form.getByText(/Quotedesk keeps a copy of it/).waitFor();
  await form.getByRole('button', { name: 'Test connection' }).click();
  await form.getByText(/✓/).waitFor({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Save connection' }).click();
  await form.waitFor({ state: 'detached' });
  const row = page
    .getByRole('list', { name: 'Connections' })
    .getByRole('listitem')
    .filter({ hasText: c.name });
  await row.waitFor();
  const use = row.getByRole('button', { name: 'Use this' });
  await row.getByText('Active').or(use).first().waitFor({ timeout: 30_000 });
  if (await use.count()) await use.click();
  await row.getByText('Active').waitFor({ timeout: 30_000 });
}

export async function openQuotes(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Quotes', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
}

export async function newQuote(page: Page, client: string): Promise<void> {
  await openQuotes(page);
  await page.getByRole('button', { name: 'New quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'New quote' });
  await dialog.getByRole('combobox', { name: 'Client' }).fill(client.slice(0, 4));
  await dialog.getByRole('option', { name: new RegExp(client) }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: client, level: 1 }).waitFor();
}

export async function addSection(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('New section name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.locator(`[data-section="${name}"]`).waitFor();
}

export interface CatalogueLine {
  product: string;
  search: string;
  quantity: string;
  price: string;
  cost?: string;
}

async function pickProduct(page: Page, line: CatalogueLine) {
  const dialog = page.getByRole('dialog', { name: 'Add line item' });
  await dialog.getByRole('combobox', { name: 'Product' }).fill(line.search);
  await dialog
    .getByRole('option', { name: new RegExp(line.product) })
    .first()
    .click();
  await expect
    .poll(() => dialog.getByLabel('Unit price').inputValue(), { timeout: 30_000 })
    .not.toBe('');
  await dialog.getByLabel('Quantity').fill(line.quantity);
  if (line.cost !== undefined) await dialog.getByLabel('Unit cost').fill(line.cost);
  await dialog.getByLabel('Unit price').fill(line.price);
  return dialog;
}

export async function addStandard(page: Page, section: string, line: CatalogueLine): Promise<void> {
  await page.getByRole('button', { name: `Add item to ${section}` }).click();
  const dialog = await pickProduct(page, line);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator(`[data-section="${section}"] [data-item="${line.product}"]`).waitFor();
}

export async function addUsageBased(
  page: Page,
  section: string,
  line: CatalogueLine,
): Promise<void> {
  await page.getByRole('button', { name: `Add item to ${section}` }).click();
  await page.getByRole('tab', { name: 'Usage-based' }).click();
  const dialog = await pickProduct(page, line);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator(`[data-section="${section}"] [data-item="${line.product}"]`).waitFor();
}

export interface CustomLine {
  name: string;
  sku: string;
  billingTerm: string;
  quantity: string;
  cost: string;
  price: string;
}

export async function addCustom(page: Page, section: string, line: CustomLine): Promise<void> {
  await page.getByRole('button', { name: `Add item to ${section}` }).click();
  await page.getByRole('tab', { name: 'Custom item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add line item' });
  await dialog.getByLabel('Name').fill(line.name);
  await dialog.getByLabel('SKU').fill(line.sku);
  await dialog.getByLabel('Billing term').selectOption(line.billingTerm);
  await dialog.getByLabel('Quantity').fill(line.quantity);
  await dialog.getByLabel('Unit cost').fill(line.cost);
  await dialog.getByLabel('Unit price').fill(line.price);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator(`[data-section="${section}"] [data-item="${line.name}"]`).waitFor();
}

/** A new quote for `client` with one section, Services, holding one custom line (5 × $12 a month). */
export async function quoteWithOneService(
  page: Page,
  client: string,
  line: Pick<CustomLine, 'name' | 'sku'> = { name: 'Managed backup', sku: 'SVC-BACKUP' },
): Promise<void> {
  await newQuote(page, client);
  await addSection(page, 'Services');
  await addCustom(page, 'Services', {
    ...line,
    billingTerm: 'Monthly',
    quantity: '5',
    cost: '6',
    price: '12',
  });
}

export async function connectionText(page: Page): Promise<string> {
  return (await page.getByTestId('connection').textContent()) ?? '';
}

export async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Sync now|Syncing/ }).click();
}

// A PDF added from disk is kept locally and previewed with pdf.js, page by page and zoomed:
// the canvas really has drawn pixels.
import { describe, expect, it } from 'vitest';
import { appForFile, type RunningApp } from './app';
import { drawnPixels, screenshot } from './browser';
import { newQuote } from './flows';
import { makePdf } from './pdf';

let app: RunningApp;
appForFile('attachment-preview', { connect: true }, (started) => (app = started));

describe('attachments', () => {
  it('adds a PDF from disk, renames it and previews it with pdf.js', async () => {
    const { page } = app;
    await newQuote(page, 'Cedar & Pine Law LLP');
    await page.getByTestId('attachment-file-input').setInputFiles({
      name: 'Service description.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Service description', 2),
    });
    const row = page.locator('[data-attachment="Service description.pdf"]');
    await row.waitFor({ timeout: 30_000 });

    // A file that is not a PDF is refused at the field, with its name.
    await page.getByTestId('attachment-file-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text'),
    });
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('notes.pdf is not a PDF file');

    await row.getByRole('button', { name: 'Rename Service description.pdf' }).click();
    await page.getByLabel('New name for Service description.pdf').fill('Statement of work.pdf');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const renamed = page.locator('[data-attachment="Statement of work.pdf"]');
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Preview Statement of work.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: /Preview: Statement of work.pdf/ });
    await dialog.locator('canvas[data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('pdf-page').textContent()).toBe('Page 1 of 2');
    const first = await drawnPixels(page, '[data-testid="pdf-canvas"]');
    expect(first).toBeGreaterThan(10_000);
    await screenshot(page, 'attachment-preview');

    await dialog.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => dialog.getByTestId('pdf-page').textContent()).toBe('Page 2 of 2');
    await dialog.locator('canvas[data-rendered="true"]').waitFor();
    const width = await dialog
      .getByTestId('pdf-canvas')
      .evaluate((c) => (c as unknown as { width: number }).width);
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(() =>
        dialog.getByTestId('pdf-canvas').evaluate((c) => (c as unknown as { width: number }).width),
      )
      .toBeGreaterThan(width);
    await dialog.locator('canvas[data-rendered="true"]').waitFor();
    expect(await drawnPixels(page, '[data-testid="pdf-canvas"]')).toBeGreaterThan(10_000);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // All attachments as one zip, saved through the browser's download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all (.zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = await download.path();
    const head = (await import('node:fs')).readFileSync(zipPath).subarray(0, 2).toString('latin1');
    expect(head).toBe('PK');
    expect(app.problems.errors).toEqual([]);
  }, 240_000);
});

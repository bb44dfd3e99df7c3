// Accept at the desk end to end in Chromium, against the real core and the real server over
// HTTPS, the connection through the fault proxy (no connection is its dropped connections):
// the client signs in present mode by pointer events while the app is offline; after
// reconnecting the server holds the signed PDF as an attachment and the status accepted, the
// PDF's text holds the name, e-mail, date and the version's hash. A colleague's change on the
// server before the reconnect stops the answer and shows the difference; a status change the
// server refuses (refusal injected by the fault proxy: the real server accepts every answer
// to a sent quote) is said in words with the PDF attached. Once accepted, the salesperson's next
// edit asks first and, agreed, starts a new version. Keyboard only through present mode and the
// accept step with the typed name; axe in light and dark.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../common/ipc';
import type { VersionSummary } from '../../common/versions';
import type { FaultProxy } from '../api/fault-proxy';
import type { Api } from '../helpers/server-api';
import { pdfPagePng, pdfPages, pdfText } from '../proposal/helpers';
import type { RunningApp } from './app';
import { appThroughProxyForFile, refuseStatusChange } from './through-proxy';
import { SCREENSHOTS } from './browser';
import {
  axeBothSchemes,
  drawSignature,
  focused as focusedControl,
  goOffline,
  serverQuote,
} from './desk-flows';
import { newQuote, quoteWithOneService, syncNow } from './flows';

/** Where the screenshots a person looks at are kept beside the test run's own. */
const SHOTS = SCREENSHOTS;

let app: RunningApp;
let proxy: FaultProxy;
let api: Api;

appThroughProxyForFile('desk', (started) => ({ app, proxy, api } = started));

const badge = () => app.page.locator('.editor-title .sync-badge').textContent();

async function value<T>(name: string, input: unknown): Promise<T> {
  const r = await app.core.dispatch(name as never, input as never, { via: 'test' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as T;
}

/** A quote with one line, synced as a draft: its reference code and local id. */
async function syncedQuote(client: string): Promise<{ ref: string; quoteId: string }> {
  const { page } = app;
  await quoteWithOneService(page, client);
  await page.getByLabel('Terms and disclaimers').fill('Payment within 30 days of invoice.');
  await page.getByLabel('Terms and disclaimers').blur();
  await syncNow(page);
  const title = page.locator('.editor-title .mono');
  await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 300 }).toMatch(/^Q-/);
  await expect.poll(badge, { timeout: 60_000 }).toContain('Synced');
  const ref = (await title.textContent())!;
  return { ref, quoteId: await localIdOf(ref) };
}

async function localIdOf(ref: string): Promise<string> {
  const r = await value<{ content: { id: string; referenceCode: string | null }[] }>(
    'quotes.list',
    { search: ref },
  );
  return r.content.find((q) => q.referenceCode === ref)!.id;
}

/** Present mode → Accept → name, e-mail, terms, a drawn signature → signed. */
async function acceptAtTheDesk(page: Page, opts: { shots?: boolean } = {}): Promise<string[]> {
  const found: string[] = [];
  await page.getByRole('button', { name: 'Present', exact: true }).click();
  const present = page.locator('.present');
  await present.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
  await dialog.getByLabel('Your name').fill('Dana Whitfield');
  await dialog.getByLabel('Your e-mail').fill('dana@bluefjord.example');
  expect(await dialog.getByRole('region', { name: 'Terms to read' }).textContent()).toBe(
    'Payment within 30 days of invoice.',
  );
  await dialog.getByLabel('I have read the terms').check();
  await drawSignature(page);
  if (opts.shots) {
    found.push(...(await axeBothSchemes(app, 'accept step')));
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, 'desk-signature-step.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(SHOTS, 'desk-signature-step-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(viewport);
  }
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await present.getByRole('status').filter({ hasText: 'Your acceptance is recorded' }).waitFor();
  if (opts.shots) found.push(...(await axeBothSchemes(app, 'thanks')));
  await present.getByRole('button', { name: 'Close presentation' }).click();
  await page.locator('.editor-title').waitFor();
  return found;
}

describe('accept at the desk', () => {
  it('accepts offline with a signature drawn by pointer events; after reconnecting the server holds the signed PDF and the status accepted', async () => {
    const { page } = app;
    const { ref, quoteId } = await syncedQuote('Blue Fjord Logistics');
    await goOffline(app.page, proxy);

    const found = await acceptAtTheDesk(page, { shots: true });
    const queued = page.getByRole('note').filter({ hasText: 'at the next sync' });
    await queued.waitFor();
    expect(await queued.textContent()).toContain('Dana Whitfield (dana@bluefjord.example)');
    expect((await serverQuote(api, ref)).status).toBe('draft'); // nothing went out yet

    proxy.clear();
    await syncNow(page);
    await expect
      .poll(async () => (await serverQuote(api, ref)).status, { timeout: 90_000 })
      .toBe('accepted');
    const q = await serverQuote(api, ref);
    const signed = q.attachments.find((a) => a.name.startsWith('Signed Proposal'))!;
    expect(signed.name).toContain(ref);
    const file = await api.get(`/v2/quotes/${q.id}/attachments/${signed.id}?download=true`);
    expect(file.status).toBe(200);
    const bytes = file.body;

    const { responses } = await value<{ responses: DeskResponse[] }>('desk.responses', {
      quoteId,
    });
    const answer = responses.at(-1)!;
    const { versions } = await value<{ versions: VersionSummary[] }>('versions.list', { quoteId });
    const v = versions.find((x) => x.number === answer.version)!;
    expect([v.reason, v.label]).toEqual(['desk', 'Accepted at the desk']);
    const day = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: answer.timeZone,
    }).format(new Date(answer.signedAt));
    const text = pdfText(bytes);
    for (const shown of ['Dana Whitfield', 'dana@bluefjord.example', day, `(${answer.timeZone})`])
      expect(text).toContain(shown);
    for (let p = 1; p <= pdfPages(bytes); p++) expect(pdfText(bytes, p)).toContain(v.sha256!);
    pdfPagePng(bytes, 1, SHOTS, 'desk-signed-proposal');

    await page
      .getByRole('note')
      .filter({ hasText: 'Marked accepted at the desk by Dana Whitfield' })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Verify versions' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /(All \d+ versions are|The one version is) as (they were|it was) saved/ })
      .waitFor();
    expect(found).toEqual([]);
  }, 300_000);

  it("a colleague's change on the server before the reconnect: the app does not mark it accepted, stops and shows the difference", async () => {
    const { page } = app;
    const { ref } = await syncedQuote('Acme Dental Group');
    await goOffline(app.page, proxy);
    await acceptAtTheDesk(page);

    // A colleague edits the introduction on the server meanwhile.
    const before = await serverQuote(api, ref);
    const put = await api.put(`/v2/quotes/${before.id}`, {
      expiresOn: before.expiresOn,
      introMessage: 'Revised by Sam: new pricing from next month.',
      published: before.published,
      status: before.status,
      termsAndDisclaimers: before.termsAndDisclaimers,
    });
    expect(put.status, put.text).toBe(200);

    proxy.clear();
    await syncNow(page);
    const stopped = page.getByRole('alert').filter({ hasText: 'Not marked accepted' });
    await stopped.waitFor({ timeout: 90_000 });
    expect(await stopped.textContent()).toContain(
      'the quote changed on the server after the client saw it',
    );
    expect((await serverQuote(api, ref)).status).toBe('draft');

    const found = await axeBothSchemes(app, 'stopped answer');
    await stopped.getByRole('button', { name: 'Compare the changes' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare versions' });
    await compare.getByText('Revised by Sam: new pricing from next month.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'desk-stopped-compare.png') });
    found.push(...(await axeBothSchemes(app, 'compare with the server copy')));
    expect(found).toEqual([]);
    await compare.getByRole('button', { name: 'Close' }).click();

    // The salesperson keeps it here only: the colleague's quote stays as it is there.
    await stopped.getByRole('button', { name: 'Keep it on this computer only' }).click();
    await page.getByRole('note').filter({ hasText: 'kept on this computer only' }).waitFor();
    await syncNow(page);
    await expect.poll(badge, { timeout: 90_000 }).toContain('Synced');
    const after = await serverQuote(api, ref);
    expect([after.status, after.introMessage]).toEqual([
      'draft',
      'Revised by Sam: new pricing from next month.',
    ]);
    expect(after.attachments.some((a) => a.name.startsWith('Signed Proposal'))).toBe(false);
  }, 300_000);

  it('a status change the partner API refuses (refusal injected by the fault proxy) is said in words, the signed PDF attached', async () => {
    const { page } = app;
    const { ref } = await syncedQuote('Cedar & Pine Law LLP');
    const serverId = (await serverQuote(api, ref)).id;
    await goOffline(app.page, proxy);
    await acceptAtTheDesk(page);

    refuseStatusChange(
      proxy,
      serverId,
      /"status":"accepted"/,
      'status: this partner does not take acceptances through the API',
    );
    await syncNow(page);
    const refused = page.getByRole('alert').filter({ hasText: 'Not marked accepted' });
    await refused.waitFor({ timeout: 90_000 });
    const said = (await refused.textContent())!;
    expect(said).toContain('The partner API refused to change the status');
    expect(said).toContain('this partner does not take acceptances through the API');
    expect(said).toContain('the signed proposal stays attached');
    await expect.poll(badge, { timeout: 90_000 }).toContain('Synced');
    const q = await serverQuote(api, ref);
    expect(q.status).toBe('sent');
    expect(q.attachments.some((a) => a.name.startsWith('Signed Proposal'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'desk-refused.png') });
    expect(await axeBothSchemes(app, 'refused answer')).toEqual([]);
  }, 300_000);

  it('an accepted version is locked: the next edit asks first; agreed by keyboard, the typed text is kept and a new version follows the accepted one', async () => {
    const { page } = app;
    const { ref, quoteId } = await syncedQuote('Blue Fjord Logistics');
    await goOffline(app.page, proxy);
    await acceptAtTheDesk(page);
    // Taken back before the sync: a draft again, which can be edited.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    const intro = page.getByLabel('Introduction');
    await expect.poll(() => intro.isEnabled(), { timeout: 30_000 }).toBe(true);
    const before = await intro.inputValue();
    const ask = page.getByRole('dialog', { name: 'Edit the accepted quote?' });
    const { versions: held } = await value<{ versions: VersionSummary[] }>('versions.list', {
      quoteId,
    });
    const accepted = held.at(-1)!;

    // Cancel: nothing changes, the field shows the quote's text again.
    await intro.fill('Twelve seats from March.');
    await ask.waitFor();
    expect(await ask.textContent()).toContain(
      `The client accepted version ${accepted.number} at the desk. Editing starts a new version; the accepted one stays as signed.`,
    );
    await page.screenshot({ path: path.join(SHOTS, 'desk-edit-accepted.png') });
    const found = await axeBothSchemes(app, 'edit the accepted quote?');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => intro.inputValue()).toBe(before);

    // Agreed by keyboard alone: the text typed stays and is saved, after a new version.
    await intro.fill('Twelve seats from March.');
    await ask.waitFor();
    await expect.poll(() => focusedControl(page)).toBe('BUTTON Edit as a new version');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(await intro.inputValue()).toBe('Twelve seats from March.');
    await expect
      .poll(
        async () =>
          (await value<{ header: { introMessage: string } }>('quotes.get', { quoteId })).header
            .introMessage,
      )
      .toBe('Twelve seats from March.');
    const titles = page.getByRole('list', { name: 'Versions' }).locator('.version-title');
    await expect
      .poll(async () => (await titles.allTextContents()).slice(0, 2)) // newest first
      .toEqual([
        `Version ${accepted.number + 1} · Edited after acceptance`,
        `Version ${accepted.number} · Accepted at the desk`,
      ]);
    // The next edit goes straight through.
    await intro.fill('Twelve seats from March, billed monthly.');
    await intro.blur();
    expect(await ask.count()).toBe(0);

    proxy.clear();
    await syncNow(page);
    await expect
      .poll(async () => (await serverQuote(api, ref)).introMessage, { timeout: 90_000 })
      .toBe('Twelve seats from March, billed monthly.');
    expect(found).toEqual([]);
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it('is done by keyboard alone through present mode and the accept step, the name typed', async () => {
    const { page } = app;
    await newQuote(page, 'Blue Fjord Logistics');
    const heading = page.getByRole('heading', { name: 'Blue Fjord Logistics', level: 1 });
    await heading.focus();
    await page.keyboard.press('Control+Shift+P');
    const present = page.locator('.present');
    await present.getByRole('heading', { name: 'Blue Fjord Logistics', level: 1 }).waitFor();
    const focused = () =>
      page.evaluate<string>(
        '(() => { const e = document.activeElement; return e ? (e.tagName + " " + (e.getAttribute("aria-label") || e.textContent || "")).trim() : ""; })()',
      );
    const tabTo = async (target: string) => {
      for (let i = 0; i < 30 && (await focused()) !== target; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(target);
    };
    await tabTo('BUTTON Accept');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
    await dialog.waitFor();
    expect(await focused()).toBe('INPUT');
    await page.keyboard.type('Lee Marsh');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lee@bluefjord.example');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('DIV Terms to read');
    await tabTo('INPUT');
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel('I have read the terms').isChecked()).toBe(true);
    await tabTo('BUTTON Type the name instead');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('INPUT');
    await page.keyboard.type('Lee Marsh');
    await tabTo('BUTTON Accept and sign');
    await page.keyboard.press('Enter');
    await present.getByRole('status').filter({ hasText: 'Your acceptance is recorded' }).waitFor();
    await page.keyboard.press('Escape');
    await heading.waitFor();
    await page.getByRole('note').filter({ hasText: 'Lee Marsh (lee@bluefjord.example)' }).waitFor();
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

// The client's choices at the desk end to end in Chromium, against the real core and the real
// server over HTTPS, the connection through the fault proxy (no connection is its dropped
// connections). In the editor the salesperson makes one line optional and groups three sections
// as alternatives; in present mode the page holds no cost, profit or margin figure, the client
// ticks and picks and the totals follow; they accept with a signature drawn by pointer events
// while the app is offline; after reconnecting the server holds exactly the chosen lines, the
// signed PDF and the status accepted. The same by keyboard alone; axe in light and dark; the
// signature pad whole at 1280×800; an answer the quote can no longer take (published meanwhile,
// or past its validity) refused up front.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SectionsResponse } from '../../common/api';
import type { FaultProxy } from '../api/fault-proxy';
import { ok, type Api } from '../helpers/server-api';
import { pdfPagePng, pdfText } from '../proposal/helpers';
import type { RunningApp } from './app';
import { SCREENSHOTS, screenshot } from './browser';
import {
  axeBothSchemes,
  drawSignature,
  focused,
  goOffline,
  serverQuote,
  tabTo,
} from './desk-flows';
import { addCustom, addSection, newQuote, quoteWithOneService, syncNow } from './flows';
import { appThroughProxyForFile } from './through-proxy';

let app: RunningApp;
let proxy: FaultProxy;
let api: Api;

appThroughProxyForFile(
  'desk-options',
  (started) => ({ app, proxy, api } = started),
  async (app) => {
    // Left in present mode (or its dialog): the next test starts from the app.
    for (let i = 0; i < 2 && (await app.page.locator('.present').count()) > 0; i++)
      await app.page.keyboard.press('Escape');
  },
);

interface Line {
  section: string;
  name: string;
  sku: string;
  billingTerm: 'Monthly' | 'One-Time';
  quantity: number;
  cost: number;
  price: number;
}

/** Three plans the client picks one of, a workshop everyone gets and one optional add-on. */
const LINES: Line[] = [
  {
    section: 'Essentials',
    name: 'Essentials support',
    sku: 'SVC-ESS',
    billingTerm: 'Monthly',
    quantity: 10,
    cost: 21,
    price: 35,
  },
  {
    section: 'Business',
    name: 'Business support',
    sku: 'SVC-BUS',
    billingTerm: 'Monthly',
    quantity: 10,
    cost: 33,
    price: 55,
  },
  {
    section: 'Premium',
    name: 'Premium support',
    sku: 'SVC-PRE',
    billingTerm: 'Monthly',
    quantity: 10,
    cost: 47,
    price: 80,
  },
  {
    section: 'Extras',
    name: 'Onboarding workshop',
    sku: 'SVC-ONB',
    billingTerm: 'One-Time',
    quantity: 1,
    cost: 415,
    price: 900,
  },
  {
    section: 'Extras',
    name: 'Dark web monitoring',
    sku: 'SVC-DWM',
    billingTerm: 'Monthly',
    quantity: 1,
    cost: 17,
    price: 49,
  },
];
const OPTIONAL = 'Dark web monitoring';
const PLANS = ['Essentials', 'Business', 'Premium'];

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const lineOf = (name: string) => LINES.find((l) => l.name === name)!;

/** The totals the client must read for these chosen lines, from their prices. */
function expectedTotals(chosen: string[]): { initial: string; monthly: string } {
  const sum = (term: Line['billingTerm']) =>
    chosen
      .map(lineOf)
      .filter((l) => l.billingTerm === term)
      .reduce((s, l) => s + l.quantity * l.price, 0);
  return { initial: usd(sum('One-Time')), monthly: usd(sum('Monthly')) };
}

/** What the salesperson may see of these chosen lines and the client must not: cost, profit. */
function hiddenFigures(chosen: string[]): string[] {
  const out: string[] = [];
  for (const term of ['One-Time', 'Monthly'] as const) {
    const ls = chosen.map(lineOf).filter((l) => l.billingTerm === term);
    const cost = ls.reduce((s, l) => s + l.quantity * l.cost, 0);
    const total = ls.reduce((s, l) => s + l.quantity * l.price, 0);
    out.push(usd(cost), usd(total - cost));
  }
  return out;
}

/** A quote with the five lines, the add-on made optional and the plans grouped, in the UI. */
async function quoteWithChoices(page: Page, client: string): Promise<void> {
  await newQuote(page, client);
  await page.getByLabel('Terms and disclaimers').fill('Payment within 30 days of invoice.');
  await page.getByLabel('Terms and disclaimers').blur();
  for (const section of [...PLANS, 'Extras']) await addSection(page, section);
  for (const l of LINES) {
    await addCustom(page, l.section, {
      name: l.name,
      sku: l.sku,
      billingTerm: l.billingTerm,
      quantity: String(l.quantity),
      cost: String(l.cost),
      price: String(l.price),
    });
  }
  const card = page.getByRole('region', { name: 'Options and alternatives' });
  await card.getByLabel('Line', { exact: true }).selectOption({ label: OPTIONAL });
  await card.getByRole('button', { name: 'Make line optional' }).click();
  await card.getByText(`Optional line: ${OPTIONAL}`).waitFor();
  const group = card.getByRole('group', { name: 'Alternatives: sections the client picks one of' });
  await group.getByLabel('Heading').fill('Support plan');
  for (const plan of PLANS) await group.getByRole('checkbox', { name: plan, exact: true }).check();
  await group.getByRole('button', { name: 'Group as alternatives' }).click();
  await card.getByText('Alternatives “Support plan”: Essentials / Business / Premium').waitFor();
}

/** The cost, profit and margin cells of the editor's totals card, as the salesperson reads them. */
async function editorFigures(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid]', (els) =>
    els
      .filter((e) => /(^|-)(cost|profit|margin)(-|$)/.test(e.getAttribute('data-testid') ?? ''))
      .map((e) => (e.textContent ?? '').trim())
      .filter((t) => t !== ''),
  );
}

/** A core call as the app makes it, its answer or its refusal thrown. */
async function value<T>(name: string, input: unknown): Promise<T> {
  const r = await app.core.dispatch(name as never, input as never, { via: 'test' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as T;
}

const present = (page: Page) => page.locator('.present');
const shownTotals = async (page: Page) => ({
  initial: await page.getByTestId('present-total-initial').textContent(),
  monthly: await page.getByTestId('present-total-monthly').textContent(),
});

/** Present mode's text holds none of these figures, nor the words, nor a percentage. */
async function expectNothingHidden(page: Page, hidden: string[]): Promise<void> {
  const text = await present(page).innerText();
  for (const f of hidden) expect(text, `present mode shows ${f}`).not.toContain(f);
  expect(text).not.toMatch(/cost|profit|margin|%/i);
}

/** The signature pad's hint and buttons are seen whole in the dialog and the window. */
async function expectPadWhole(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
  const body = (await dialog.locator('.dialog-body').boundingBox())!;
  const view = page.viewportSize()!;
  for (const el of [
    dialog.getByText('Sign with a finger, a pen or the mouse.'),
    dialog.getByRole('button', { name: 'Type the name instead' }),
  ]) {
    const b = (await el.boundingBox())!;
    expect(b.y, 'top inside the dialog').toBeGreaterThanOrEqual(body.y);
    expect(b.y + b.height, 'bottom inside the dialog').toBeLessThanOrEqual(body.y + body.height);
    expect(b.y + b.height, 'bottom inside the window').toBeLessThanOrEqual(view.height);
  }
}

describe('choices at the desk', () => {
  it('the client ticks an option and picks a plan in present mode, the totals follow, no cost shown; accepted offline, the server holds exactly the chosen lines', async () => {
    const { page } = app;
    const found: string[] = [];
    await quoteWithChoices(page, 'Blue Fjord Logistics');
    // What the salesperson reads of the quote as chosen (Essentials and the add-on).
    // Polled: the totals card follows the grouping's answer a moment after the card does.
    await expect
      .poll(() => editorFigures(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([usd(415), usd(485), usd(227), usd(172)]));
    const editorHidden = await editorFigures(page);
    const card = page.getByRole('region', { name: 'Options and alternatives' });
    await card.scrollIntoViewIfNeeded();
    found.push(...(await axeBothSchemes(app, 'editor with options')));
    await card.screenshot({ path: `${SCREENSHOTS}/desk-options-editor.png` });

    await syncNow(page);
    const title = page.locator('.editor-title .mono');
    await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 300 }).toMatch(/^Q-/);
    const badge = () => page.locator('.editor-title .sync-badge').textContent();
    await expect.poll(badge, { timeout: 60_000 }).toContain('Synced');
    const ref = (await title.textContent())!;
    // The line costs as the server holds them: none of them may reach the client's screen.
    const before = await serverQuote(api, ref);
    expect(before.lineItems.map((l) => l.product.name).sort()).toEqual([
      'Dark web monitoring',
      'Essentials support',
      'Onboarding workshop',
    ]);
    const serverCosts = before.lineItems.flatMap((l) => [
      usd(l.cost.amount),
      usd(l.cost.amount * l.quantity),
    ]);
    const typedCosts = LINES.flatMap((l) => [usd(l.cost), usd(l.cost * l.quantity)]);
    await goOffline(page, proxy);

    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    const choices = present(page).getByRole('region', { name: 'Your choices' });
    await choices.waitFor();
    const option = choices.getByRole('checkbox', { name: new RegExp(`^${OPTIONAL}`) });
    const plan = (name: string) => choices.getByRole('radio', { name: new RegExp(`^${name} `) });
    expect(await option.isChecked()).toBe(true);
    expect(await plan('Essentials').isChecked()).toBe(true);

    let chosen = ['Essentials support', 'Onboarding workshop', OPTIONAL];
    // A tap is a choice sent to main; the boxes show what the quote then holds.
    const check = async () => {
      await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(chosen));
      // The boxes and the totals are two reads of main's answer: polled, since on a loaded
      // machine the totals may land a frame before the boxes do.
      await expect.poll(() => option.isChecked()).toBe(chosen.includes(OPTIONAL));
      for (const p of PLANS)
        await expect.poll(() => plan(p).isChecked()).toBe(chosen.includes(`${p} support`));
      await expectNothingHidden(page, [
        ...editorHidden.filter((f) => f.startsWith('$')),
        ...serverCosts,
        ...typedCosts,
        ...hiddenFigures(chosen),
      ]);
    };
    await check();
    found.push(...(await axeBothSchemes(app, 'present mode with choices')));
    await screenshot(page, 'desk-options-present-whole', true);
    await choices.scrollIntoViewIfNeeded();
    await screenshot(page, 'desk-options-present');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'desk-options-present-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await option.click();
    chosen = ['Essentials support', 'Onboarding workshop'];
    await check();
    await option.click();
    chosen = ['Essentials support', 'Onboarding workshop', OPTIONAL];
    await check();
    await plan('Premium').click();
    chosen = ['Premium support', 'Onboarding workshop', OPTIONAL];
    await check();
    await plan('Business').click();
    chosen = ['Business support', 'Onboarding workshop', OPTIONAL];
    await check();
    await option.click();
    chosen = ['Business support', 'Onboarding workshop'];
    await check();
    expect(await present(page).innerText()).toContain('Business support');
    expect(await present(page).innerText()).not.toContain('Premium support');

    // The client accepts, signing with the pointer; the pad and its hint whole at 1280×800.
    await present(page).getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
    await dialog.getByLabel('Your name').fill('Dana Whitfield');
    await dialog.getByLabel('Your e-mail').fill('dana@bluefjord.example');
    await dialog.getByLabel('I have read the terms').check();
    await drawSignature(page);
    await expectPadWhole(page);
    found.push(...(await axeBothSchemes(app, 'accept step with choices')));
    await screenshot(page, 'desk-options-signature');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'desk-options-signature-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Accept and sign' }).click();
    await present(page)
      .getByRole('status')
      .filter({ hasText: 'Your acceptance is recorded' })
      .waitFor();
    await present(page).getByRole('button', { name: 'Close presentation' }).click();
    await page.setViewportSize(viewport);
    await page.getByRole('note').filter({ hasText: 'at the next sync' }).waitFor();
    expect((await serverQuote(api, ref)).status).toBe('draft'); // nothing went out yet

    proxy.clear();
    await syncNow(page);
    await expect
      .poll(async () => (await serverQuote(api, ref)).status, { timeout: 90_000 })
      .toBe('accepted');
    const q = await serverQuote(api, ref);
    expect(q.lineItems.map((l) => l.product.name).sort()).toEqual([
      'Business support',
      'Onboarding workshop',
    ]);
    const sections = ok(await api.get(`/v2/quotes/${q.id}/sections`), 200, SectionsResponse)
      .sections.filter((s) => s.lineItems.length > 0)
      .map((s) => [
        s.name,
        s.lineItems.map((li) => q.lineItems.find((l) => l.id === li.lineItemId)?.product.name),
      ]);
    // The picked plan in the place of the one it replaced, before the extras.
    expect(sections).toEqual([
      ['Business', ['Business support']],
      ['Extras', ['Onboarding workshop']],
    ]);
    const signed = q.attachments.filter((a) => a.name.startsWith('Signed Proposal'));
    expect(signed).toHaveLength(1);
    const file = await api.get(`/v2/quotes/${q.id}/attachments/${signed[0]!.id}?download=true`);
    expect(file.status).toBe(200);
    const text = pdfText(file.body);
    for (const shown of ['Dana Whitfield', 'Business support', 'Onboarding workshop'])
      expect(text).toContain(shown);
    expect(text).not.toContain('Premium support');
    pdfPagePng(file.body, 1, SCREENSHOTS, 'desk-options-signed-proposal');

    // Present mode again: the accepted quote says why it takes no other answer, up front.
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    const said = present(page).getByRole('status').filter({ hasText: 'already accepted' });
    await said.waitFor();
    expect(await said.textContent()).toBe(
      'This proposal is already accepted: it cannot take another answer.',
    );
    expect(await present(page).getByRole('button', { name: 'Accept', exact: true }).count()).toBe(
      0,
    );
    await present(page).getByRole('button', { name: 'Close presentation' }).click();
    expect(found).toEqual([]);
    expect(app.problems.errors).toEqual([]);
  }, 420_000);
  it('is done by keyboard alone: tick and pick in present mode, the totals follow, then into the accept step', async () => {
    const { page } = app;
    const client = 'Acme Dental Group';
    await quoteWithChoices(page, client);
    const heading = page.getByRole('heading', { name: client, level: 1 });
    await heading.focus();
    await page.keyboard.press('Control+Shift+P');
    await present(page).getByRole('heading', { name: client, level: 1 }).waitFor();
    let chosen = ['Essentials support', 'Onboarding workshop', OPTIONAL];
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(chosen));

    // Tab reaches the plan chosen; the arrow keys pick another, as in any radio group.
    await tabTo(page, /^INPUT radio Essentials\$/);
    await page.keyboard.press('ArrowDown');
    chosen = ['Business support', 'Onboarding workshop', OPTIONAL];
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(chosen));
    expect(await focused(page)).toMatch(/^INPUT radio Business\$/);
    await page.keyboard.press('ArrowDown');
    chosen = ['Premium support', 'Onboarding workshop', OPTIONAL];
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(chosen));
    // On to the option: Space unticks it.
    await tabTo(page, new RegExp(`^INPUT checkbox ${OPTIONAL}\\$`));
    await page.keyboard.press('Space');
    chosen = ['Premium support', 'Onboarding workshop'];
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(chosen));
    expect(await focused(page)).toMatch(new RegExp(`^INPUT checkbox ${OPTIONAL}\\$`));
    expect(
      await present(page)
        .getByRole('checkbox', { name: new RegExp(`^${OPTIONAL}`) })
        .isChecked(),
    ).toBe(false);

    // And into the accept step: the name field first; Escape back to the Accept button.
    await tabTo(page, 'BUTTON Accept');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
    await dialog.waitFor();
    expect(await focused(page)).toBe('INPUT text Your name');
    await page.keyboard.type('Lee Marsh');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('INPUT email Your e-mail');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('BUTTON Accept');
    await page.keyboard.press('Escape');
    await heading.waitFor();
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it('a quote published meanwhile cannot take the answer: said in words in the open dialog, before any signature, and nothing is recorded', async () => {
    const { page } = app;
    const client = 'Cedar & Pine Law LLP';
    await quoteWithOneService(page, client);
    const { content } = await value<{ content: { id: string; client: { name: string } }[] }>(
      'quotes.list',
      { search: 'Cedar' },
    );
    const quoteId = content.find((q) => q.client.name === client)!.id;

    await page.getByRole('button', { name: 'Present', exact: true }).click();
    await present(page).getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept the proposal' });
    await dialog.getByLabel('Your name').fill('Ravi Shah');
    // Behind the client's back the quote is published (another window, or a sync).
    await value('quotes.setStatus', { quoteId, status: 'sent' });
    const why = dialog.getByRole('alert').filter({ hasText: 'already published' });
    await why.waitFor();
    expect(await why.textContent()).toBe(
      'This proposal is already published to the client. An answer with the signed proposal ' +
        'attached can be taken here only on a quote not yet published: move it back to draft ' +
        'in the editor first.',
    );
    await dialog.getByLabel('Your e-mail').fill('ravi@cedarpine.example');
    await dialog.getByLabel('I have read the terms').check();
    await drawSignature(page);
    await dialog.getByRole('button', { name: 'Accept and sign' }).click();
    await why.waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'desk-options-refused-in-dialog');
    const { responses } = await value<{ responses: unknown[] }>('desk.responses', { quoteId });
    expect(responses).toEqual([]);
    const detail = await value<{
      header: { status: string };
      attachments: { name: string }[];
    }>('quotes.get', { quoteId });
    expect(detail.header.status).toBe('sent');
    expect(detail.attachments.some((a) => a.name.startsWith('Signed'))).toBe(false);
    // Closed, the answer's place says the same up front: no button that cannot do what it says.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await present(page).getByRole('status').filter({ hasText: 'already published' }).waitFor();
    expect(await present(page).getByRole('button', { name: 'Accept', exact: true }).count()).toBe(
      0,
    );
    expect(await axeBothSchemes(app, 'present mode, answer refused')).toEqual([]);
    await present(page).getByRole('region', { name: 'Your answer' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'desk-options-refused-up-front');
    await page.keyboard.press('Escape');
    expect(app.problems.errors).toEqual([]);
  }, 300_000);

  it('a proposal past its validity is refused up front, with the date, and no Accept to press', async () => {
    const { page } = app;
    const client = 'Blue Fjord Logistics';
    await quoteWithOneService(page, client, { name: 'Helpdesk', sku: 'SVC-HELP' });
    const { content } = await value<{ content: { id: string; client: { name: string } }[] }>(
      'quotes.list',
      { search: 'Blue Fjord' },
    );
    const quoteId = content.find((q) => q.client.name === client)!.id;
    await value('quotes.updateHeader', { quoteId, expiresOn: '2026-01-15T23:59:59.999Z' });

    await page.getByRole('button', { name: 'Present', exact: true }).click();
    const why = present(page).getByRole('status').filter({ hasText: 'valid until' });
    await why.waitFor();
    expect(await why.textContent()).toBe(
      'This proposal was valid until Jan 15, 2026: extend its validity in the editor before ' +
        'the client answers.',
    );
    expect(await present(page).getByRole('button', { name: 'Accept', exact: true }).count()).toBe(
      0,
    );
    await page.keyboard.press('Escape');
    expect(app.problems.errors).toEqual([]);
  }, 300_000);
});

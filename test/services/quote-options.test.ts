// Options and alternatives through the core's calls, against the real store and the real
// Quoting API over HTTPS: a choice takes lines out of the quote (kept on this computer) or puts
// them back, add-ons with their products; the server holds exactly what is chosen; the 30-item
// limit is checked for every combination before anything is offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcInput, QuoteDetail } from '../../common/ipc';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, type Api } from '../helpers/server-api';
import { connectNorthwind, fakeDialogPlatform, startHarness, type Harness } from './harness';
import { pdfPagePng, pdfText } from '../proposal/helpers';

let server: StartedServer;
let remote: Api;
let h: Harness;

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({ platform: fakeDialogPlatform([], null, []), embedded: null });
  await connectNorthwind(h, server);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
});

const custom = (name: string, price = 100) => ({
  type: 'Custom' as const,
  productName: name,
  billingTerm: 'Monthly' as const,
  quantity: 1,
  price,
  cost: 60,
  initialTotal: 0,
});
type AddItem = IpcInput<'lineItems.add'>['items'][number];

const names = (q: QuoteDetail) => q.lineItems.map((l) => l.product.name).sort();

/** A quote with a product and its add-on, and three tiers each in its own section. */
async function tiered(): Promise<{ quoteId: string; sections: Record<string, string> }> {
  const { header } = await h.call('quotes.create', { clientId: DEMO.clients.acme });
  const quoteId = header.id;
  const s1: AddItem[] = [
    {
      type: 'Standard',
      productId: DEMO.products.s1,
      billingTerm: 'Monthly',
      quantity: 5,
      price: 5,
    },
    {
      type: 'Standard',
      productId: DEMO.products.s1Addon,
      billingTerm: 'Monthly',
      quantity: 5,
      price: 3,
      requiredLineItemIndex: 0,
    },
  ];
  await h.call('lineItems.add', { quoteId, items: [...s1, custom('Onboarding')] });
  const sections: Record<string, string> = {};
  for (const [tier, price] of [
    ['Essentials', 10],
    ['Business', 20],
    ['Premium', 30],
  ] as const) {
    const { sectionId } = await h.call('sections.create', { quoteId, name: tier });
    sections[tier] = sectionId;
    await h.call('lineItems.add', { quoteId, sectionId, items: [custom(`${tier} plan`, price)] });
  }
  return { quoteId, sections };
}

async function synced(quoteId: string): Promise<QuoteDetail> {
  await h.call('sync.runNow', { quoteId });
  return h.waitFor('the quote synced', async () => {
    const q = await h.call('quotes.get', { quoteId });
    return q.header.serverId && q.sync.state === 'synced' ? q : undefined;
  });
}

async function onServer(serverId: string): Promise<string[]> {
  const r = await remote.get(`/v2/quotes/${serverId}`);
  expect(r.status, r.text).toBe(200);
  return (r.json as { lineItems: { product: { name: string } }[] }).lineItems
    .map((l) => l.product.name)
    .sort();
}

describe('options and alternatives', () => {
  it('an alternative picked again goes back to its place among the sections, not to the end', async () => {
    const { header } = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = header.id;
    const ids: Record<string, string> = {};
    for (const name of ['Essentials', 'Business', 'Support']) {
      const { sectionId } = await h.call('sections.create', { quoteId, name });
      ids[name] = sectionId;
      await h.call('lineItems.add', { quoteId, sectionId, items: [custom(`${name} plan`)] });
    }
    const view = await h.call('options.group', {
      quoteId,
      name: 'Choose your plan',
      sectionIds: [ids.Essentials!, ids.Business!],
      chosenSectionId: ids.Essentials!,
    });
    const order = async () => (await h.call('quotes.get', { quoteId })).sections.map((s) => s.name);
    expect(await order()).toEqual(['Essentials', 'Support']);
    const groupId = view.groups[0]!.id;
    const optionOf = (label: string) => view.options.find((o) => o.label === label)!.id;
    await h.call('choices.pick', { quoteId, groupId, optionId: optionOf('Business') });
    expect(await order()).toEqual(['Business', 'Support']);
    await h.call('choices.pick', { quoteId, groupId, optionId: optionOf('Essentials') });
    expect(await order()).toEqual(['Essentials', 'Support']);
  });

  it('keeps what is not chosen here, and the server holds exactly what is chosen', async () => {
    const { quoteId, sections } = await tiered();
    let q = await h.call('quotes.get', { quoteId });
    const s1 = q.lineItems.find((l) => l.product.name === 'SentinelOne Control')!;
    const addOn = q.lineItems.find((l) => l.requiredLineItemId === s1.id)!;

    // An add-on goes with its product: it cannot be an option alone.
    const alone = await h.refuse('options.markLine', { quoteId, lineItemId: addOn.id });
    expect(alone).toMatchObject({ field: 'lineItemId' });
    expect(alone.message).toMatch(/add-on of SentinelOne Control/);

    let view = await h.call('options.markLine', { quoteId, lineItemId: s1.id });
    const option = view.options[0]!;
    expect(option).toMatchObject({ label: 'SentinelOne Control', chosen: true, lineCount: 2 });
    expect(option.recurring).toEqual([{ period: 'monthly', cents: 4000 }]);

    view = await h.call('options.group', {
      quoteId,
      name: 'Choose your plan',
      sectionIds: [sections.Essentials!, sections.Business!, sections.Premium!],
      chosenSectionId: sections.Business!,
    });
    q = await h.call('quotes.get', { quoteId });
    expect(q.sections.map((s) => s.name)).toEqual(['Business']);
    expect(view.options.filter((o) => o.groupId).map((o) => [o.label, o.chosen])).toEqual([
      ['Essentials', false],
      ['Business', true],
      ['Premium', false],
    ]);
    // Prices of what is not in the quote, from what is kept here.
    expect(view.options.find((o) => o.label === 'Premium')!.recurring).toEqual([
      { period: 'monthly', cents: 3000 },
    ]);

    // The client unticks the option and picks Premium: two choices, two undo steps.
    q = await h.call('choices.tick', { quoteId, optionId: option.id, chosen: false });
    expect(names(q)).toEqual(['Business plan', 'Onboarding']);
    const premium = view.options.find((o) => o.label === 'Premium')!;
    q = await h.call('choices.pick', {
      quoteId,
      groupId: view.groups[0]!.id,
      optionId: premium.id,
    });
    expect(names(q)).toEqual(['Onboarding', 'Premium plan']);
    expect(q.sections.map((s) => s.name)).toEqual(['Premium']);
    expect(q.totals.recurringTotal.amount).toBe(130);

    // Undo gives back the choice with the lines; redo takes it again.
    q = await h.call('edits.undo', { quoteId });
    expect(names(q)).toEqual(['Business plan', 'Onboarding']);
    view = await h.call('options.view', { quoteId });
    expect(view.options.find((o) => o.label === 'Business')!.chosen).toBe(true);
    await h.call('edits.redo', { quoteId });

    // Ticked again: the product comes back with its add-on.
    q = await h.call('choices.tick', { quoteId, optionId: option.id, chosen: true });
    const back = q.lineItems.find((l) => l.product.name === 'SentinelOne Control')!;
    expect(q.lineItems.find((l) => l.requiredLineItemId === back.id)?.product.name).toBe(
      'SentinelOne Vigilance MDR Add-on',
    );

    q = await synced(quoteId);
    expect(await onServer(q.header.serverId!)).toEqual([
      'Onboarding',
      'Premium plan',
      'SentinelOne Control',
      'SentinelOne Vigilance MDR Add-on',
    ]);
    await h.call('choices.tick', { quoteId, optionId: option.id, chosen: false });
    q = await synced(quoteId);
    expect(await onServer(q.header.serverId!)).toEqual(['Onboarding', 'Premium plan']);
  });

  it('the picked alternative takes the place of the one it replaces among the sections', async () => {
    const { header } = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = header.id;
    const ids: Record<string, string> = {};
    for (const name of ['Hardware', 'Essentials', 'Business', 'Onboarding']) {
      ids[name] = (await h.call('sections.create', { quoteId, name })).sectionId;
      await h.call('lineItems.add', { quoteId, sectionId: ids[name], items: [custom(name)] });
    }
    const view = await h.call('options.group', {
      quoteId,
      name: 'Support plan',
      sectionIds: [ids.Essentials!, ids.Business!],
      chosenSectionId: ids.Essentials!,
    });
    const order = (q: QuoteDetail) => q.sections.map((s) => s.name);
    expect(order(await h.call('quotes.get', { quoteId }))).toEqual([
      'Hardware',
      'Essentials',
      'Onboarding',
    ]);
    const business = view.options.find((o) => o.label === 'Business')!;
    const q = await h.call('choices.pick', {
      quoteId,
      groupId: view.groups[0]!.id,
      optionId: business.id,
    });
    expect(order(q)).toEqual(['Hardware', 'Business', 'Onboarding']);
    // One undo step gives back the plan and its place.
    expect(order(await h.call('edits.undo', { quoteId }))).toEqual([
      'Hardware',
      'Essentials',
      'Onboarding',
    ]);
  });

  it('the proposal lists every option and alternative with its price, marked, beside the totals as chosen', async () => {
    const { quoteId, sections } = await tiered();
    const q0 = await h.call('quotes.get', { quoteId });
    const s1 = q0.lineItems.find((l) => l.product.name === 'SentinelOne Control')!;
    const onboarding = q0.lineItems.find((l) => l.product.name === 'Onboarding')!;
    const view = await h.call('options.markLine', { quoteId, lineItemId: s1.id });
    await h.call('options.markLine', { quoteId, lineItemId: onboarding.id });
    await h.call('options.group', {
      quoteId,
      name: 'Choose your plan',
      sectionIds: [sections.Essentials!, sections.Business!, sections.Premium!],
      chosenSectionId: sections.Business!,
    });
    // The client leaves the security product out and keeps onboarding.
    await h.call('choices.tick', { quoteId, optionId: view.options[0]!.id, chosen: false });

    const pdf = await h.call('proposal.render', { quoteId, locale: 'en-US' });
    const bytes = Buffer.from(pdf.base64, 'base64');
    const text = pdfText(bytes);
    const row = (label: string) =>
      text
        .split('\n')
        .find((l) => l.trim().startsWith(label) && /(chosen|included)$/i.test(l.trim()))
        ?.replace(/\s+/g, ' ')
        .trim();
    expect(text).toContain('Options and alternatives');
    expect(text).toContain('Choose your plan: choose one of');
    expect(row('Essentials')).toBe('Essentials $10.00 per month Not chosen');
    expect(row('Business')).toBe('Business $20.00 per month Chosen');
    expect(row('Premium')).toBe('Premium $30.00 per month Not chosen');
    // The product with its add-on, priced from what is kept on this computer.
    expect(row('SentinelOne Control')).toBe('SentinelOne Control $40.00 per month Not included');
    expect(row('Onboarding')).toBe('Onboarding $100.00 per month Included');
    // The quote's tables and totals are the quote as chosen: Business and Onboarding only.
    expect(text).toMatch(/Onboarding[^\n]*\n\s*Optional, included/);
    expect(text).not.toMatch(/Premium plan|Essentials plan/);
    expect(text).toContain('Totals as chosen');
    expect(text).toMatch(/Recurring total per month\s+\$120\.00/);
    pdfPagePng(bytes, 1, 'test-results/shots', 'proposal-options');
  });

  it('refuses a mark when some combination would not fit in a quote, naming it', async () => {
    const { header } = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = header.id;
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => custom(`${prefix} ${i + 1}`));
    await h.call('lineItems.add', { quoteId, items: many('Base', 17) });
    const a = (await h.call('sections.create', { quoteId, name: 'Standard' })).sectionId;
    await h.call('lineItems.add', { quoteId, sectionId: a, items: many('Standard', 3) });
    const b = (await h.call('sections.create', { quoteId, name: 'Extended' })).sectionId;
    await h.call('lineItems.add', { quoteId, sectionId: b, items: many('Extended', 10) });
    // 30 items: grouping Standard / Extended leaves 20; Extras optional (at most 30) fits.
    await h.call('options.group', {
      quoteId,
      name: 'Coverage',
      sectionIds: [a, b],
      chosenSectionId: a,
    });
    const c = (await h.call('sections.create', { quoteId, name: 'Extras' })).sectionId;
    await h.call('lineItems.add', { quoteId, sectionId: c, items: many('Extra', 3) });
    await h.call('options.markSection', { quoteId, sectionId: c });
    // One more optional line: with Extended, Extras and it, 31 would not fit.
    await h.call('lineItems.add', { quoteId, items: [custom('Survey')] });
    const q = await h.call('quotes.get', { quoteId });
    const survey = q.lineItems.find((l) => l.product.name === 'Survey')!;
    const refused = await h.refuse('options.markLine', { quoteId, lineItemId: survey.id });
    expect(refused.message).toBe(
      'lineItemId: With Extended, Extras, Survey chosen the quote would hold 31 line items; a quote holds at most 30.',
    );
    expect((await h.call('options.view', { quoteId })).options).toHaveLength(3);
  });
});

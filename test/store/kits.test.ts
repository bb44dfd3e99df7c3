// Kits in the local store: saved from a quote's selected line items, kept across restarts,
// inserted into another quote as one undoable edit (add-ons linked to their parents, sections
// by name), refused whole when they would pass 30 items, and catalogue items at today's price
// when the catalogue's changed since the kit was saved. Real SQLite files.
import { describe, expect, it } from 'vitest';
import { openStore, StoreValidationError, type Store } from '../../main/store';
import {
  AZURE,
  M365,
  S1,
  S1_ADDON,
  acme,
  blueFjord,
  clientOf,
  pricingOf,
  seededStore,
} from './fixtures';
import { engineStore } from '../../main/store/engine';

function quoteFor(store: Store, client = acme) {
  return store.createQuote({ client: clientOf(client), now: new Date('2026-03-01T10:00:00Z') });
}

/** A quote with a section "Security" (S1 + its add-on, noted), a loose M365 and a Custom fee. */
function sourceQuote(store: Store) {
  const q = quoteFor(store);
  const [s1, addOn, m365, fee] = store.addLineItems(q.id, [
    { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 25, price: 5 },
    {
      type: 'Standard',
      productId: S1_ADDON.id,
      billingTerm: 'Monthly',
      quantity: 25,
      price: 3.25,
      requiredLineItemIndex: 0,
      note: 'Around the clock',
    },
    { type: 'Standard', productId: M365.id, billingTerm: 'Annual', quantity: 25, price: 250 },
    {
      type: 'Custom',
      productName: 'Onboarding',
      productSku: 'ONB-1',
      billingTerm: 'One-Time',
      quantity: 1,
      price: 500,
      cost: 200,
      initialTotal: 500,
    },
  ]);
  const security = store.createSection(q.id, 'Security');
  store.moveLineItem(q.id, s1!, { sectionId: security });
  store.moveLineItem(q.id, addOn!, { sectionId: security });
  return { q, s1: s1!, addOn: addOn!, m365: m365!, fee: fee! };
}

function refusal(fn: () => unknown): StoreValidationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof StoreValidationError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('kits in the store', () => {
  it('saves the selected items with their section, note, term, quantity, price and add-on link; the parent of a selected add-on comes along', () => {
    const store = seededStore();
    const { q, addOn, fee } = sourceQuote(store);
    const generation = store.getQuote(q.id)!.generation;
    const { kit, addedParents } = store.saveKit(q.id, [addOn, fee], '  Security bundle ');
    expect(addedParents).toEqual(['SentinelOne Control']);
    expect(kit.name).toBe('Security bundle');
    expect(kit.content.currency).toBe('USD');
    expect(kit.content.sections).toEqual([{ name: 'Security' }]);
    expect(
      kit.content.items.map((i) => [
        i.type,
        i.productName,
        i.billingTerm,
        i.quantity,
        i.price,
        i.note,
        i.section,
        'parent' in i ? i.parent : '-',
      ]),
    ).toEqual([
      ['Standard', 'SentinelOne Control', 'Monthly', 25, 5, '', 0, null],
      [
        'Standard',
        'SentinelOne Vigilance MDR Add-on',
        'Monthly',
        25,
        3.25,
        'Around the clock',
        0,
        0,
      ],
      ['Custom', 'Onboarding', 'One-Time', 1, 500, '', null, '-'],
    ]);
    // The catalogue's price at saving, to notice a change later.
    const control = kit.content.items[0]!;
    expect(control.type === 'Standard' && control.listPrice).toEqual({ cost: 3.5, suggested: 5.5 });
    // The source quote is untouched: saving a kit is not an edit.
    expect(store.getQuote(q.id)!.generation).toBe(generation);
    store.close();
  });

  it('lists, renames and deletes kits, and keeps them across a restart; nothing of them is queued for the server', () => {
    const store = seededStore();
    const { q, m365, fee } = sourceQuote(store);
    const a = store.saveKit(q.id, [m365], 'Office 25 seats').kit;
    store.saveKit(q.id, [fee], 'Onboarding');
    const dirtyBefore = store.sync.listDirty().map((d) => [d.id, d.generation]);
    expect(store.kits.list().map((k) => k.name)).toEqual(['Office 25 seats', 'Onboarding']);
    store.kits.rename(a.id, 'Office basics');
    expect(refusal(() => store.kits.rename(a.id, '   ')).details[0]!.field).toBe('name');
    const file = store.file;
    store.close();

    const again = openStore(file);
    expect(again.kits.list().map((k) => k.name)).toEqual(['Office basics', 'Onboarding']);
    expect(again.kits.get(a.id)!.content.items[0]!.productName).toBe(
      'Microsoft 365 Business Premium',
    );
    // Kits are no quote edit: the same quotes are dirty at the same generations, no request planned.
    expect(
      engineStore(again)
        .sync.listDirty()
        .map((d) => [d.id, d.generation]),
    ).toEqual(dirtyBefore);
    expect(engineStore(again).sync.listJournal({})).toEqual([]);
    expect(again.kits.remove(a.id)).toBe(true);
    expect(again.kits.remove(a.id)).toBe(false);
    expect(again.kits.list().map((k) => k.name)).toEqual(['Onboarding']);
    again.close();
  });

  it('inserts a kit as one edit: add-on linked to its new parent, sections by name, undone in one step', () => {
    const store = seededStore();
    const { q, s1, addOn, m365, fee } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [s1, addOn, m365, fee], 'Everything');
    const target = quoteFor(store, blueFjord);
    // The target already has a "Security" section: the kit's items go into it, none is made twice.
    store.createSection(target.id, 'Security');
    const before = store.getQuote(target.id)!;

    const plan = store.previewKit(target.id, kit.id);
    expect(plan.problem).toBeNull();
    expect(plan.priceChanges).toEqual([]);
    expect(plan.newSections).toEqual([]);
    const { lineItemIds } = store.insertKit(target.id, kit.id);

    const after = store.getQuote(target.id)!;
    expect(after.generation).toBe(before.generation + 1);
    const w = after.work;
    expect(w.lineItems.map((li) => li.id)).toEqual(lineItemIds);
    const byName = Object.fromEntries(w.lineItems.map((li) => [li.product.name, li]));
    const vigilance = byName['SentinelOne Vigilance MDR Add-on']!;
    expect(vigilance.requiredLineItemId).toBe(byName['SentinelOne Control']!.id);
    expect(vigilance.note).toBe('Around the clock');
    expect([vigilance.quantity, vigilance.price]).toEqual([25, 3.25]);
    expect(byName['Microsoft 365 Business Premium']!.billingTerm).toBe('Annual');
    expect(byName['Onboarding']!.kind).toBe('Custom');
    expect(
      w.sections.map((s) => [
        s.name,
        s.lineItems.map((x) => w.lineItems.find((li) => li.id === x.lineItemId)!.product.name),
      ]),
    ).toEqual([['Security', ['SentinelOne Control', 'SentinelOne Vigilance MDR Add-on']]]);

    // One undo step takes the whole kit back out; redo puts it back.
    expect(store.undo(target.id)).toBe(true);
    const undone = store.getQuote(target.id)!.work;
    expect(undone.lineItems).toEqual([]);
    expect(undone.sections.map((s) => s.name)).toEqual(['Security']);
    expect(store.redo(target.id)).toBe(true);
    expect(store.getQuote(target.id)!.work.lineItems).toHaveLength(4);
    store.close();
  });

  it('makes the sections a kit needs that the quote lacks', () => {
    const store = seededStore();
    const { q, s1 } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [s1], 'Endpoint');
    const target = quoteFor(store, blueFjord);
    expect(store.previewKit(target.id, kit.id).newSections).toEqual(['Security']);
    store.insertKit(target.id, kit.id);
    const w = store.getWork(target.id);
    expect(w.sections.map((s) => [s.name, s.lineItems.length])).toEqual([['Security', 1]]);
    store.close();
  });

  it('refuses a kit that would pass 30 line items before adding anything, saying how many fit', () => {
    const store = seededStore();
    const { q, s1, addOn, m365 } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [s1, addOn, m365], 'Three');
    const target = quoteFor(store, blueFjord);
    store.addLineItems(
      target.id,
      Array.from({ length: 28 }, () => ({
        type: 'Standard' as const,
        productId: AZURE.id,
        billingTerm: 'Monthly' as const,
        quantity: 1,
        price: 0,
        cost: 0,
      })),
    );
    const before = store.getQuote(target.id)!;
    const plan = store.previewKit(target.id, kit.id);
    expect(plan.room).toBe(2);
    expect(plan.problem?.message).toBe(
      'The kit has 3 line items, but only 2 more fit in this quote (at most 30 a quote).',
    );
    const err = refusal(() => store.insertKit(target.id, kit.id));
    expect(err.details[0]!.type).toBe('LINE_ITEM_LIMIT_EXCEEDED');
    const after = store.getQuote(target.id)!;
    expect(after.work.lineItems).toHaveLength(28);
    expect(after.generation).toBe(before.generation);
    store.close();
  });

  it('gives a catalogue item today’s price when the catalogue’s changed since the kit was saved, and says which', () => {
    const store = seededStore();
    const { q, s1, m365, fee } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [s1, m365, fee], 'Priced');
    // The catalogue changes: SentinelOne Control now lists at 6.25 (cost 4.00); M365 as it was.
    store.caches.putPricing(
      S1.id,
      pricingOf(S1).map((p) =>
        p.billingTerm === 'Monthly'
          ? {
              ...p,
              rates: [{ partnerBuyRate: 4, suggestedRetailPrice: 6.25, chargeType: 'per_unit' }],
            }
          : p,
      ),
    );
    const target = quoteFor(store, blueFjord);
    const plan = store.previewKit(target.id, kit.id);
    expect(plan.priceChanges).toEqual([
      { productName: 'SentinelOne Control', billingTerm: 'Monthly', was: 5, now: 6.25 },
    ]);
    const { priceChanges } = store.insertKit(target.id, kit.id);
    expect(priceChanges).toEqual(plan.priceChanges);
    const prices = Object.fromEntries(
      store.getWork(target.id).lineItems.map((li) => [li.product.name, [li.price, li.cost]]),
    );
    expect(prices).toEqual({
      'SentinelOne Control': [6.25, 4],
      // Unchanged in the catalogue: the kit's own (negotiated) price stays.
      'Microsoft 365 Business Premium': [250, 237.6],
      Onboarding: [500, 200],
    });
    store.close();
  });

  it('refuses a kit priced in another currency', () => {
    const store = seededStore();
    const { q, m365 } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [m365], 'Office');
    const euro = store.kits.add({ ...kit.content, currency: 'EUR', name: 'Office EUR' });
    const target = quoteFor(store, blueFjord);
    expect(store.previewKit(target.id, euro.id).problem?.message).toBe(
      "The kit's prices are in EUR and this quote is in USD.",
    );
    expect(() => store.insertKit(target.id, euro.id)).toThrow(StoreValidationError);
    store.close();
  });

  it('checks a kit against the schema whenever one is kept, naming the field', () => {
    const store = seededStore();
    const { q, m365 } = sourceQuote(store);
    const { kit } = store.saveKit(q.id, [m365], 'Office');
    const bad = { ...kit.content, items: [{ ...kit.content.items[0]!, quantity: 0 }] };
    const err = refusal(() => store.kits.add(bad));
    expect(err.details[0]!.field).toBe('kit.items[0].quantity');
    expect(refusal(() => store.saveKit(q.id, ['nope'], 'X')).details[0]!.field).toBe(
      'lineItemIds[0]',
    );
    store.close();
  });
});

// The comparison of two versions of a quote: exactly what changed, in words, and the totals'
// difference per billing period (never a monthly and a yearly amount added up).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteTotalsCents } from '../../common/money';
import { compareVersions, type VersionContent, type VersionLine } from '../../common/versions';

const line = (id: string, over: Partial<VersionLine> = {}): VersionLine => ({
  id,
  kind: 'Standard',
  product: { name: `Product ${id}`, sku: `SKU-${id}` },
  billingTerm: 'Monthly',
  commitmentTerm: null,
  quantity: 1,
  price: 10,
  cost: 6,
  note: '',
  initialTotal: null,
  ...over,
});

const quote = (over: Partial<VersionContent> = {}): VersionContent => ({
  expiresOn: '2026-12-31T00:00:00.000Z',
  introMessage: 'Hello',
  termsAndDisclaimers: 'Net 30',
  currency: 'USD',
  lineItems: [],
  sections: [],
  ...over,
});

describe('compareVersions', () => {
  it('names each change: a header field, changed lines with from and to, added and removed lines, sections', () => {
    const older = quote({
      lineItems: [
        line('a', { quantity: 10, price: 20 }),
        line('b', { billingTerm: 'Annual', price: 100, note: 'Old' }),
        line('c', { kind: 'Custom', billingTerm: 'One-Time', price: 500, cost: 300 }),
      ],
      sections: [
        { id: 's1', name: 'Licences', order: 0, lineItems: [{ lineItemId: 'a', order: 0 }] },
        { id: 's2', name: 'Gone', order: 1, lineItems: [] },
      ],
    });
    const newer = quote({
      introMessage: 'Hello again',
      lineItems: [
        line('a', { quantity: 12, price: 18.5 }),
        line('b', { billingTerm: 'Annual', price: 100, note: 'New' }),
        line('d', { billingTerm: 'One-Time', price: 50, cost: 0 }),
      ],
      sections: [
        { id: 's1', name: 'Licences and seats', order: 0, lineItems: [] },
        { id: 's3', name: 'Hardware', order: 1, lineItems: [{ lineItemId: 'a', order: 0 }] },
      ],
    });
    const d = compareVersions(older, newer);
    expect(d.same).toBe(false);
    expect(d.header).toEqual([{ field: 'introMessage', from: 'Hello', to: 'Hello again' }]);
    expect(d.sections).toEqual([
      { id: 's1', change: 'renamed', from: 'Licences', to: 'Licences and seats' },
      { id: 's3', change: 'added', to: 'Hardware' },
      { id: 's2', change: 'removed', from: 'Gone' },
    ]);
    expect(
      d.lines.map((l) => [l.id, l.change, l.fields.map((f) => [f.field, f.from, f.to])]),
    ).toEqual([
      [
        'a',
        'changed',
        [
          ['quantity', 10, 12],
          ['price', 20, 18.5],
          ['section', 'Licences', 'Hardware'],
        ],
      ],
      ['b', 'changed', [['note', 'Old', 'New']]],
      ['d', 'added', []],
      ['c', 'removed', []],
    ]);
    // Per basis: one-time (c out, d in), monthly (a), annual (b unchanged).
    expect(d.totals.map((t) => [t.basis, t.from.total, t.to.total, t.delta.total])).toEqual([
      ['initial', 50_000, 5_000, -45_000],
      ['monthly', 20_000, 22_200, 2_200],
      ['annual', 10_000, 10_000, 0],
    ]);
    expect(d.totals[1]!.delta.profit).toBe(22_200 - 7_200 - (20_000 - 6_000));
  });

  it('a renamed section moves no line; a one-time Custom amount is not a change of its own', () => {
    const custom = (q: number) =>
      line('c', { kind: 'Custom', billingTerm: 'One-Time', quantity: q, initialTotal: q * 10 });
    const sec = (name: string) => [
      { id: 's', name, order: 0, lineItems: [{ lineItemId: 'c', order: 0 }] },
    ];
    const d = compareVersions(
      quote({ lineItems: [custom(1)], sections: sec('A') }),
      quote({ lineItems: [custom(2)], sections: sec('B') }),
    );
    expect(d.lines[0]!.fields.map((f) => f.field)).toEqual(['quantity']);
  });

  it('a recurring Custom item’s setup fee is compared', () => {
    const fee = (f: number) =>
      line('c', { kind: 'Custom', billingTerm: 'Monthly', initialTotal: f });
    const d = compareVersions(quote({ lineItems: [fee(0)] }), quote({ lineItems: [fee(99)] }));
    expect(d.lines[0]!.fields).toEqual([{ field: 'initialTotal', from: 0, to: 99 }]);
  });
});

const TERMS = ['Monthly', 'Annual', '1 Year', '2 Year', '3 Year', 'One-Time', 'Trial'] as const;
const arbLine = (id: string) =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom('Standard' as const, 'Custom' as const),
    product: fc.record({
      name: fc.constantFrom('M365', 'Backup', 'Server'),
      sku: fc.constant('X'),
    }),
    billingTerm: fc.constantFrom(...TERMS),
    commitmentTerm: fc.constant(null),
    quantity: fc.integer({ min: 1, max: 500 }),
    price: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
    cost: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
    note: fc.constantFrom('', 'a', 'b'),
    initialTotal: fc.option(
      fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
      { nil: null },
    ),
  });
const arbQuote = fc
  .subarray(['a', 'b', 'c', 'd', 'e', 'f'])
  .chain((ids) => fc.tuple(...ids.map(arbLine)))
  .chain((lines) =>
    fc.record({
      expiresOn: fc.constantFrom('2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
      introMessage: fc.constantFrom('', 'Hi'),
      termsAndDisclaimers: fc.constantFrom('', 'Net 30'),
      currency: fc.constant('USD'),
      lineItems: fc.constant(lines as VersionLine[]),
      sections: fc.constant([]),
    }),
  );

describe('compareVersions, for any two versions', () => {
  it('a version against itself: no change, every delta 0', () => {
    fc.assert(
      fc.property(arbQuote, (q) => {
        const d = compareVersions(q, q);
        expect(d.same).toBe(true);
        expect([d.header, d.sections, d.lines]).toEqual([[], [], []]);
        for (const t of d.totals) expect(t.delta).toEqual({ total: 0, cost: 0, profit: 0 });
      }),
    );
  });

  it('swapped sides: added and removed swap, from and to swap, deltas negate', () => {
    fc.assert(
      fc.property(arbQuote, arbQuote, (a, b) => {
        const ab = compareVersions(a, b);
        const ba = compareVersions(b, a);
        const flip = { added: 'removed', removed: 'added', changed: 'changed' } as const;
        const key = (l: (typeof ab.lines)[number]) => l.id;
        expect(new Map(ba.lines.map((l) => [key(l), l.change]))).toEqual(
          new Map(ab.lines.map((l) => [key(l), flip[l.change]])),
        );
        for (const l of ab.lines.filter((x) => x.change === 'changed')) {
          const back = ba.lines.find((x) => x.id === l.id)!;
          expect(back.fields).toEqual(l.fields.map((f) => ({ ...f, from: f.to, to: f.from })));
        }
        expect(ba.totals.map((t) => t.delta.total)).toEqual(
          ab.totals.map((t) => -t.delta.total || 0),
        );
      }),
    );
  });

  it('each side’s bases add up to its one-time and recurring totals to the cent', () => {
    fc.assert(
      fc.property(arbQuote, arbQuote, (a, b) => {
        const d = compareVersions(a, b);
        const sums = (side: 'from' | 'to') => d.totals.reduce((s, t) => s + t[side].total, 0);
        const money = (q: VersionContent) =>
          quoteTotalsCents(
            q.lineItems.map((l) => ({
              kind: l.kind,
              billingTerm: l.billingTerm,
              price: l.price,
              unitCost: l.cost,
              quantity: l.quantity,
              ...(l.kind === 'Custom' && l.initialTotal !== null
                ? { initialTotal: l.initialTotal }
                : {}),
            })),
          );
        const ta = money(a);
        const tb = money(b);
        expect(sums('from')).toBe(ta.initialTotal + ta.recurringTotal);
        expect(sums('to')).toBe(tb.initialTotal + tb.recurringTotal);
      }),
    );
  });

  it('changing one field of one line is exactly one change of that field', () => {
    fc.assert(
      fc.property(
        arbQuote.filter((q) => q.lineItems.length > 0),
        fc.nat(),
        fc.integer({ min: 1, max: 50 }),
        (q, pick, more) => {
          const i = pick % q.lineItems.length;
          const lines = q.lineItems.map((l, j) =>
            j === i ? { ...l, quantity: l.quantity + more } : l,
          );
          const d = compareVersions(q, { ...q, lineItems: lines });
          expect(d.lines).toHaveLength(1);
          expect(d.lines[0]!.fields.map((f) => f.field)).toEqual(['quantity']);
        },
      ),
    );
  });
});

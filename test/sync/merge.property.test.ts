import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merge } from '../../main/sync/merge';
import { type QuoteState, placementKey, same } from '../../main/sync/model';

// Small key and value spaces so that base, local and remote share entities often.
const itemKey = fc.constantFrom('i1', 'i2', 'i3', 'i4');
const sectionKey = fc.constantFrom('s1', 's2');
const item = fc.record({
  type: fc.constantFrom('Standard' as const, 'Custom' as const),
  productId: fc.constantFrom('p1', 'p2', null),
  productName: fc.constantFrom(null, 'Setup'),
  productSku: fc.constant(null),
  billingTerm: fc.constantFrom('Monthly', 'Annual'),
  commitmentTermId: fc.constant(null),
  quantity: fc.integer({ min: 1, max: 3 }),
  price: fc.constantFrom(1, 2.5, 10),
  cost: fc.constantFrom(null, 1),
  initialTotal: fc.constant(null),
  note: fc.constantFrom('', 'a', 'b'),
  effectiveDate: fc.constant('2026-01-01T00:00:00.000Z'),
  parent: fc.constant(null),
  usageBased: fc.constant(null),
});

const state: fc.Arbitrary<QuoteState> = fc
  .record({
    header: fc.record({
      clientId: fc.constant('c1'),
      expiresOn: fc.constantFrom('2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
      introMessage: fc.constantFrom('', 'hi', 'hello'),
      termsAndDisclaimers: fc.constantFrom('', 'terms'),
      status: fc.constantFrom('draft', 'sent'),
      published: fc.boolean(),
    }),
    items: fc.dictionary(itemKey, item, { maxKeys: 4 }),
    sections: fc.dictionary(
      sectionKey,
      fc.record({ name: fc.constantFrom('A', 'B'), order: fc.integer({ min: 0, max: 2 }) }),
      { maxKeys: 2 },
    ),
    placementPicks: fc.array(fc.tuple(sectionKey, itemKey, fc.integer({ min: 0, max: 3 })), {
      maxLength: 4,
    }),
    access: fc.dictionary(
      fc.constantFrom('a1', 'a2'),
      fc.record({
        email: fc.constantFrom('x@example.com', 'y@example.com'),
        accountType: fc.constantFrom('guest', 'contact'),
        accountName: fc.constant(null),
        accountRole: fc.constant(null),
      }),
      { maxKeys: 2 },
    ),
    attachments: fc.dictionary(
      fc.constantFrom('f1', 'f2'),
      fc.record({ name: fc.constantFrom('a.pdf', 'b.pdf'), order: fc.integer({ min: 0, max: 1 }) }),
      { maxKeys: 2 },
    ),
  })
  .map(({ placementPicks, ...q }) => {
    const placements: QuoteState['placements'] = {};
    // Only well-formed states: a placement refers to an existing section and item.
    for (const [s, i, order] of placementPicks) {
      const placed = Object.keys(placements).some((k) => k.endsWith(`/${i}`));
      if (q.sections[s] && q.items[i] && !placed) placements[placementKey(s, i)] = { order };
    }
    return { ...q, placements };
  });

const runs = { numRuns: 400 };

describe('three-way merge of a quote (property tests)', () => {
  it('the same change on both sides is taken without conflict: merge(b, x, x) = x', () => {
    fc.assert(
      fc.property(state, state, (b, x) => {
        const { merged, conflicts } = merge(b, x, x);
        expect(conflicts.filter((c) => c.kind !== 'status')).toEqual([]);
        expect(merged).toEqual(x);
      }),
      runs,
    );
  });

  it('no local change takes the remote state: merge(b, b, r) = r', () => {
    fc.assert(
      fc.property(state, state, (b, r) => {
        const { merged, conflicts } = merge(b, b, r);
        expect(conflicts).toEqual([]);
        expect(merged).toEqual(r);
      }),
      runs,
    );
  });

  it('no remote change keeps the local state: merge(b, l, b) = l (unless the status forbids it)', () => {
    fc.assert(
      fc.property(state, state, (b, l) => {
        const { merged, conflicts } = merge(b, l, b);
        expect(conflicts.filter((c) => c.kind !== 'status')).toEqual([]);
        expect(merged).toEqual(l);
      }),
      runs,
    );
  });

  it('merging again changes nothing: merge(b, m, r) = m when m = merge(b, l, r) had no conflict', () => {
    fc.assert(
      fc.property(state, state, state, (b, l, r) => {
        const first = merge(b, l, r);
        fc.pre(first.conflicts.length === 0 && first.merged !== null);
        const again = merge(b, first.merged!, r);
        expect(again.merged).toEqual(first.merged);
        expect(again.conflicts).toEqual([]);
      }),
      runs,
    );
  });

  it('a conflict keeps both values: every local change is in the merged state or in a conflict', () => {
    fc.assert(
      fc.property(state, state, state, (b, l, r) => {
        const { merged, conflicts } = merge(b, l, r);
        if (!merged) return;
        const lost: string[] = [];
        const check = (path: string, bv: unknown, lv: unknown, mv: unknown) => {
          if (same(bv, lv) || same(lv, mv)) return;
          if (conflicts.some((c) => path === c.path || path.startsWith(c.path + '.'))) return;
          lost.push(path);
        };
        for (const f of Object.keys(l.header) as (keyof QuoteState['header'])[]) {
          const path = f === 'published' ? 'header.status' : `header.${f}`;
          check(path, b.header[f], l.header[f], merged.header[f]);
        }
        for (const k of new Set([...Object.keys(l.items), ...Object.keys(b.items)])) {
          const [bi, li, mi] = [b.items[k], l.items[k], merged.items[k]];
          if (bi && li && mi) {
            for (const f of Object.keys(li) as (keyof typeof li)[]) {
              check(`items.${k}.${f}`, bi[f], li[f], mi[f]);
            }
          } else check(`items.${k}`, bi, li, mi);
        }
        expect(lost).toEqual([]);
      }),
      runs,
    );
  });

  it('a field changed differently on both sides is a conflict with base, local and remote', () => {
    const b: QuoteState = {
      header: {
        clientId: 'c1',
        expiresOn: '2026-02-01T00:00:00.000Z',
        introMessage: 'base',
        termsAndDisclaimers: '',
        status: 'draft',
        published: false,
      },
      items: {},
      sections: {},
      placements: {},
      access: {},
      attachments: {},
    };
    const l = { ...b, header: { ...b.header, introMessage: 'mine' } };
    const r = { ...b, header: { ...b.header, introMessage: 'theirs' } };
    const { conflicts } = merge(b, l, r);
    expect(conflicts).toEqual([
      { kind: 'field', path: 'header.introMessage', base: 'base', local: 'mine', remote: 'theirs' },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameSearchDoc, searchDoc, searchDocIs } from '../../main/store/list/list-row';
import type { WorkQuote } from '../../main/store';

// Few, short texts with the separators in them, so different quotes often read alike.
const text = fc.constantFrom('', 'a', 'b', ' ', 'a b', 'b ', '\n', 'a\nb');
const line = fc.record({ name: text, sku: text, note: text });
const fields = fc.record({
  client: text,
  reference: text,
  createdBy: text,
  owner: fc.option(text),
  lines: fc.array(line, { maxLength: 4 }),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

const asQuote = (q: Fields) =>
  ({
    client: { name: q.client },
    referenceCode: q.reference,
    createdBy: q.createdBy,
    ownedBy: q.owner === null ? null : { fullName: q.owner },
    lineItems: q.lines.map((l) => ({ product: { name: l.name, sku: l.sku }, note: l.note })),
  }) as unknown as WorkQuote;

// A quote and an edit of it: a few fields replaced, lines cut, changed or added.
const edited = fc
  .tuple(
    fields,
    fields,
    fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    fc.nat(4),
    fc.array(fc.tuple(fc.nat(3), line), { maxLength: 2 }),
  )
  .map(([a, other, take, keep, changes]) => {
    const lines = [...a.lines.slice(0, keep), ...other.lines.slice(0, 4 - keep)];
    for (const [i, l] of changes) if (lines.length) lines[i % lines.length] = l;
    const b: Fields = {
      client: take[0] ? other.client : a.client,
      reference: take[1] ? other.reference : a.reference,
      createdBy: take[2] ? other.createdBy : a.createdBy,
      owner: take[3] ? other.owner : a.owner,
      lines: take[4] ? lines : a.lines,
    };
    return [asQuote(a), asQuote(b)] as const;
  });

describe('search entry of an edited quote', () => {
  it('is recognised as unchanged exactly when it would be built the same (property)', () => {
    fc.assert(
      fc.property(edited, ([a, b]) => {
        const before = searchDoc(a);
        expect(searchDocIs(before, a)).toBe(true);
        expect(searchDocIs(before, b)).toBe(sameSearchDoc(before, searchDoc(b)));
      }),
      { numRuns: 3000, seed: 23 },
    );
  });
});

import Database from 'better-sqlite3-multiple-ciphers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToAmount } from '../../common/money';
import { amountMatcher } from '../../main/store/list/amount-search';

// The matches full-text search gave when amounts had their own index: the reference.
function indexed(rows: [number, number][]) {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE a USING fts5(amounts, content = '', tokenize = 'unicode61')`);
  const put = db.prepare('INSERT INTO a (rowid, amounts) VALUES (?, ?)');
  rows.forEach(([i, r], n) =>
    put.run(n, `${centsToAmount(i).toFixed(2)} ${centsToAmount(r).toFixed(2)}`),
  );
  const find = db.prepare('SELECT rowid FROM a WHERE a MATCH ? ORDER BY rowid').pluck();
  return (word: string) => find.all(`"${word}"*`) as number[];
}

const cents = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: 1e13 }),
  fc.constantFrom(0, 5, 10, 100, 1000, 100_000, 99_999, 1_000_000_00),
);
const word = fc
  .array(
    fc.oneof(
      fc.constantFrom('0', '00', '05', '1', '10', '12', '100', '1000', '99', '5'),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.constantFrom('.', ',', '-', '/', 'a', 'É', '$'),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''))
  .filter((w) => /[0-9]/.test(w));

describe('search by amount', () => {
  it('matches what a full-text index of the amounts matched (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cents, cents), { minLength: 1, maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        (rows, words) => {
          const reference = indexed(rows);
          for (const w of words) {
            const match = amountMatcher(w);
            const mine = match ? rows.flatMap(([i, r], n) => (match(i, r) ? [n] : [])) : [];
            expect(mine, w).toEqual(reference(w));
          }
        },
      ),
      { numRuns: 300, seed: 17 },
    );
  });

  it('finds amounts whole, by their parts and as typed so far', () => {
    // 1234.50 and 99.00
    const match = (w: string) => amountMatcher(w)?.(123_450, 9_900) ?? false;
    for (const w of ['1234.50', '1234.5', '1234', '12', '50', '5', '99.00', '00', '50.99'])
      expect(match(w), w).toBe(true);
    for (const w of ['234', '1234.6', '99.01', 'abc', '1235', '3']) expect(match(w), w).toBe(false);
  });
});

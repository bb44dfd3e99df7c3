// Property tests for money and totals (docs/architecture.md#money-and-totals).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  TOTAL_FIELDS,
  centsToAmount,
  lineTotals,
  lineTotalsCents,
  quoteTotals,
  quoteTotalsCents,
  recurringPerPeriodOfLines,
  recurringPeriod,
  suggestedPrice,
  sumTotals,
  toCents,
  type LineMoneyInput,
} from '../../common/money';
import { toScaled, toScaledByText } from '../../common/money/decimal';

const TERMS = [
  'Monthly',
  'Annual',
  '1 Year',
  '2 Year',
  '3 Year',
  'Trial',
  'Activation',
  'One-Time',
];

/** A number with at most 4 decimals, as a user or the API would give it. */
const fourDecimals = (max: number) =>
  fc.integer({ min: -max * 10_000, max: max * 10_000 }).map((n) => n / 10_000);
const twoDecimals = (max: number) =>
  fc.integer({ min: -max * 100, max: max * 100 }).map((n) => n / 100);

const lineArb: fc.Arbitrary<LineMoneyInput> = fc.record({
  kind: fc.constantFrom('Standard' as const, 'Custom' as const, 'UsageBased' as const),
  billingTerm: fc.constantFrom(...TERMS),
  price: fourDecimals(100_000),
  unitCost: fourDecimals(100_000),
  quantity: fc.integer({ min: 0, max: 100_000 }),
  initialTotal: fc.option(twoDecimals(1_000_000), { nil: undefined }),
});

const linesArb = fc.array(lineArb, { minLength: 0, maxLength: 30 });

describe('money properties', () => {
  it('quote totals equal the sum of the line totals, in cents and in API form', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const quote = quoteTotalsCents(lines);
        const perLine = lines.map(lineTotalsCents);
        for (const f of TOTAL_FIELDS) {
          expect(quote[f]).toBe(perLine.reduce((sum, t) => sum + t[f], 0));
        }
        const summed = sumTotals(
          lines.map((l) => lineTotals(l, 'USD')),
          'USD',
        );
        expect(summed).toEqual(quoteTotals(lines, 'USD'));
      }),
    );
  });

  it('profit = total − cost, for every line and every quote, initial and recurring', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        for (const t of [...lines.map(lineTotalsCents), quoteTotalsCents(lines)]) {
          expect(t.initialProfit).toBe(t.initialTotal - t.initialCost);
          expect(t.recurringProfit).toBe(t.recurringTotal - t.recurringCost);
        }
        const api = quoteTotals(lines, 'USD');
        expect(toCents(api.recurringProfit.amount)).toBe(
          toCents(api.recurringTotal.amount) - toCents(api.recurringCost.amount),
        );
      }),
    );
  });

  it('a line amount equals price × quantity rounded half away from zero (integer oracle)', () => {
    fc.assert(
      fc.property(fourDecimals(10_000), fc.integer({ min: 0, max: 100_000 }), (price, quantity) => {
        // An independent computation: both factors as exact integers, all within 2^53.
        const units = Math.round(price * 10_000) * quantity;
        const cents = Math.sign(units) * Math.floor((Math.abs(units) + 50) / 100);
        expect(
          lineTotalsCents({
            kind: 'Standard',
            billingTerm: 'Monthly',
            price,
            unitCost: 0,
            quantity,
          }).recurringTotal,
        ).toBe(cents + 0);
      }),
    );
  });

  it('no floating-point drift: 30 lines of the same price total exactly 30 × the line amount', () => {
    fc.assert(
      fc.property(fourDecimals(1_000), fc.constantFrom(...TERMS), (price, billingTerm) => {
        const one: LineMoneyInput = {
          kind: 'Standard',
          billingTerm,
          price,
          unitCost: price,
          quantity: 1,
        };
        const lineCents = lineTotalsCents(one);
        const quote = quoteTotals(
          Array.from({ length: 30 }, () => one),
          'USD',
        );
        for (const f of TOTAL_FIELDS) {
          expect(toCents(quote[f].amount)).toBe(30 * lineCents[f]);
          expect(String(quote[f].amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        }
      }),
    );
  });

  it('every amount in API form has at most 2 decimals and reads back to the same cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(-MAX_CENTS), max: BigInt(MAX_CENTS) }), (big) => {
        const cents = Number(big);
        const amount = centsToAmount(cents);
        expect(toCents(amount)).toBe(cents);
        const sign = cents < 0 ? '-' : '';
        const abs = big < 0n ? -big : big;
        const text = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        expect(amount).toBe(Number(text));
      }),
    );
  });

  it('the suggested price earns the margin to within the 4-decimal rounding', () => {
    fc.assert(
      fc.property(
        fourDecimals(100_000).filter((c) => c >= 0),
        fc.integer({ min: -10_000, max: 9_900 }).map((n) => n / 100),
        (cost, margin) => {
          const price = suggestedPrice(cost, margin);
          expect(price).toBeDefined();
          const exact = cost / (1 - margin / 100);
          expect(Math.abs((price as number) - exact)).toBeLessThanOrEqual(0.00005 + exact * 1e-12);
          expect(String(price)).toMatch(/^-?\d+(\.\d{1,4})?$/);
        },
      ),
    );
  });

  it('reading a number by its digits agrees with the exact decimal route for any double', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
          fourDecimals(100_000),
        ),
        fc.integer({ min: 0, max: 4 }),
        (value, places) => {
          expect(toScaled(value, places, 'value')).toBe(toScaledByText(value, places));
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('recurring money per billing period adds up to the quote’s recurring total, cost and profit', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const quote = quoteTotalsCents(lines);
        const periods = recurringPerPeriodOfLines(lines);
        const sum = (f: 'total' | 'cost' | 'profit') => periods.reduce((a, p) => a + p[f], 0);
        expect(sum('total')).toBe(quote.recurringTotal);
        expect(sum('cost')).toBe(quote.recurringCost);
        expect(sum('profit')).toBe(quote.recurringProfit);
        // One entry per period that has a recurring line, never a period twice.
        const expected = new Set(lines.map((l) => recurringPeriod(l.billingTerm)).filter(Boolean));
        expect(periods.map((p) => p.period).sort()).toEqual([...expected].sort());
        for (const p of periods) {
          expect(p.profit).toBe(p.total - p.cost);
          // Each period is its own lines' sum: monthly money never counts in the year.
          const own = lines.filter((l) => recurringPeriod(l.billingTerm) === p.period);
          expect(p.total).toBe(quoteTotalsCents(own).recurringTotal);
        }
      }),
    );
  });
});

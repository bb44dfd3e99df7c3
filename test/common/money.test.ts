// Worked examples for every rule of docs/architecture.md#money-and-totals.
import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  centsToAmount,
  customInitialTotal,
  recurringByPeriodCents,
  recurringPerPeriodOfLines,
  recurringPeriod,
  lineTotals,
  lineTotalsCents,
  marginPercent,
  moneyKind,
  quoteTotals,
  quoteTotalsCents,
  suggestedPrice,
  sumTotals,
  toCents,
  type LineMoneyInput,
} from '../../common/money';

const line = (over: Partial<LineMoneyInput>): LineMoneyInput => ({
  kind: 'Standard',
  billingTerm: 'Monthly',
  price: 0,
  unitCost: 0,
  quantity: 1,
  ...over,
});

const noMoney = {
  initialCost: 0,
  initialProfit: 0,
  initialTotal: 0,
  recurringCost: 0,
  recurringProfit: 0,
  recurringTotal: 0,
};

describe('rule: unit price and unit cost keep up to 4 decimals', () => {
  it('12.3456 × 3 = 37.0368, which is 37.04', () => {
    expect(lineTotalsCents(line({ price: 12.3456, quantity: 3 })).recurringTotal).toBe(3704);
  });

  it('a unit price of 0.0001 is kept, not lost: × 10000 = 1.00', () => {
    expect(lineTotalsCents(line({ price: 0.0001, quantity: 10_000 })).recurringTotal).toBe(100);
  });

  it('a unit cost of 0.4567 × 100 = 45.67', () => {
    expect(lineTotalsCents(line({ unitCost: 0.4567, quantity: 100 })).recurringCost).toBe(4567);
  });

  it('a 5th decimal is rounded half away from zero to 4: 1.23455 → 1.2346 (× 10000 = 12346.00)', () => {
    const cents = lineTotalsCents(line({ price: 1.23455, unitCost: -1.23455, quantity: 10_000 }));
    expect(cents.recurringTotal).toBe(1_234_600);
    expect(cents.recurringCost).toBe(-1_234_600);
  });
});

describe('rule: a line amount is rounded half away from zero to cents', () => {
  it('half a cent rounds up for a positive amount: 0.005 → 0.01', () => {
    expect(lineTotals(line({ price: 0.005 }), 'USD').recurringTotal.amount).toBe(0.01);
  });

  it('half a cent rounds down for a negative amount: −0.005 → −0.01', () => {
    expect(lineTotals(line({ price: -0.005 }), 'USD').recurringTotal.amount).toBe(-0.01);
  });

  it('just under half a cent rounds toward zero in both signs, never to −0', () => {
    expect(lineTotalsCents(line({ price: 0.0049 })).recurringTotal).toBe(0);
    const negative = lineTotals(line({ price: -0.0049 }), 'USD').recurringTotal.amount;
    expect(Object.is(negative, 0)).toBe(true);
  });

  it('0.125 × 3 = 0.375 → 0.38 and −0.125 × 3 → −0.38', () => {
    expect(lineTotalsCents(line({ price: 0.125, quantity: 3 })).recurringTotal).toBe(38);
    expect(lineTotalsCents(line({ price: -0.125, quantity: 3 })).recurringTotal).toBe(-38);
  });

  it('prices typed as 1.005 and 2.675 round up although their doubles lie just below', () => {
    expect(1.005 * 100).toBeLessThan(100.5); // why a float multiply would get this wrong
    expect(lineTotalsCents(line({ price: 1.005 })).recurringTotal).toBe(101);
    expect(lineTotalsCents(line({ price: 2.675 })).recurringTotal).toBe(268);
  });

  it('rounding happens on the line amount, not on the unit: 0.0033 × 3 = 0.0099 → 0.01', () => {
    expect(lineTotalsCents(line({ price: 0.0033, quantity: 3 })).recurringTotal).toBe(1);
  });
});

describe('rule: large quantities are exact', () => {
  it('2,000,000,000 × 9999.9999 = 19,999,999,800,000.00 to the cent', () => {
    const totals = lineTotals(
      line({ price: 9999.9999, unitCost: 0.0001, quantity: 2_000_000_000 }),
      'USD',
    );
    expect(totals.recurringTotal.amount).toBe(19_999_999_800_000);
    expect(totals.recurringCost.amount).toBe(200_000);
    expect(totals.recurringProfit.amount).toBe(19_999_999_600_000);
  });

  it('2,147,483,647 (int32 max) × 0.0003 = 644,245.0941 → 644,245.09', () => {
    expect(lineTotalsCents(line({ price: 0.0003, quantity: 2_147_483_647 })).recurringTotal).toBe(
      64_424_509,
    );
  });

  it('an amount beyond the largest one held is refused with a RangeError, not rounded', () => {
    expect(() => lineTotalsCents(line({ price: 9999.9999, quantity: 2 ** 40 }))).toThrow(
      /recurring\w+ is beyond the largest amount held/,
    );
  });
});

describe('rule: billing term decides where a line counts', () => {
  it.each(['Monthly', 'Annual', '1 Year', '2 Year', '3 Year', '2-Year', '3-Year'])(
    '%s is recurring',
    (term) => {
      expect(moneyKind(term)).toBe('recurring');
      const cents = lineTotalsCents(line({ billingTerm: term, price: 10, unitCost: 4 }));
      expect(cents).toEqual({
        ...noMoney,
        recurringTotal: 1000,
        recurringCost: 400,
        recurringProfit: 600,
      });
    },
  );

  it.each(['One-Time', 'Activation'])('%s counts in initial', (term) => {
    expect(moneyKind(term)).toBe('initial');
    const cents = lineTotalsCents(
      line({ billingTerm: term, price: 25.5, unitCost: 20, quantity: 2 }),
    );
    expect(cents).toEqual({
      ...noMoney,
      initialTotal: 5100,
      initialCost: 4000,
      initialProfit: 1100,
    });
  });

  it('Activation: a 49.99 activation fee × 3 seats is 149.97 initial, nothing recurring', () => {
    const totals = lineTotals(
      line({ billingTerm: 'Activation', price: 49.99, quantity: 3 }),
      'USD',
    );
    expect(totals.initialTotal.amount).toBe(149.97);
    expect(totals.recurringTotal.amount).toBe(0);
  });

  it('Trial counts nowhere, whatever its price and cost', () => {
    expect(moneyKind('Trial')).toBe('none');
    expect(
      lineTotalsCents(line({ billingTerm: 'Trial', price: 99, unitCost: 50, quantity: 7 })),
    ).toEqual(noMoney);
  });

  it('a Custom Trial counts nowhere either, its initialTotal included', () => {
    const trial = line({ kind: 'Custom', billingTerm: 'Trial', price: 5, initialTotal: 100 });
    expect(lineTotalsCents(trial)).toEqual(noMoney);
  });
});

describe('rule: amount = price × quantity, cost = unit cost × quantity, profit = amount − cost', () => {
  it('120 × 5 = 600 total, 80 × 5 = 400 cost, 200 profit', () => {
    const totals = lineTotals(line({ price: 120, unitCost: 80, quantity: 5 }), 'USD');
    expect(totals.recurringTotal.amount).toBe(600);
    expect(totals.recurringCost.amount).toBe(400);
    expect(totals.recurringProfit.amount).toBe(200);
  });

  it('selling below cost gives a negative profit: 10 × 3 against 12.5 × 3 = −7.50', () => {
    expect(lineTotalsCents(line({ price: 10, unitCost: 12.5, quantity: 3 })).recurringProfit).toBe(
      -750,
    );
  });

  it('profit is taken from the rounded cents, so total − cost always holds', () => {
    // 0.005 → 0.01 and 0.0049 → 0.00: profit 0.01, not round(0.0001) = 0.00
    const cents = lineTotalsCents(line({ price: 0.005, unitCost: 0.0049 }));
    expect(cents.recurringProfit).toBe(cents.recurringTotal - cents.recurringCost);
    expect(cents.recurringProfit).toBe(1);
  });

  it('UsageBased lines follow the same rule as Standard ones', () => {
    const usage = line({ kind: 'UsageBased', price: 0.0125, unitCost: 0.01, quantity: 1000 });
    expect(lineTotalsCents(usage)).toEqual({
      ...noMoney,
      recurringTotal: 1250,
      recurringCost: 1000,
      recurringProfit: 250,
    });
  });
});

describe('rule: Custom initialTotal is the item’s initial amount', () => {
  it('recurring item: initialTotal is a setup fee (initial, no cost); price × quantity recurs', () => {
    const custom = line({
      kind: 'Custom',
      billingTerm: 'Monthly',
      price: 50,
      unitCost: 30,
      quantity: 2,
      initialTotal: 150,
    });
    expect(lineTotalsCents(custom)).toEqual({
      initialTotal: 15000,
      initialCost: 0,
      initialProfit: 15000,
      recurringTotal: 10000,
      recurringCost: 6000,
      recurringProfit: 4000,
    });
  });

  it('recurring item with initialTotal 0 has no initial money', () => {
    const custom = line({
      kind: 'Custom',
      billingTerm: 'Annual',
      price: 50,
      unitCost: 30,
      initialTotal: 0,
    });
    const cents = lineTotalsCents(custom);
    expect([cents.initialTotal, cents.initialCost, cents.initialProfit]).toEqual([0, 0, 0]);
    expect(cents.recurringTotal).toBe(5000);
  });

  it('one-time item: initialTotal is the whole amount, its cost is unit cost × quantity', () => {
    const custom = line({
      kind: 'Custom',
      billingTerm: 'One-Time',
      price: 200,
      unitCost: 120,
      quantity: 2,
      initialTotal: 400,
    });
    expect(lineTotalsCents(custom)).toEqual({
      ...noMoney,
      initialTotal: 40000,
      initialCost: 24000,
      initialProfit: 16000,
    });
  });

  it('one-time item: initialTotal wins over price × quantity when they differ', () => {
    const custom = line({
      kind: 'Custom',
      billingTerm: 'One-Time',
      price: 200,
      unitCost: 120,
      quantity: 2,
      initialTotal: 350.5,
    });
    const totals = lineTotals(custom, 'USD');
    expect(totals.initialTotal.amount).toBe(350.5);
    expect(totals.initialProfit.amount).toBe(110.5);
  });

  it('without initialTotal a one-time item counts price × quantity and a recurring one no fee', () => {
    const once = lineTotalsCents(
      line({ kind: 'Custom', billingTerm: 'One-Time', price: 7, quantity: 3 }),
    );
    expect(once.initialTotal).toBe(2100);
    const monthly = lineTotalsCents(
      line({ kind: 'Custom', billingTerm: 'Monthly', price: 7, quantity: 3 }),
    );
    expect(monthly.initialTotal).toBe(0);
    expect(monthly.recurringTotal).toBe(2100);
  });

  it('initialTotal is ignored on Standard and UsageBased lines', () => {
    const standard = lineTotalsCents(line({ price: 10, initialTotal: 999 }));
    expect(standard.initialTotal).toBe(0);
    const usage = lineTotalsCents(line({ kind: 'UsageBased', price: 10, initialTotal: 999 }));
    expect(usage.initialTotal).toBe(0);
  });
});

describe('rule: quote totals are the sums of the line amounts', () => {
  it('three lines of 0.005 are 0.01 each, so the quote is 0.03 (not a rounded 0.015)', () => {
    const lines = [1, 2, 3].map(() => line({ price: 0.005 }));
    expect(quoteTotals(lines, 'USD').recurringTotal.amount).toBe(0.03);
  });

  it('30 lines of 0.10 add up to exactly 3.00 (floating point gives 3.0000000000000013)', () => {
    const lines = Array.from({ length: 30 }, () => line({ price: 0.1, unitCost: 0.1 }));
    let floatSum = 0;
    for (let i = 0; i < 30; i += 1) floatSum += 0.1;
    expect(floatSum).not.toBe(3);
    const totals = quoteTotals(lines, 'USD');
    expect(totals.recurringTotal.amount).toBe(3);
    expect(totals.recurringCost.amount).toBe(3);
    expect(totals.recurringProfit.amount).toBe(0);
  });

  it('a mixed quote: licences, a setup fee, an activation, a trial and a one-time service', () => {
    const lines: LineMoneyInput[] = [
      line({ billingTerm: 'Monthly', price: 12.3456, unitCost: 9.8765, quantity: 25 }), // 308.64 / 246.91
      line({ billingTerm: 'Annual', price: 199.99, unitCost: 150, quantity: 2 }), // 399.98 / 300.00
      line({ billingTerm: 'Activation', price: 15, unitCost: 0, quantity: 25 }), // initial 375.00 / 0
      line({ billingTerm: 'Trial', price: 12.3456, unitCost: 9.8765, quantity: 25 }), // nothing
      line({
        kind: 'Custom',
        billingTerm: 'Monthly',
        price: 45,
        unitCost: 20,
        quantity: 1,
        initialTotal: 250,
      }), // initial 250 / 0; recurring 45 / 20
      line({
        kind: 'Custom',
        billingTerm: 'One-Time',
        price: 1200,
        unitCost: 800,
        quantity: 1,
        initialTotal: 1200,
      }), // initial 1200 / 800
    ];
    expect(quoteTotalsCents(lines)).toEqual({
      initialTotal: 37500 + 25000 + 120000,
      initialCost: 80000,
      initialProfit: 37500 + 25000 + 120000 - 80000,
      recurringTotal: 30864 + 39998 + 4500,
      recurringCost: 24691 + 30000 + 2000,
      recurringProfit: 30864 + 39998 + 4500 - (24691 + 30000 + 2000),
    });
  });

  it('sums stay exact when a running total passes 2^53 cents on the way', () => {
    const big = (price: number) => line({ price, quantity: 6_000_000_000 }); // ±60 trillion
    const cents = quoteTotalsCents([big(10_000), big(10_000), big(-10_000)]);
    expect(cents.recurringTotal).toBe(6_000_000_000_000_000);
  });

  it('an empty quote has zero totals in its currency', () => {
    const totals = quoteTotals([], 'EUR');
    expect(totals.initialTotal).toEqual({ amount: 0, currency: 'EUR' });
    expect(totals.recurringProfit).toEqual({ amount: 0, currency: 'EUR' });
  });

  it('sumTotals adds stored line totals in cents: 0.1 + 0.2 = 0.3 exactly', () => {
    const a = lineTotals(line({ price: 0.1 }), 'USD');
    const b = lineTotals(line({ price: 0.2 }), 'USD');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumTotals([a, b], 'USD').recurringTotal.amount).toBe(0.3);
  });

  it('sumTotals refuses to add amounts of another currency, naming the field', () => {
    const usd = lineTotals(line({ price: 1 }), 'USD');
    expect(() => sumTotals([usd], 'EUR')).toThrow(/initialCost\.currency is USD, expected EUR/);
  });
});

describe('rule: margin m gives the suggested price cost / (1 − m/100)', () => {
  it('cost 80 at 20% margin → 100', () => {
    expect(suggestedPrice(80, 20)).toBe(100);
  });

  it('cost 1 at 30% margin → 1.428571… → 1.4286 (4 decimals)', () => {
    expect(suggestedPrice(1, 30)).toBe(1.4286);
  });

  it('cost 10 at 33.3333% → 14.9999925… → 15.0000', () => {
    expect(suggestedPrice(10, 33.3333)).toBe(15);
  });

  it('cost 0.0001 at 50% → 0.0002; at 0% the price is the cost', () => {
    expect(suggestedPrice(0.0001, 50)).toBe(0.0002);
    expect(suggestedPrice(42.4242, 0)).toBe(42.4242);
  });

  it('a negative margin prices below cost: cost 80 at −25% → 64', () => {
    expect(suggestedPrice(80, -25)).toBe(64);
  });

  it('100% or more can never be earned: no suggested price (undefined)', () => {
    expect(suggestedPrice(80, 100)).toBeUndefined();
    expect(suggestedPrice(80, 150)).toBeUndefined();
    expect(suggestedPrice(80, Number.NaN)).toBeUndefined();
  });

  it('marginPercent is the inverse: 100.00 over a cost of 80.00 is 20%', () => {
    expect(marginPercent(10000, 8000)).toBe(20);
    expect(marginPercent(142_86, 100_00)).toBe(30);
    expect(marginPercent(0, 500)).toBeUndefined();
  });
});

describe('amounts in API form', () => {
  it('carry the currency and exactly the cents', () => {
    const totals = lineTotals(line({ price: 19.99, quantity: 3 }), 'GBP');
    expect(totals.recurringTotal).toEqual({ amount: 59.97, currency: 'GBP' });
    expect(String(totals.recurringTotal.amount)).toBe('59.97');
  });

  it('toCents reads what the user typed: 1.005 → 101, −1.005 → −101, 12 → 1200', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(12)).toBe(1200);
    expect(centsToAmount(101)).toBe(1.01);
  });

  it('the largest amount held still round-trips to the cent', () => {
    expect(toCents(centsToAmount(MAX_CENTS))).toBe(MAX_CENTS);
    expect(toCents(centsToAmount(-MAX_CENTS + 1))).toBe(-MAX_CENTS + 1);
  });
});

describe('bad input is refused with an error naming the field', () => {
  it.each([
    [{ price: Number.NaN }, /price must be a finite number/],
    [{ unitCost: Number.POSITIVE_INFINITY }, /unitCost must be a finite number/],
    [{ quantity: 1.5 }, /quantity must be a whole number/],
    [{ kind: 'Custom' as const, initialTotal: Number.NaN }, /initialTotal must be a finite number/],
  ])('%o', (over, message) => {
    expect(() => lineTotalsCents(line(over))).toThrow(message);
  });
});

describe('recurring money per billing period', () => {
  it('keeps monthly, yearly and multi-year lines apart, and they add up to recurringTotal', () => {
    const lines = [
      line({ billingTerm: 'Annual', price: 310, quantity: 12 }),
      line({ billingTerm: 'Monthly', price: 8, quantity: 12 }),
      line({ kind: 'Custom', billingTerm: 'Monthly', price: 95.5, quantity: 1, initialTotal: 50 }),
      line({ billingTerm: '1 Year', price: 100, quantity: 1 }),
      line({ billingTerm: '3 Year', price: 900, quantity: 1 }),
      line({ billingTerm: 'One-Time', price: 700, quantity: 3 }),
      line({ billingTerm: 'Trial', price: 5, quantity: 3 }),
    ];
    const periods = recurringByPeriodCents(lines);
    expect(periods).toEqual({ annual: 382000, monthly: 19150, threeYear: 90000 });
    const sum = Object.values(periods).reduce((a, b) => a + b, 0);
    expect(sum).toBe(quoteTotalsCents(lines).recurringTotal);
    expect(recurringPeriod('2-Year')).toBe('twoYear');
    expect(recurringPeriod('One-Time')).toBeNull();
  });

  it('gives total, cost, profit and margin per period: $120.00/month and $3,600.00/year stay apart', () => {
    // Q-2026-000009: Twilio SMS $120.00 per month and SentinelOne $3,600.00 per year, which the
    // API's recurringTotal adds into $3,720.00.
    const lines = [
      line({ billingTerm: 'Monthly', price: 0.012, unitCost: 0.009, quantity: 10_000 }),
      line({ billingTerm: 'Annual', price: 60, unitCost: 45, quantity: 60 }),
      line({ billingTerm: 'One-Time', price: 500, unitCost: 100, quantity: 1 }),
      line({ kind: 'Custom', billingTerm: '1 Year', price: 0, unitCost: 0, quantity: 1 }),
    ];
    expect(quoteTotalsCents(lines).recurringTotal).toBe(372000);
    expect(recurringPerPeriodOfLines(lines)).toEqual([
      { period: 'monthly', total: 12000, cost: 9000, profit: 3000, margin: 25 },
      { period: 'annual', total: 360000, cost: 270000, profit: 90000, margin: 25 },
    ]);
    // A free yearly line alone still names its period; its margin is undefined, not 0 %.
    expect(recurringPerPeriodOfLines([lines[3]!])).toEqual([
      { period: 'annual', total: 0, cost: 0, profit: 0, margin: undefined },
    ]);
    expect(recurringPerPeriodOfLines([lines[2]!])).toEqual([]);
  });

  it('a Custom item’s initialTotal is price × quantity when one-time, its setup fee when recurring', () => {
    expect(customInitialTotal('One-Time', 700, 3)).toBe(2100);
    expect(customInitialTotal('One-Time', 0.3333, 3)).toBe(1);
    expect(customInitialTotal('Monthly', 700, 3, 150)).toBe(150);
    expect(customInitialTotal('Trial', 700, 3, 150)).toBe(0);
  });
});

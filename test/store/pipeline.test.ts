// The pipeline chart's numbers: totals per status over every quote the list's filters (but
// status) match, equal to the sums of what the list lists, with and without a search.
import { describe, expect, it } from 'vitest';
import { toCents } from '../../common/money';
import type { Store } from '../../main/store';
import { M365, SERVER, acme, blueFjord, clientOf, seededStore } from './fixtures';

/** Sums of the listed quotes per status, paging through the whole list as the UI would. */
function listedSums(store: Store, query: { search?: string; account?: 'user' | 'partner' }) {
  const out: Record<
    string,
    { count: number; initial: number; recurring: number; periods: Record<string, number> }
  > = {};
  for (let page = 0; ; page++) {
    const r = store.listQuotes({ ...query, page, limit: 7 });
    for (const e of r.content) {
      const s = (out[e.status] ??= { count: 0, initial: 0, recurring: 0, periods: {} });
      s.count++;
      for (const [p, c] of Object.entries(e.recurringByPeriod)) {
        s.periods[p] = (s.periods[p] ?? 0) + c;
      }
      s.initial += toCents(e.totals.initialTotal.amount);
      s.recurring += toCents(e.totals.recurringTotal.amount);
    }
    if (page + 1 >= r.page.totalPages) break;
  }
  return out;
}

function pipelineSums(store: Store, query: { search?: string; account?: 'user' | 'partner' }) {
  return Object.fromEntries(
    store.pipeline(query).map((r) => [
      r.status,
      {
        count: r.count,
        initial: r.initialCents,
        recurring: r.recurringCents,
        periods: r.recurringByPeriod,
      },
    ]),
  );
}

describe('pipeline totals', () => {
  it('equal the sums of the listed quotes per status, for the whole list and for a search', () => {
    const store = seededStore();
    for (let i = 0; i < 23; i++) {
      const client = i % 3 ? clientOf(acme) : clientOf(blueFjord);
      const q = store.createQuote({ client });
      store.addLineItems(q.id, [
        {
          type: 'Standard',
          productId: M365.id,
          billingTerm: 'Monthly',
          quantity: i + 1,
          price: 21.3333,
        },
        ...(i % 3 === 0
          ? [
              {
                type: 'Standard' as const,
                productId: M365.id,
                billingTerm: 'Annual' as const,
                quantity: 2,
                price: 240.5,
              },
            ]
          : []),
        ...(i % 4 === 0
          ? [
              {
                type: 'Standard' as const,
                productId: SERVER.id,
                billingTerm: 'One-Time' as const,
                quantity: 1,
              },
            ]
          : []),
      ]);
      if (i % 5 === 0) store.updateHeader(q.id, { status: 'sent', published: true });
      if (i === 7) store.deleteQuote(q.id); // never sent: gone, counted nowhere
    }
    for (const query of [{}, { search: 'Blue Fjord' }, { account: 'partner' as const }]) {
      const listed = listedSums(store, query);
      expect(pipelineSums(store, query)).toEqual(listed);
    }
    const all = pipelineSums(store, {});
    expect(all.draft!.count + all.sent!.count).toBe(22);
    // Monthly and yearly money summed apart; together they are the API's recurring total.
    for (const s of Object.values(all)) {
      expect(Object.keys(s.periods).sort()).toEqual(['annual', 'monthly']);
      expect(s.periods.monthly! + s.periods.annual!).toBe(s.recurring);
    }
    expect(store.pipeline({}).map((r) => r.status)).toEqual(['draft', 'sent']);
    store.close();
  });

  it('refuses a search longer than the list allows, naming the field', () => {
    const store = seededStore();
    expect(() => store.pipeline({ search: 'x'.repeat(1000) })).toThrow(/search/);
    store.close();
  });
});

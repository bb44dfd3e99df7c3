import { describe, expect, it } from 'vitest';
import type { Store } from '../../main/store';
import { M365, clientOf, clients, seededStore } from './fixtures';

// The orders by client name and by the totals are held in memory (list-facts.ts), not in a
// SQLite index: each page must still be exactly SQLite's own ORDER BY, through edits, new
// clients, deletes and restores.
const SQL_ORDER = {
  'client.name': 'client_name COLLATE NOCASE',
  'totals.initialTotal': 'initial_total',
  'totals.recurringTotal': 'recurring_total',
} as const;

/** Names that sort differently by case, by accent and by UTF-16 against UTF-8 (the last two). */
const NAMES = ['acme corp', 'ACME Corp', 'Ärzte Verbund', 'zeta', 'Zeta', 'b\uffff', 'b\u{1F600}'];

function manyQuotes(n: number): { store: Store; ids: string[] } {
  const store = seededStore();
  const ids: string[] = [];
  let t = Date.parse('2026-01-01T00:00:00Z');
  store.transaction(() => {
    for (let i = 0; i < n; i++) {
      const base = clients[i % clients.length]!;
      const client =
        i % 5 === 0 ? { ...clientOf(base), name: NAMES[i % NAMES.length]! } : clientOf(base);
      const q = store.createQuote({ client, now: new Date((t += 1000)) });
      ids.push(q.id);
      if (i % 3 !== 0) {
        const term = i % 2 ? 'Monthly' : 'Annual';
        store.addLineItems(q.id, [
          { type: 'Standard', productId: M365.id, billingTerm: term, quantity: 1 + (i % 9) },
        ]);
      }
      if (i % 4 === 0) store.updateHeader(q.id, { status: 'sent' });
    }
  });
  return { store, ids };
}

function expectSqlOrder(store: Store, label: string): void {
  for (const [field, column] of Object.entries(SQL_ORDER)) {
    for (const dir of ['asc', 'desc'] as const) {
      for (const status of [undefined, 'draft']) {
        for (const page of [0, 3, 11]) {
          const want = store.database
            .prepare(
              `SELECT id FROM quotes WHERE deleted = 0 ${status ? `AND status = '${status}'` : ''}
               ORDER BY ${column} ${dir}, qrow ${dir} LIMIT 100 OFFSET ${page * 100}`,
            )
            .pluck()
            .all();
          const got = store.listQuotes({
            account: 'partner',
            sort: `${field},${dir}`,
            ...(status ? { status } : {}),
            limit: 100,
            page,
          });
          expect(
            got.content.map((e) => e.id),
            `${label}: ${field},${dir} ${status} p${page}`,
          ).toEqual(want);
        }
      }
    }
  }
}

describe('list orders held in memory', () => {
  it('page exactly as SQLite orders them, through edits, new clients, deletes and restores', () => {
    const { store, ids } = manyQuotes(2600);
    expectSqlOrder(store, 'first read');

    // A few edits: the orders are mended in place.
    for (const id of ids.slice(1, 40)) {
      const w = store.getWork(id);
      if (w.lineItems.length && w.status === 'draft')
        store.updateLineItems(id, [
          { id: w.lineItems[0]!.id, quantity: 50 + (w.lineItems.length % 7) },
        ]);
    }
    store.createQuote({ client: { ...clientOf(clients[0]!), name: 'aardvark ltd' } });
    store.deleteQuote(ids[8]!);
    store.createQuote({ client: { ...clientOf(clients[1]!), name: 'ACME corp' } });
    expectSqlOrder(store, 'after a few edits');

    // Many changes at once (as a first sign-in's list entries): sorted afresh.
    store.transaction(() => {
      for (const id of ids.slice(100, 700)) {
        const w = store.getWork(id);
        if (w.lineItems.length && w.status === 'draft')
          store.updateLineItems(id, [{ id: w.lineItems[0]!.id, quantity: 3 }]);
      }
    });
    store.undo(ids[8]!);
    expectSqlOrder(store, 'after many edits');
    store.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../../main/store';
import { M365, acme, blueFjord, clientOf, seededStore, tempDir } from './fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const found = (store: Store, search: string) =>
  store.listQuotes({ account: 'partner', search }).content.map((x) => x.id);

/** A quote with one noted line, already found by search. */
function notedQuote(store: Store, note: string) {
  const q = store.createQuote({ client: clientOf(acme) });
  const [line] = store.addLineItems(q.id, [
    { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 5, note },
  ]);
  return { id: q.id, line: line! };
}

describe('search after edits', () => {
  it('finds what was typed just before the app died, and no longer what it replaced', () => {
    const store = seededStore();
    const q = notedQuote(store, 'kickoff in Reykjavik');
    expect(found(store, 'reykjav')).toEqual([q.id]);
    store.updateLineItems(q.id, [{ id: q.line, note: 'rollout in Zaragoza' }]);
    const gone = store.createQuote({ client: clientOf(blueFjord) });
    store.addLineItems(gone.id, [
      {
        type: 'Standard',
        productId: M365.id,
        billingTerm: 'Monthly',
        quantity: 1,
        note: 'Zaragoza too',
      },
    ]);
    store.deleteQuote(gone.id);
    // The file and its WAL as the app left them, without a search or a clean close since.
    const file = path.join(tempDir(), 'quotedesk.sqlite');
    fs.copyFileSync(store.file, file);
    fs.copyFileSync(`${store.file}-wal`, `${file}-wal`);
    store.close();
    const after = openStore(file);
    expect(found(after, 'zarag')).toEqual([q.id]);
    expect(found(after, 'reykjav')).toEqual([]);
    after.close();
  });

  it('still finds an edit after a search inside a transaction that rolled back', () => {
    const store = seededStore();
    const q = notedQuote(store, 'kickoff in Reykjavik');
    store.updateLineItems(q.id, [{ id: q.line, note: 'rollout in Zaragoza' }]);
    expect(() =>
      store.transaction(() => {
        expect(found(store, 'zarag')).toEqual([q.id]);
        throw new Error('something else failed');
      }),
    ).toThrow('something else failed');
    expect(found(store, 'zarag')).toEqual([q.id]);
    expect(found(store, 'reykjav')).toEqual([]);
    store.close();
  });

  it('finds undone and pulled text as soon as it is back, product names and SKUs included', () => {
    const store = seededStore();
    const q = notedQuote(store, 'kickoff in Reykjavik');
    store.deleteLineItems(q.id, [q.line]);
    expect(found(store, 'MST-M365')).toEqual([]);
    expect(found(store, 'reykjav')).toEqual([]);
    store.undo(q.id);
    expect(found(store, 'MST-M365')).toEqual([q.id]);
    expect(found(store, 'business premium reykjav')).toEqual([q.id]);
    store.close();
  });

  it('brings entries up to date after a second without edits; if that fails, the next search says so (connection closed under it)', () => {
    vi.useFakeTimers();
    const store = seededStore();
    const q = notedQuote(store, 'kickoff in Reykjavik');
    store.updateLineItems(q.id, [{ id: q.line, note: 'rollout in Zaragoza' }]);
    const pending = () =>
      store.database.prepare('SELECT count(*) FROM search_pending').pluck().get() as number;
    expect(pending()).toBe(1);
    vi.advanceTimersByTime(1100);
    expect(pending()).toBe(0);
    // Many at once (as after a pull that refreshed them): done in slices, all of them.
    const many = Array.from({ length: 250 }, (_, i) => notedQuote(store, `site ${i}`));
    for (const m of many) store.updateLineItems(m.id, [{ id: m.line, note: 'moved to Bergen' }]);
    expect(pending()).toBe(250);
    vi.advanceTimersByTime(1100);
    expect(pending()).toBe(0);
    expect(store.listQuotes({ account: 'partner', search: 'bergen' }).page.totalElements).toBe(250);
    store.updateLineItems(q.id, [{ id: q.line, note: 'rollout in Porto' }]);
    // The idle run fails: it must not throw from its timer (that would end the app).
    store.database.close();
    expect(() => vi.advanceTimersByTime(1100)).not.toThrow();
    expect(() => found(store, 'porto')).toThrow(/not open/);
  });
});

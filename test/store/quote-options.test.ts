// A quote's options and alternatives (table quote_options) are kept by the quote's id, not its
// row, so no cascade takes them: a quote purged for good (its delete sent, or deleted on the
// server) takes its options with it in the same transaction.
import { describe, expect, it } from 'vitest';
import { markSection } from '../../main/store/quote/edits/options';
import { M365, acme, clientOf, seededStore } from './fixtures';

describe('options of a quote', () => {
  it('go with the quote when it is purged', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    const sec = store.createSection(q.id, 'Security');
    store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 10 },
    ]);
    store.moveLineItem(q.id, store.getWork(q.id).lineItems[0]!.id, { sectionId: sec });
    store.changeOptions(q.id, (w, doc, c) => ({ doc: markSection(w, doc, sec, c) }));
    const rows = () =>
      store.database
        .prepare('SELECT count(*) FROM quote_options WHERE quote_id = ?')
        .pluck()
        .get(q.id);
    expect(rows()).toBe(1);
    store.deleteQuote(q.id);
    store.purgeQuote(q.id);
    expect(rows()).toBe(0);
    store.close();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkLineItem, WorkQuote } from '../../main/store';
import { DocWriter } from '../../main/store/quote/doc-writer';
import { recomputeTotals, storedDoc } from '../../main/store/quote/totals';
import { M365, SERVER, acme, clientOf, seededStore } from './fixtures';

/** A quote with a few lines, as an edit holds it (no line totals). */
function quote(): WorkQuote {
  const store = seededStore();
  const q = store.createQuote({ client: clientOf(acme) });
  store.addLineItems(q.id, [
    { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 3, note: 'a' },
    { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
    {
      type: 'Custom',
      productName: 'Setup',
      productSku: 'SVC-SETUP',
      billingTerm: 'One-Time',
      price: 10.5,
      cost: 4.25,
      initialTotal: 10.5,
      quantity: 2,
    },
  ]);
  const w = store.getWork(q.id);
  store.close();
  recomputeTotals(w, false);
  return w;
}

type Change = (w: WorkQuote, n: number) => void;
const at = (w: WorkQuote, n: number): WorkLineItem | undefined =>
  w.lineItems[n % (w.lineItems.length || 1)];

const CHANGES: Record<string, Change> = {
  quantity: (w, n) => void (at(w, n) && (at(w, n)!.quantity = (n % 90) + 1)),
  price: (w, n) => void (at(w, n) && (at(w, n)!.price = n / 100)),
  name: (w, n) => void (at(w, n) && (at(w, n)!.product.name = `Name ${n % 3}`)),
  note: (w, n) => void (at(w, n) && (at(w, n)!.note = n % 2 ? '' : `note "${n}"\n`)),
  usage: (w, n) =>
    void (
      at(w, n) &&
      (at(w, n)!.usageBased = n % 2 ? null : { type: 'PRICE_FLAT', displayNote: n % 3 === 0 })
    ),
  drop: (w, n) => void w.lineItems.splice(n % (w.lineItems.length || 1), 1),
  copy: (w, n) => {
    const li = at(w, n);
    if (li) w.lineItems.push({ ...structuredClone(li), id: `copy-${n}` });
  },
  move: (w, n) => {
    const [li] = w.lineItems.splice(n % (w.lineItems.length || 1), 1);
    if (li) w.lineItems.unshift(li);
  },
  intro: (w, n) => void (w.introMessage = `intro ${n % 4}`),
  same: () => {},
};

describe('writing an edited working copy', () => {
  it('gives the text storedDoc gives, edit after edit (property)', () => {
    const base = quote();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(CHANGES)), fc.nat(1000)), {
          maxLength: 30,
        }),
        (changes) => {
          const w = structuredClone(base);
          const writer = new DocWriter();
          expect(writer.write(w)).toBe(storedDoc(w));
          for (const [name, n] of changes) {
            CHANGES[name]!(w, n);
            expect(writer.write(w)).toBe(storedDoc(w));
          }
        },
      ),
      { numRuns: 200, seed: 29 },
    );
  });
});

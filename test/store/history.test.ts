import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Store, type WorkQuote } from '../../main/store';
import { applyEntry, historyEntry } from '../../main/store/quote/history';
import { M365, SERVER, acme, clientOf, seededStore } from './fixtures';

/** The working copy without the edit timestamp, which undo and redo move forward. */
const content = (w: WorkQuote) => ({ ...w, updatedOn: '' });
const pdf = (n: number) => new TextEncoder().encode(`%PDF-1.4 history test ${n}`);

const item = fc.record({
  id: fc.uuid(),
  name: fc.string(),
  quantity: fc.integer({ min: 1, max: 1000 }),
  product: fc.record({ id: fc.option(fc.uuid()), sku: fc.string() }),
  sha256: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/)),
});
const doc = fc.record({
  id: fc.uuid(),
  updatedOn: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  note: fc.string({ unit: 'grapheme' }),
  lineItems: fc.array(item, { maxLength: 8 }),
});

describe('history entries', () => {
  it('restore exactly the document they were made for, whatever changed (property)', () => {
    fc.assert(
      fc.property(doc, doc, fc.array(fc.tuple(fc.nat(), item)), fc.nat(), (a, b, swaps, cut) => {
        // A related pair (items replaced, one removed) and an unrelated one.
        const c = structuredClone(a);
        for (const [i, it] of swaps)
          if (c.lineItems.length) c.lineItems[i % c.lineItems.length] = it;
        if (c.lineItems.length && cut % 3 === 0) c.lineItems.splice(cut % c.lineItems.length, 1);
        for (const [x, y] of [
          [a, c],
          [c, a],
          [a, b],
        ] as const) {
          const from = JSON.stringify(x);
          const to = JSON.stringify(y);
          expect(applyEntry(from, historyEntry(from, to))).toBe(to);
        }
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('write a restored file address whole', () => {
    const from = JSON.stringify({ id: 'q', attachments: [{ id: 'a', sha256: 'ab'.repeat(32) }] });
    const to = JSON.stringify({ id: 'q', attachments: [{ id: 'a', sha256: 'ac'.repeat(32) }] });
    expect(historyEntry(from, to)).toContain(`"sha256":"${'ac'.repeat(32)}"`);
  });
});

type Op = (store: Store, id: string) => void;

const EDITS: Record<string, Op> = {
  addItem: (s, id) =>
    s.addLineItems(id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 2 },
    ]),
  addServer: (s, id) =>
    s.addLineItems(id, [
      { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
    ]),
  bumpQty: (s, id) => {
    const li = s.getWork(id).lineItems.at(-1);
    if (li) s.updateLineItems(id, [{ id: li.id, quantity: li.quantity + 1 }]);
  },
  dropFirst: (s, id) => {
    const li = s.getWork(id).lineItems[0];
    if (li) s.deleteLineItems(id, [li.id]);
  },
  intro: (s, id) => s.updateHeader(id, { introMessage: `intro ${s.getWork(id).lineItems.length}` }),
  section: (s, id) => void s.createSection(id, `S${s.getWork(id).sections.length}`),
  attach: (s, id) => {
    const n = s.getWork(id).attachments.length;
    if (n < 3) s.addAttachments(id, [{ name: `f${n}.pdf`, bytes: pdf(n) }]);
  },
};

describe('undo and redo through edits, steps back and forth, and downloads', () => {
  it('each step restores the copy it stood for, as full copies did (property)', () => {
    const store = seededStore();
    let downloads = 100;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...Object.keys(EDITS), 'undo', 'redo', 'download'), {
          minLength: 1,
          maxLength: 25,
        }),
        (ops) => {
          const q = store.createQuote({ client: clientOf(acme) });
          let current = content(store.getWork(q.id));
          const undo: (typeof current)[] = [];
          const redo: (typeof current)[] = [];
          for (const op of ops) {
            if (op === 'undo' || op === 'redo') {
              const [from, to] = op === 'undo' ? [undo, redo] : [redo, undo];
              expect(store[op](q.id)).toBe(from.length > 0);
              if (from.length) {
                to.push(current);
                current = from.pop()!;
              }
            } else if (op === 'download') {
              // Sync fills in a file: not an edit, so the history restores what it did.
              const att = store.getWork(q.id).attachments[0];
              if (!att) continue;
              store.setAttachmentFile(q.id, att.id, pdf(downloads++));
              current = content(store.getWork(q.id));
            } else {
              const before = store.getQuote(q.id)!.undoDepth;
              EDITS[op]!(store, q.id);
              if (store.getQuote(q.id)!.undoDepth === before) continue;
              undo.push(current);
              redo.length = 0;
              current = content(store.getWork(q.id));
            }
            expect(content(store.getWork(q.id))).toEqual(current);
          }
          expect(store.getQuote(q.id)).toMatchObject({
            undoDepth: undo.length,
            redoDepth: redo.length,
          });
          while (undo.length) {
            expect(store.undo(q.id)).toBe(true);
            expect(content(store.getWork(q.id))).toEqual(undo.pop());
          }
        },
      ),
      { numRuns: 60, seed: 3 },
    );
    store.close();
  });

  it('keeps every file the history can bring back', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    const [att] = store.addAttachments(q.id, [
      { name: 'Proposal.pdf', bytes: pdf(1) },
      { name: 'Terms.pdf', bytes: pdf(3) },
    ]);
    const first = store.getWork(q.id).attachments[0]!.sha256!;
    store.updateHeader(q.id, { introMessage: 'with the proposal' });
    store.setAttachmentFile(q.id, att!, pdf(2));
    expect(store.collectGarbage().removed).toBe(0);
    store.undo(q.id);
    expect(store.getWork(q.id).attachments[0]!.sha256).toBe(first);
    expect(store.readFile(first).length).toBeGreaterThan(0);
    store.close();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StoreValidationError, UNDO_DEPTH, type Store, type WorkQuote } from '../../main/store';
import { M365, SERVER, acme, blueFjord, clientOf, seededStore } from './fixtures';

/** The working copy without the edit timestamp, which undo and redo move forward. */
const content = (w: WorkQuote) => ({ ...w, updatedOn: '' });

type Op = (store: Store, id: string) => void;

const OPS: Record<string, Op> = {
  addItem: (s, id) =>
    s.addLineItems(id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 2 },
    ]),
  addServer: (s, id) =>
    s.addLineItems(id, [
      { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
    ]),
  bumpQty: (s, id) => {
    const li = s.getWork(id).lineItems[0];
    if (li) s.updateLineItems(id, [{ id: li.id, quantity: li.quantity + 1 }]);
  },
  dropFirst: (s, id) => {
    const li = s.getWork(id).lineItems[0];
    if (li) s.deleteLineItems(id, [li.id]);
  },
  intro: (s, id) => s.updateHeader(id, { introMessage: `intro ${s.getWork(id).lineItems.length}` }),
  section: (s, id) => void s.createSection(id, `S${s.getWork(id).sections.length}`),
  move: (s, id) => {
    const w = s.getWork(id);
    const li = w.lineItems.at(-1);
    const sec = w.sections.at(-1);
    if (li && sec) s.moveLineItem(id, li.id, { sectionId: sec.id });
  },
  share: (s, id) =>
    s.addAccessEntries(id, [{ email: `r${s.getWork(id).accessList.length}@acme.example` }]),
};

describe('undo and redo', () => {
  it('walk back and forth through every edit, totals and search included', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    const states = [content(store.getWork(q.id))];
    for (const name of [
      'addItem',
      'intro',
      'addServer',
      'bumpQty',
      'section',
      'move',
      'share',
      'dropFirst',
    ]) {
      OPS[name]!(store, q.id);
      states.push(content(store.getWork(q.id)));
    }
    const gen = store.getQuote(q.id)!.generation;
    for (let i = states.length - 2; i >= 0; i--) {
      expect(store.undo(q.id)).toBe(true);
      expect(content(store.getWork(q.id))).toEqual(states[i]);
    }
    expect(store.undo(q.id)).toBe(false);
    expect(store.listQuotes({ search: 'PowerEdge' }).content).toEqual([]);
    for (let i = 1; i < states.length; i++) {
      expect(store.redo(q.id)).toBe(true);
      expect(content(store.getWork(q.id))).toEqual(states[i]);
    }
    expect(store.redo(q.id)).toBe(false);
    expect(store.listQuotes({ search: 'PowerEdge' }).content.map((x) => x.id)).toEqual([q.id]);
    // Undo and redo are edits for sync: each bumped the generation.
    expect(store.getQuote(q.id)!.generation).toBe(gen + 2 * (states.length - 1));
    store.close();
  });

  it('drops the redo stack on a new edit, keeps it across a refused one, and survives reopening', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    OPS.addItem!(store, q.id);
    OPS.intro!(store, q.id);
    store.undo(q.id);
    expect(store.getQuote(q.id)!.redoDepth).toBe(1);
    // Published changes only with the status: refused, nothing written.
    expect(() => store.updateHeader(q.id, { published: true })).toThrow(StoreValidationError);
    expect(store.getQuote(q.id)!.redoDepth).toBe(1);
    const file = store.file;
    store.close();
    const again = seededStore({ file });
    expect(again.redo(q.id)).toBe(true);
    expect(again.getWork(q.id).introMessage).toBe('intro 1');
    again.undo(q.id);
    OPS.share!(again, q.id);
    expect(again.getQuote(q.id)!.redoDepth).toBe(0);
    expect(again.redo(q.id)).toBe(false);
    again.close();
  });

  it(`keeps the last ${UNDO_DEPTH} steps per quote`, () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    for (let i = 0; i < UNDO_DEPTH + 5; i++) store.updateHeader(q.id, { introMessage: `v${i}` });
    expect(store.getQuote(q.id)!.undoDepth).toBe(UNDO_DEPTH);
    while (store.undo(q.id));
    expect(store.getWork(q.id).introMessage).toBe('v4');
    store.close();
  });

  it('round-trips any sequence of edits (property)', () => {
    const store = seededStore();
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...Object.keys(OPS)), { minLength: 1, maxLength: 12 }),
        (ops) => {
          const q = store.createQuote({ client: clientOf(acme) });
          const states = [content(store.getWork(q.id))];
          for (const op of ops) {
            const before = store.getQuote(q.id)!.undoDepth;
            OPS[op]!(store, q.id);
            // Some ops have nothing to act on; only edits that happened are steps.
            if (store.getQuote(q.id)!.undoDepth > before) states.push(content(store.getWork(q.id)));
          }
          for (let i = states.length - 2; i >= 0; i--) {
            expect(store.undo(q.id)).toBe(true);
            expect(content(store.getWork(q.id))).toEqual(states[i]);
          }
          expect(store.undo(q.id)).toBe(false);
          for (let i = 1; i < states.length; i++) store.redo(q.id);
          expect(content(store.getWork(q.id))).toEqual(states.at(-1));
        },
      ),
      { numRuns: 25, seed: 5 },
    );
    store.close();
  });
});

describe('edits committed as they are typed', () => {
  it('are one undo step per field visit, and a step of its own after any other edit or an undo', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(q.id, { introMessage: 'Dear' });
    for (const text of ['P', 'Pr', 'Pri', 'Pric', 'Prices'])
      store.updateHeader(q.id, { termsAndDisclaimers: text }, { coalesce: 'terms-visit-1' });
    expect(store.getWork(q.id).termsAndDisclaimers).toBe('Prices');
    expect(store.getQuote(q.id)!.undoDepth).toBe(2);
    // One undo takes back the whole visit, not its last keystroke.
    store.undo(q.id);
    expect(store.getWork(q.id).termsAndDisclaimers).toBe('');
    expect(store.getWork(q.id).introMessage).toBe('Dear');
    store.redo(q.id);
    expect(store.getWork(q.id).termsAndDisclaimers).toBe('Prices');
    // The same visit after an undo, or after another edit, is a new step.
    store.undo(q.id);
    store.updateHeader(q.id, { termsAndDisclaimers: 'N' }, { coalesce: 'terms-visit-1' });
    store.updateHeader(q.id, { introMessage: 'Dear Acme' });
    store.updateHeader(q.id, { termsAndDisclaimers: 'Ne' }, { coalesce: 'terms-visit-1' });
    store.updateHeader(q.id, { termsAndDisclaimers: 'Net' }, { coalesce: 'terms-visit-1' });
    store.undo(q.id);
    expect(store.getWork(q.id).termsAndDisclaimers).toBe('N');
    store.undo(q.id);
    expect(store.getWork(q.id).introMessage).toBe('Dear');
    store.undo(q.id);
    expect(store.getWork(q.id).termsAndDisclaimers).toBe('');
    store.close();
  });
});

describe('a push answered while the user types on', () => {
  it('keeps the undo history when only server-assigned fields came in, and clears it for a colleague’s change', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    for (const text of ['N', 'Ne', 'Net'])
      store.updateHeader(q.id, { termsAndDisclaimers: text }, { coalesce: 'visit' });
    const gen = store.getQuote(q.id)!.generation;
    store.sync.replaceWork(q.id, { ...store.getWork(q.id), referenceCode: 'Q-2026-000042' }, gen);
    expect(store.getQuote(q.id)!.undoDepth).toBe(1);
    store.undo(q.id);
    expect(store.getWork(q.id)).toMatchObject({
      termsAndDisclaimers: '',
      referenceCode: 'Q-2026-000042',
    });
    store.redo(q.id);

    const gen2 = store.getQuote(q.id)!.generation;
    store.sync.replaceWork(
      q.id,
      { ...store.getWork(q.id), introMessage: 'from a colleague' },
      gen2,
    );
    expect(store.getQuote(q.id)!.undoDepth).toBe(0);
    store.close();
  });
});

describe('one call, one undo step', () => {
  it('takes back every edit of a quote made in one transaction with one Undo, per quote', () => {
    const store = seededStore();
    const a = store.createQuote({ client: clientOf(acme) }).id;
    const b = store.createQuote({ client: clientOf(blueFjord) }).id;
    store.updateHeader(a, { introMessage: 'Before' });
    const before = content(store.getWork(a));
    store.transaction(() => {
      OPS.addItem!(store, a);
      OPS.section!(store, a);
      OPS.move!(store, a);
      OPS.intro!(store, b);
      OPS.bumpQty!(store, a);
    });
    expect(store.getQuote(a)!.undoDepth).toBe(2);
    expect(store.getQuote(b)!.undoDepth).toBe(1);
    const after = content(store.getWork(a));
    expect(store.undo(a)).toBe(true);
    expect(content(store.getWork(a))).toEqual(before);
    expect(store.redo(a)).toBe(true);
    expect(content(store.getWork(a))).toEqual(after);
    // The next call is a step of its own.
    OPS.intro!(store, a);
    expect(store.getQuote(a)!.undoDepth).toBe(3);
  });

  it('does not fold an edit into the step before it when the edit that began its own step was rolled back', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) }).id;
    OPS.addItem!(store, q);
    const one = content(store.getWork(q));
    store.transaction(() => {
      try {
        store.transaction(() => {
          OPS.intro!(store, q);
          throw new Error('given up');
        });
      } catch {
        // the savepoint and its undo entry are gone
      }
      OPS.section!(store, q);
    });
    expect(store.getQuote(q)!.undoDepth).toBe(2);
    store.undo(q);
    expect(content(store.getWork(q))).toEqual(one);
  });
});

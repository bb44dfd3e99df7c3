// Versions of a quote in the store: saved as the working copy was, kept across a restart, and
// restored as one undoable edit that leaves the quote dirty for the next sync.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, StoreError, StoreValidationError, type WorkQuote } from '../../main/store';
import { M365, S1, S1_ADDON, SERVER, acme, clientOf, pdf, seededStore, tempDir } from './fixtures';
import { engineStore } from '../../main/store/engine';

/** What a restore brings back: header texts, line items, sections (totals follow the items). */
const content = (w: WorkQuote) => ({
  introMessage: w.introMessage,
  termsAndDisclaimers: w.termsAndDisclaimers,
  expiresOn: w.expiresOn,
  lineItems: w.lineItems,
  sections: w.sections,
  totals: w.totals,
});

function quoteWithLines(store: ReturnType<typeof seededStore>) {
  const q = store.createQuote({ client: clientOf(acme) });
  const sec = store.createSection(q.id, 'Security');
  const [m365, s1, addon] = store.addLineItems(q.id, [
    { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 10 },
    { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 10 },
    {
      type: 'Standard',
      productId: S1_ADDON.id,
      billingTerm: 'Monthly',
      quantity: 10,
      requiredLineItemIndex: 1,
    },
  ]);
  store.moveLineItem(q.id, s1!, { sectionId: sec });
  store.moveLineItem(q.id, addon!, { sectionId: sec });
  store.updateHeader(q.id, { introMessage: 'As discussed on Monday' });
  return { id: q.id, m365: m365!, s1: s1!, addon: addon!, sec };
}

describe('versions of a quote', () => {
  it('are the working copy as it was, numbered per quote, and survive closing the store', () => {
    const file = path.join(tempDir(), 'quotedesk.sqlite');
    let store = seededStore({ file });
    const q = quoteWithLines(store);
    const before = store.getWork(q.id);
    const v1 = store.versions.save(q.id, { reason: 'saved', label: 'First draft', by: 'Ada' });
    store.updateLineItems(q.id, [{ id: q.m365, quantity: 12 }]);
    const v2 = store.versions.save(q.id, { reason: 'published', label: 'Published', by: 'Ada' });
    expect([v1.number, v2.number]).toEqual([1, 2]);
    store.versions.setPdf(q.id, 2, pdf(7));
    store.close();

    store = engineStore(openStore(file));
    const list = store.versions.list(q.id);
    expect(list.map((v) => [v.number, v.reason, v.label, v.createdBy, v.status])).toEqual([
      [1, 'saved', 'First draft', 'Ada', 'draft'],
      [2, 'published', 'Published', 'Ada', 'draft'],
    ]);
    expect(content(list[0]!.work)).toEqual(content(before));
    expect(list[1]!.work.lineItems.find((l) => l.id === q.m365)!.quantity).toBe(12);
    expect(list[0]!.pdf).toBeNull();
    expect(Buffer.from(store.readFile(list[1]!.pdf!.sha256))).toEqual(Buffer.from(pdf(7)));
    // The PDF is kept: no working copy refers to it, the version does.
    store.collectGarbage();
    expect(store.hasFile(list[1]!.pdf!.sha256)).toBe(true);
    // Saving a version is no edit: nothing to sync, nothing to undo.
    const rec = store.getQuote(q.id)!;
    store.versions.save(q.id, { reason: 'saved', label: 'Again', by: 'Ada' });
    expect(store.getQuote(q.id)!.generation).toBe(rec.generation);
    expect(store.getQuote(q.id)!.undoDepth).toBe(rec.undoDepth);
    store.close();
  });

  it('restore brings back header texts, lines (add-on with its parent) and sections as one undoable edit', () => {
    const store = seededStore();
    const q = quoteWithLines(store);
    const v = store.versions.save(q.id, { reason: 'saved', label: 'Sent', by: 'Ada' });
    // Two lines changed, one removed with its add-on, one added, a header field and a section.
    store.updateLineItems(q.id, [
      { id: q.m365, quantity: 25, price: 19.5 },
      { id: q.s1, note: 'Two sites' },
    ]);
    store.deleteLineItems(q.id, [q.s1, q.addon]);
    store.addLineItems(q.id, [
      { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
    ]);
    store.updateHeader(q.id, { introMessage: 'Revised after the call' });
    store.renameSection(q.id, q.sec, 'Endpoint');
    const changed = store.getWork(q.id);
    const gen = store.getQuote(q.id)!.generation;

    store.restoreVersion(q.id, v.number);
    const restored = store.getWork(q.id);
    expect(content(restored)).toEqual(content(v.work));
    expect(restored.lineItems.find((l) => l.id === q.addon)!.requiredLineItemId).toBe(q.s1);
    const rec = store.getQuote(q.id)!;
    expect(rec.generation).toBe(gen + 1);
    expect(rec.dirty).toBe(true);

    // One step back: the quote as it was before the restore; and forward again.
    expect(store.undo(q.id)).toBe(true);
    expect(content(store.getWork(q.id))).toEqual(content(changed));
    expect(store.redo(q.id)).toBe(true);
    expect(content(store.getWork(q.id))).toEqual(content(v.work));
  });

  it('restore is refused for a quote that cannot be edited, and for a version that does not exist', () => {
    const store = seededStore();
    const q = quoteWithLines(store);
    store.versions.save(q.id, { reason: 'saved', label: 'One', by: 'Ada' });
    expect(() => store.restoreVersion(q.id, 2)).toThrow(StoreError);
    store.updateHeader(q.id, { status: 'sent', published: true });
    const before = store.getQuote(q.id)!;
    const err = (() => {
      try {
        store.restoreVersion(q.id, 1);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StoreValidationError);
    expect((err as StoreValidationError).details[0]!.field).toBe('status');
    expect(store.getQuote(q.id)!.generation).toBe(before.generation);
  });

  it('an expiry that has passed since the version was made is not brought back', () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const store = seededStore({ clock: () => now });
    const q = quoteWithLines(store);
    store.updateHeader(q.id, { expiresOn: '2026-03-10T00:00:00.000Z' });
    store.versions.save(q.id, { reason: 'saved', label: 'March', by: 'Ada' });
    store.updateHeader(q.id, {
      expiresOn: '2026-05-01T00:00:00.000Z',
      introMessage: 'Later',
    });
    now = new Date('2026-04-01T10:00:00Z');
    store.restoreVersion(q.id, 1);
    const w = store.getWork(q.id);
    expect([w.expiresOn, w.introMessage]).toEqual([
      '2026-05-01T00:00:00.000Z',
      'As discussed on Monday',
    ]);
  });

  it('go with their quote when it is deleted for good', () => {
    const store = seededStore();
    const q = quoteWithLines(store);
    store.versions.save(q.id, { reason: 'saved', label: 'One', by: 'Ada' });
    store.deleteQuote(q.id);
    store.purgeQuote(q.id); // never sent: sync forgets it once its undo window is over
    expect(store.versions.list(q.id)).toEqual([]);
    const left = store.database.prepare('SELECT count(*) AS n FROM quote_versions').get() as {
      n: number;
    };
    expect(left.n).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { StoreValidationError, type Store } from '../../main/store';
import {
  AZURE,
  M365,
  S1,
  S1_ADDON,
  SERVER,
  TRIAL,
  acme,
  clientOf,
  pdf,
  seededStore,
} from './fixtures';

/** The refused fields of a StoreValidationError, as `field: TYPE`. */
function refused(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof StoreValidationError) return err.details.map((d) => `${d.field}: ${d.type}`);
    throw err;
  }
  throw new Error('expected the store to refuse this');
}

function newQuote(store: Store) {
  return store.createQuote({ client: clientOf(acme), now: new Date('2026-03-01T10:00:00Z') });
}

describe('creating a quote', () => {
  it('takes expiry, texts, margin and attachments from the cached preferences', () => {
    const store = seededStore();
    store.caches.putPreferences({
      daysToExpire: 14,
      introMessage: 'Hello from Northwind',
      termsAndDisclaimers: 'Net 30',
      salesMarginPercentage: 25,
      attachments: [
        {
          id: '6f0a1c2e-0000-4000-8000-000000000001',
          name: 'Terms.pdf',
          order: 0,
          type: 'application/pdf',
          url: 'https://x/1',
          createdOn: '2026-01-01T00:00:00Z',
          createdBy: {
            fullName: 'Ada Stone',
            id: 'b0a9d703-1f07-4046-81c9-40e9b0597a6d',
            role: 'Admin',
          },
        },
      ],
    });
    const q = newQuote(store);
    expect(q.status).toBe('draft');
    expect(q.expiresOn).toBe('2026-03-15T10:00:00.000Z');
    expect(q.introMessage).toBe('Hello from Northwind');
    expect(q.termsAndDisclaimers).toBe('Net 30');
    expect(q.salesMarginPercentage).toBe(25);
    expect(q.attachments.map((a) => [a.name, a.preferenceAttachmentId])).toEqual([
      ['Terms.pdf', '6f0a1c2e-0000-4000-8000-000000000001'],
    ]);
    expect(q.createdBy).toBe('Ada Stone');
    expect(q.referenceCode).toBe('');
    const rec = store.getQuote(q.id)!;
    expect(rec.dirty).toBe(true);
    expect(rec.serverId).toBeNull();
    expect(rec.base).toBeNull();
    store.close();
  });

  it('uses 30 days and empty texts when no preferences are cached', () => {
    const store = seededStore();
    const q = newQuote(store);
    expect(q.expiresOn).toBe('2026-03-31T10:00:00.000Z');
    expect(q.introMessage).toBe('');
    expect(q.attachments).toEqual([]);
    store.close();
  });
});

describe('header edits', () => {
  it('changes texts and expiry and bumps the generation', () => {
    const store = seededStore();
    const q = newQuote(store);
    const before = store.getQuote(q.id)!.generation;
    store.updateHeader(q.id, { introMessage: 'Dear Acme', expiresOn: '2026-04-30T00:00:00Z' });
    const rec = store.getQuote(q.id)!;
    expect(rec.work.introMessage).toBe('Dear Acme');
    expect(rec.work.expiresOn).toBe('2026-04-30T00:00:00Z');
    expect(rec.generation).toBe(before + 1);
    store.close();
  });

  it('follows the status transitions: send publishes, revoke unpublishes, accepted is final', () => {
    const store = seededStore();
    const q = newQuote(store);
    store.updateHeader(q.id, { status: 'sent' });
    let w = store.getWork(q.id);
    expect([w.status, w.published, typeof w.publishedOn]).toEqual(['sent', true, 'string']);
    expect(refused(() => store.updateHeader(q.id, { introMessage: 'late change' }))).toEqual([
      'status: QUOTE_INVALID_STATUS',
    ]);
    store.updateHeader(q.id, { status: 'draft' });
    w = store.getWork(q.id);
    expect([w.status, w.published, typeof w.revokedOn]).toEqual(['draft', false, 'string']);
    store.updateHeader(q.id, { status: 'sent' });
    store.updateHeader(q.id, { status: 'accepted' });
    w = store.getWork(q.id);
    expect(w.acceptedBy?.fullName).toBe('Ada Stone');
    expect(refused(() => store.updateHeader(q.id, { status: 'draft' }))).toEqual([
      'status: QUOTE_INVALID_STATUS',
    ]);
    store.close();
  });
});

describe('line items', () => {
  it('adds a Standard item with catalogue cost and suggested price and recomputes totals', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [id] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 10 },
    ]);
    const w = store.getWork(q.id);
    const li = w.lineItems.find((x) => x.id === id)!;
    expect([li.kind, li.product.sku, li.cost, li.price]).toEqual([
      'Standard',
      'MST-M365-BP',
      19.8,
      22,
    ]);
    expect(li.totals.recurringTotal.amount).toBe(220);
    expect(li.totals.recurringCost.amount).toBe(198);
    expect(w.totals.recurringProfit.amount).toBe(22);
    expect(w.totals.initialTotal.amount).toBe(0);
    store.close();
  });

  it('prices a Standard item from the quote margin when there is one', () => {
    const store = seededStore();
    store.caches.putPreferences({
      daysToExpire: 30,
      introMessage: '',
      termsAndDisclaimers: '',
      salesMarginPercentage: 20,
      attachments: [],
    });
    const q = newQuote(store);
    store.addLineItems(q.id, [
      { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
    ]);
    const li = store.getWork(q.id).lineItems[0]!;
    expect(li.price).toBe(1812.5); // 1450 / (1 − 0.20)
    expect(store.getWork(q.id).totals.initialTotal.amount).toBe(1812.5);
    store.close();
  });

  it('adds Custom and UsageBased items and counts Trial nowhere', () => {
    const store = seededStore();
    const q = newQuote(store);
    store.addLineItems(q.id, [
      {
        type: 'Custom',
        productName: 'Onsite setup',
        productSku: 'SVC-ONSITE-1',
        billingTerm: 'Monthly',
        price: 50,
        cost: 20,
        initialTotal: 300,
        quantity: 2,
      },
      {
        type: 'UsageBased',
        productId: AZURE.id,
        billingTerm: 'Monthly',
        price: 0,
        cost: 0,
        quantity: 1,
      },
      { type: 'Standard', productId: TRIAL.id, billingTerm: 'Trial', quantity: 5 },
    ]);
    const w = store.getWork(q.id);
    expect(w.lineItems.map((l) => l.kind)).toEqual(['Custom', 'UsageBased', 'Standard']);
    expect(w.lineItems[1]!.usageBased).toEqual({ type: 'PRICE_VARIES', displayNote: true });
    expect(w.totals.initialTotal.amount).toBe(300);
    expect(w.totals.recurringTotal.amount).toBe(100);
    expect(w.lineItems[2]!.totals.recurringTotal.amount).toBe(0);
    store.close();
  });

  it('a one-time Custom item reads as price × quantity as it is edited; a recurring one keeps its setup fee apart', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [audit] = store.addLineItems(q.id, [
      {
        type: 'Custom',
        productName: 'Onsite Network Audit',
        billingTerm: 'One-Time',
        price: 650,
        cost: 400,
        initialTotal: 1300,
        quantity: 2,
      },
    ]);
    store.updateLineItems(q.id, [{ id: audit!, quantity: 3, price: 700 }]);
    let line = store.getWork(q.id).lineItems[0]!;
    expect(line.initialTotal).toBe(2100);
    expect(line.totals.initialTotal.amount).toBe(2100);
    expect(line.totals.initialCost.amount).toBe(1200);
    // Made monthly: the whole amount does not turn into a setup fee; a fee is set on its own.
    store.updateLineItems(q.id, [{ id: audit!, billingTerm: 'Monthly' }]);
    line = store.getWork(q.id).lineItems[0]!;
    expect([line.totals.initialTotal.amount, line.totals.recurringTotal.amount]).toEqual([0, 2100]);
    store.updateLineItems(q.id, [{ id: audit!, initialTotal: 150, quantity: 4 }]);
    line = store.getWork(q.id).lineItems[0]!;
    expect([line.totals.initialTotal.amount, line.totals.recurringTotal.amount]).toEqual([
      150, 2800,
    ]);
    store.close();
  });

  it('refuses a product or billing term the catalogue does not know', () => {
    const store = seededStore();
    const q = newQuote(store);
    expect(
      refused(() =>
        store.addLineItems(q.id, [
          {
            type: 'Standard',
            productId: '11111111-1111-4111-8111-111111111111',
            billingTerm: 'Monthly',
            quantity: 1,
          },
        ]),
      ),
    ).toEqual(['lineItems[0].productId: RESOURCE_NOT_FOUND']);
    expect(
      refused(() =>
        store.addLineItems(q.id, [
          { type: 'Standard', productId: M365.id, billingTerm: '3 Year', quantity: 1 },
        ]),
      ),
    ).toEqual(['lineItems[0].billingTerm: QUOTE_VALIDATION']);
    store.close();
  });

  it('holds at most 30 line items', () => {
    const store = seededStore();
    const q = newQuote(store);
    const item = {
      type: 'Standard' as const,
      productId: M365.id,
      billingTerm: 'Monthly' as const,
      quantity: 1,
    };
    store.addLineItems(
      q.id,
      Array.from({ length: 29 }, () => item),
    );
    expect(refused(() => store.addLineItems(q.id, [item, item]))).toEqual([
      'lineItems: LINE_ITEM_LIMIT_EXCEEDED',
    ]);
    store.addLineItems(q.id, [item]);
    expect(refused(() => store.addLineItems(q.id, [item]))).toEqual([
      'lineItems: LINE_ITEM_LIMIT_EXCEEDED',
    ]);
    expect(store.getWork(q.id).lineItems).toHaveLength(30);
    store.close();
  });

  it('needs an add-on’s parent, in the same call or already on the quote, and keeps parents while add-ons stay', () => {
    const store = seededStore();
    const q = newQuote(store);
    const addon = {
      type: 'Standard' as const,
      productId: S1_ADDON.id,
      billingTerm: 'Monthly' as const,
      quantity: 5,
    };
    expect(refused(() => store.addLineItems(q.id, [addon]))).toEqual([
      'lineItems[0].requiredLineItemId: QUOTE_VALIDATION',
    ]);
    expect(
      refused(() =>
        store.addLineItems(q.id, [
          { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
          { ...addon, requiredLineItemIndex: 0 },
        ]),
      ),
    ).toEqual(['lineItems[1].requiredLineItemId: QUOTE_VALIDATION']);
    const [parent, child] = store.addLineItems(q.id, [
      { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 5 },
      { ...addon, requiredLineItemIndex: 0 },
    ]);
    expect(store.getWork(q.id).lineItems[1]!.requiredLineItemId).toBe(parent);
    const [second] = store.addLineItems(q.id, [{ ...addon, requiredLineItemId: parent }]);
    expect(refused(() => store.deleteLineItems(q.id, [parent!]))).toEqual([
      'lineItemIds[0]: QUOTE_VALIDATION',
    ]);
    store.deleteLineItems(q.id, [parent!, child!, second!]);
    expect(store.getWork(q.id).lineItems).toEqual([]);
    store.close();
  });

  it('updates price, quantity, note and term; the kind’s own fields only', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [std, custom] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
      {
        type: 'Custom',
        productName: 'Training',
        billingTerm: 'One-Time',
        price: 100,
        cost: 50,
        initialTotal: 100,
        quantity: 1,
      },
    ]);
    store.updateLineItems(q.id, [
      { id: std!, quantity: 4, note: 'four seats', billingTerm: 'Annual' },
      { id: custom!, productName: 'Training day', price: 120, initialTotal: 120 },
    ]);
    const [a, b] = store.getWork(q.id).lineItems;
    expect([a!.quantity, a!.note, a!.billingTerm, a!.cost, a!.commitmentTerm?.term]).toEqual([
      4,
      'four seats',
      'Annual',
      237.6,
      '1-Year',
    ]);
    expect([b!.product.name, b!.price, b!.totals.initialTotal.amount]).toEqual([
      'Training day',
      120,
      120,
    ]);
    expect(refused(() => store.updateLineItems(q.id, [{ id: std!, cost: 1 }]))).toEqual([
      'lineItems[0].cost: INVALID_REQUEST_FIELD',
    ]);
    // A term is a rule of the item's kind, so the store (which knows the kind) keeps it.
    expect(
      refused(() => store.updateLineItems(q.id, [{ id: custom!, billingTerm: '3 Year' }])),
    ).toEqual(['lineItems[0].billingTerm: INVALID_REQUEST_FIELD']);
    expect(
      refused(() =>
        store.updateLineItems(q.id, [{ id: '11111111-1111-4111-8111-111111111111', quantity: 2 }]),
      ),
    ).toEqual(['lineItems[0].id: QUOTE_LINE_ITEM_NOT_FOUND']);
    store.close();
  });
});

describe('sections', () => {
  it('creates, renames, orders sections and moves items between them', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [a, b, c] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
      { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
      { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 1 },
    ]);
    const licences = store.createSection(q.id, 'Licences');
    const hardware = store.createSection(q.id, 'Hardware');
    store.moveLineItem(q.id, a!, { sectionId: licences });
    store.moveLineItem(q.id, c!, { sectionId: licences, index: 0 });
    store.moveLineItem(q.id, b!, { sectionId: hardware });
    store.renameSection(q.id, hardware, 'Servers');
    store.reorderSections(q.id, [hardware, licences]);
    let w = store.getWork(q.id);
    expect(
      w.sections.map((s) => [s.name, s.order, s.lineItems.map((x) => [x.lineItemId, x.order])]),
    ).toEqual([
      ['Servers', 0, [[b, 0]]],
      [
        'Licences',
        1,
        [
          [c, 0],
          [a, 1],
        ],
      ],
    ]);
    store.moveLineItem(q.id, c!, { sectionId: hardware, index: 1 });
    store.deleteLineItems(q.id, [b!]);
    w = store.getWork(q.id);
    expect(w.sections.map((s) => s.lineItems.map((x) => [x.lineItemId, x.order]))).toEqual([
      [[c, 0]],
      [[a, 0]],
    ]);
    store.deleteSection(q.id, licences);
    w = store.getWork(q.id);
    expect(w.sections.map((s) => s.name)).toEqual(['Servers']);
    expect(w.lineItems.map((l) => l.id)).toEqual([a, c]);
    // A new order names every section once.
    expect(refused(() => store.reorderSections(q.id, [hardware, hardware]))).toEqual([
      'sectionIds: INVALID_REQUEST_FIELD',
    ]);
    expect(
      refused(() =>
        store.moveLineItem(q.id, a!, { sectionId: '11111111-1111-4111-8111-111111111111' }),
      ),
    ).toEqual(['sectionId: RESOURCE_NOT_FOUND']);
    store.close();
  });
});

describe('access list', () => {
  it('shares with recipients once each, at most 25, and removes them', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [first] = store.addAccessEntries(q.id, [
      { email: 'cfo@acme.example', accountType: 'contact', accountName: 'Acme' },
    ]);
    expect(refused(() => store.addAccessEntries(q.id, [{ email: 'CFO@acme.example' }]))).toEqual([
      'accessList[0].email: QUOTE_ACCESS_EMAIL_EXISTS',
    ]);
    store.addAccessEntries(
      q.id,
      Array.from({ length: 24 }, (_, i) => ({ email: `p${i}@acme.example` })),
    );
    expect(
      refused(() => store.addAccessEntries(q.id, [{ email: 'one-more@acme.example' }])),
    ).toEqual(['accessList: ACCESS_LIST_LIMIT_EXCEEDED']);
    store.removeAccessEntry(q.id, first!);
    const w = store.getWork(q.id);
    expect(w.accessList).toHaveLength(24);
    expect(w.accessList.some((e) => e.email === 'cfo@acme.example')).toBe(false);
    store.close();
  });

  it('stays open after sending but freezes once the quote is accepted', () => {
    const store = seededStore();
    const q = newQuote(store);
    store.updateHeader(q.id, { status: 'sent' });
    store.addAccessEntries(q.id, [{ email: 'buyer@acme.example' }]);
    store.updateHeader(q.id, { status: 'accepted' });
    expect(refused(() => store.addAccessEntries(q.id, [{ email: 'late@acme.example' }]))).toEqual([
      'status: QUOTE_INVALID_STATUS',
    ]);
    store.close();
  });
});

describe('attachments', () => {
  it('stores PDFs by content, refuses duplicates, non-PDFs and the eleventh file', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [id] = store.addAttachments(q.id, [{ name: 'Proposal.pdf', bytes: pdf(1) }]);
    const a = store.getWork(q.id).attachments[0]!;
    expect(a.id).toBe(id);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(store.readFile(a.sha256!)).equals(Buffer.from(pdf(1)))).toBe(true);
    expect(
      refused(() => store.addAttachments(q.id, [{ name: 'Copy.pdf', bytes: pdf(1) }])),
    ).toEqual(['attachments[0]: DUPLICATE_QUOTE_ATTACHMENT']);
    expect(
      refused(() =>
        store.addAttachments(q.id, [
          { name: 'notes.pdf', bytes: new TextEncoder().encode('just text') },
        ]),
      ),
    ).toEqual(['attachments[0]: UNPROCESSABLE_INPUT']);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf(2));
    expect(refused(() => store.addAttachments(q.id, [{ name: 'big.pdf', bytes: big }]))).toEqual([
      'attachments[0]: UNPROCESSABLE_INPUT',
    ]);
    store.addAttachments(
      q.id,
      Array.from({ length: 9 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf(10 + i) })),
    );
    expect(
      refused(() => store.addAttachments(q.id, [{ name: 'eleven.pdf', bytes: pdf(99) }])),
    ).toEqual(['attachments: MAX_ATTACHMENTS_EXCEEDED']);
    store.close();
  });

  it('renames and reorders within 0…n−1, removes, and shares files between quotes', () => {
    const store = seededStore();
    const q1 = newQuote(store);
    const q2 = newQuote(store);
    const [a, b] = store.addAttachments(q1.id, [
      { name: 'A.pdf', bytes: pdf(1) },
      { name: 'B.pdf', bytes: pdf(2) },
    ]);
    store.addAttachments(q2.id, [{ name: 'Same as A.pdf', bytes: pdf(1) }]);
    store.updateAttachments(q1.id, [{ id: b!, order: 0, name: 'B first.pdf' }]);
    expect(store.getWork(q1.id).attachments.map((x) => [x.name, x.order])).toEqual([
      ['B first.pdf', 0],
      ['A.pdf', 1],
    ]);
    expect(refused(() => store.updateAttachments(q1.id, [{ id: a!, order: 2 }]))).toEqual([
      'attachments[0].order: QUOTE_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
    ]);
    const shaA = store.getWork(q1.id).attachments.find((x) => x.id === a)!.sha256!;
    expect(store.getWork(q2.id).attachments[0]!.sha256).toBe(shaA);
    store.removeAttachment(q1.id, a!);
    expect(store.collectGarbage().removed).toBe(0); // still held by q2 and by q1's undo history
    expect(store.readFile(shaA).length).toBeGreaterThan(0);
    store.close();
  });

  it('removes files nothing refers to any more', () => {
    const store = seededStore();
    const q = newQuote(store);
    const [a] = store.addAttachments(q.id, [{ name: 'A.pdf', bytes: pdf(7) }]);
    const sha = store.getWork(q.id).attachments[0]!.sha256!;
    const orphan = store.putFile(pdf(8));
    store.removeAttachment(q.id, a!);
    store.deleteQuote(q.id);
    // Never synced: sync forgets it, with its history, once its undo window is over.
    store.purgeQuote(q.id);
    expect(store.collectGarbage().removed).toBe(2);
    expect(() => store.readFile(sha)).toThrow();
    expect(() => store.readFile(orphan.sha256)).toThrow();
    store.close();
  });

  it('copies library attachments once', () => {
    const store = seededStore();
    store.caches.putLibrary([
      {
        id: '7d5c0f4e-0000-4000-8000-000000000009',
        name: 'Company profile.pdf',
        order: 0,
        type: 'application/pdf',
        url: 'https://x/lib/9',
        createdOn: '2026-01-01T00:00:00Z',
        createdBy: {
          fullName: 'Ada Stone',
          id: 'b0a9d703-1f07-4046-81c9-40e9b0597a6d',
          role: 'Admin',
        },
      },
    ]);
    const q = newQuote(store);
    store.copyLibraryAttachments(q.id, ['7d5c0f4e-0000-4000-8000-000000000009']);
    expect(store.getWork(q.id).attachments[0]!.libraryAttachmentId).toBe(
      '7d5c0f4e-0000-4000-8000-000000000009',
    );
    expect(
      refused(() => store.copyLibraryAttachments(q.id, ['7d5c0f4e-0000-4000-8000-000000000009'])),
    ).toEqual(['attachments[0].attachmentId: DUPLICATE_QUOTE_ATTACHMENT']);
    expect(
      refused(() => store.copyLibraryAttachments(q.id, ['11111111-1111-4111-8111-111111111111'])),
    ).toEqual(['attachments[0].attachmentId: LIBRARY_ATTACHMENT_NOT_FOUND']);
    store.close();
  });
});

describe('deleting quotes and change events', () => {
  it('emits each change after commit, and nothing for a refused edit', () => {
    const store = seededStore();
    const events: string[] = [];
    store.onChange((e) => events.push(`${e.what}`));
    const q = newQuote(store);
    store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
    ]);
    try {
      store.addLineItems(q.id, [
        {
          type: 'Standard',
          productId: '11111111-1111-4111-8111-111111111111',
          billingTerm: 'Monthly',
          quantity: 1,
        },
      ]);
    } catch {
      // refused: not a product of the catalogue
    }
    let seenInside: string | null = null;
    const off = store.onChange(() => {
      seenInside = store.getWork(q.id).introMessage; // the listener sees the committed state
    });
    store.updateHeader(q.id, { introMessage: 'committed' });
    off();
    store.transaction(() => {
      store.createSection(q.id, 'A');
      store.createSection(q.id, 'B');
      expect(events.at(-1)).toBe('header'); // held until the outer commit
    });
    store.deleteQuote(q.id);
    expect(events).toEqual(['created', 'lineItems', 'header', 'sections', 'deleted']);
    expect(seenInside).toBe('committed');
    expect(store.getQuote(q.id)!.deleted).toBe(true);
    store.close();
  });

  it('emits nothing for a transaction that throws after edits that succeeded, and rolls them back', () => {
    const store = seededStore();
    const q = newQuote(store);
    const events: string[] = [];
    store.onChange((e) => events.push(`${e.what}`));
    expect(() =>
      store.transaction(() => {
        store.updateHeader(q.id, { introMessage: 'never happened' });
        store.createSection(q.id, 'Ghost');
        store.addLineItems(q.id, [
          { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
        ]);
        throw new Error('the caller gave up');
      }),
    ).toThrow('the caller gave up');
    expect(events).toEqual([]);
    const w = store.getWork(q.id);
    expect([w.introMessage, w.sections, w.lineItems]).toEqual([q.introMessage, [], []]);
    // The events held for it are gone, not delivered with the next commit.
    store.updateHeader(q.id, { introMessage: 'real' });
    expect(events).toEqual(['header']);
    store.close();
  });

  it('keeps a synced quote as a tombstone until sync purges it', () => {
    const store = seededStore();
    const q = newQuote(store);
    store.sync.mapId('quote', q.id, '0c1e8a6b-0000-4000-8000-000000000001', q.id);
    store.deleteQuote(q.id);
    expect(store.getQuote(q.id)!.deleted).toBe(true);
    expect(store.sync.listDirty().map((d) => [d.id, d.deleted])).toEqual([[q.id, true]]);
    expect(store.listQuotes({ account: 'partner' }).page.totalElements).toBe(0);
    expect(() => store.updateHeader(q.id, { introMessage: 'x' })).toThrow(/not in the local store/);
    store.purgeQuote(q.id);
    expect(store.getQuote(q.id)).toBeNull();
    store.close();
  });
});

describe('the quote as an edit left it (the edit’s answer)', () => {
  it('is the quote a read shows, without its base, also once sync changed it after the edit', () => {
    const store = seededStore();
    const q = newQuote(store);
    store.addLineItems(q.id, [
      {
        type: 'Custom',
        productName: 'Setup',
        billingTerm: 'One-Time',
        price: 100,
        cost: 60,
        quantity: 2,
        initialTotal: 200,
      },
    ]);
    store.updateHeader(q.id, { introMessage: 'Mine' });
    const { base: _base, ...read } = store.getQuote(q.id)!;
    expect(store.editedQuote(q.id)).toEqual(read);
    expect(read.work.lineItems[0]!.totals.initialTotal.amount).toBe(200);

    // Sync took a copy in and noted a refused publish: the edit's copy is no longer the quote.
    store.sync.replaceWork(
      q.id,
      { ...store.getWork(q.id), introMessage: 'Theirs' },
      read.generation,
    );
    store.sync.setBookkeeping(q.id, { publishRefused: 'The client has no email address.' });
    const after = store.editedQuote(q.id)!;
    expect(after.work.introMessage).toBe('Theirs');
    expect(after.generation).toBe(read.generation + 1);
    expect(after.publishRefused).toBe('The client has no email address.');
  });
});

// What the store refuses, and how: each refusal names the offending field with the API's
// error code, and leaves the quote exactly as it was (same generation, same working copy).
// These are the rules of the quote and the catalogue; a field's shape (a negative price, a
// missing name) is refused once, where it enters (test/ipc/validation-once.test.ts).
import { describe, expect, it } from 'vitest';
import { StoreValidationError, type Store } from '../../main/store';
import { AZURE, M365, acme, ada, ben, clientOf, pdf, seededStore } from './fixtures';

const UNKNOWN = '11111111-1111-4111-8111-111111111111';

/** The refused fields as `field: TYPE`; also checks that the quote did not change. */
function refusal(store: Store, quoteId: string, fn: () => unknown): string[] {
  const before = store.getQuote(quoteId)!;
  try {
    fn();
  } catch (err) {
    if (!(err instanceof StoreValidationError)) throw err;
    const after = store.getQuote(quoteId)!;
    expect(after.generation).toBe(before.generation);
    expect(after.work).toEqual(before.work);
    return err.details.map((d) => `${d.field}: ${d.type}`);
  }
  throw new Error('expected the store to refuse this');
}

describe('line item refusals', () => {
  it('refuse a UsageBased item when neither the input nor the catalogue says how usage is billed', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    // M365 has no usage terms in the catalogue; Azure has.
    expect(
      refusal(store, q.id, () =>
        store.addLineItems(q.id, [
          {
            type: 'UsageBased',
            productId: M365.id,
            billingTerm: 'Monthly',
            price: 0,
            cost: 0,
            quantity: 1,
          },
        ]),
      ),
    ).toEqual(['lineItems[0].usageBased: INVALID_REQUEST_FIELD']);
    store.addLineItems(q.id, [
      {
        type: 'UsageBased',
        productId: AZURE.id,
        billingTerm: 'Monthly',
        price: 0,
        cost: 0,
        quantity: 1,
      },
    ]);
    expect(store.getWork(q.id).lineItems[0]!.usageBased).not.toBeNull();
    store.close();
  });

  it('refuse to change a line item’s relationship on update', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    const [a, b] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 2 },
    ]);
    expect(
      refusal(store, q.id, () =>
        store.updateLineItems(q.id, [{ id: b!, requiredLineItemId: a! } as never]),
      ),
    ).toEqual(['lineItems[0].requiredLineItemId: INVALID_REQUEST_FIELD']);
    expect(store.getWork(q.id).lineItems[1]!.requiredLineItemId).toBeNull();
    store.close();
  });
});

describe('access list refusals', () => {
  it('refuse a user who already has access, against the list and within one call', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.addAccessEntries(q.id, [{ email: ada.email, accountType: 'user', userId: ada.id }]);
    expect(
      refusal(store, q.id, () =>
        store.addAccessEntries(q.id, [
          { email: 'ada.other@northwind.example', accountType: 'user', userId: ada.id },
        ]),
      ),
    ).toEqual(['accessList[0].userId: QUOTE_ACCESS_USERID_EXISTS']);
    expect(
      refusal(store, q.id, () =>
        store.addAccessEntries(q.id, [
          { email: ben.email, accountType: 'user', userId: ben.id },
          { email: 'ben.again@northwind.example', accountType: 'user', userId: ben.id },
        ]),
      ),
    ).toEqual(['accessList[1].userId: QUOTE_ACCESS_USERID_EXISTS']);
    expect(store.getWork(q.id).accessList).toHaveLength(1);
    store.close();
  });
});

describe('unknown ids', () => {
  it('are refused by name for access entries and sections', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.addAccessEntries(q.id, [{ email: 'cfo@acme.example' }]);
    store.createSection(q.id, 'Licences');
    expect(refusal(store, q.id, () => store.removeAccessEntry(q.id, UNKNOWN))).toEqual([
      'accessListEntryId: QUOTE_ACCESS_ENTRY_NOT_FOUND',
    ]);
    expect(refusal(store, q.id, () => store.deleteSection(q.id, UNKNOWN))).toEqual([
      'sectionId: RESOURCE_NOT_FOUND',
    ]);
    expect(refusal(store, q.id, () => store.renameSection(q.id, UNKNOWN, 'Hardware'))).toEqual([
      'sectionId: RESOURCE_NOT_FOUND',
    ]);
    store.close();
  });
});

describe('a quote that is no longer editable', () => {
  it('refuses section and attachment edits with QUOTE_INVALID_STATUS', () => {
    const store = seededStore();
    store.caches.putLibrary([
      {
        id: '7d5c0f4e-0000-4000-8000-000000000009',
        name: 'Company profile.pdf',
        order: 0,
        type: 'application/pdf',
        url: 'https://x/lib/9',
        createdOn: '2026-01-01T00:00:00Z',
        createdBy: { fullName: ada.fullName, id: ada.id, role: 'Admin' },
      },
    ]);
    const q = store.createQuote({ client: clientOf(acme) });
    const [line] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
    ]);
    const section = store.createSection(q.id, 'Licences');
    store.createSection(q.id, 'Hardware');
    const [file] = store.addAttachments(q.id, [{ name: 'Proposal.pdf', bytes: pdf(1) }]);
    store.updateHeader(q.id, { status: 'sent' });
    const edits: [string, () => unknown][] = [
      ['createSection', () => store.createSection(q.id, 'Services')],
      ['renameSection', () => store.renameSection(q.id, section, 'Seats')],
      ['deleteSection', () => store.deleteSection(q.id, section)],
      ['reorderSections', () => store.reorderSections(q.id, [section])],
      ['moveLineItem', () => store.moveLineItem(q.id, line!, { sectionId: section })],
      ['addAttachments', () => store.addAttachments(q.id, [{ name: 'More.pdf', bytes: pdf(2) }])],
      [
        'copyLibraryAttachments',
        () => store.copyLibraryAttachments(q.id, ['7d5c0f4e-0000-4000-8000-000000000009']),
      ],
      [
        'updateAttachments',
        () => store.updateAttachments(q.id, [{ id: file!, name: 'Renamed.pdf' }]),
      ],
      ['removeAttachment', () => store.removeAttachment(q.id, file!)],
    ];
    for (const [name, edit] of edits) {
      expect([name, ...refusal(store, q.id, edit)]).toEqual([name, 'status: QUOTE_INVALID_STATUS']);
    }
    store.close();
  });
});

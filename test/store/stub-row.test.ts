// A new stub's list row and search text are made straight from its list entry (listedRow), not
// from a working copy; they must be what the working copy would give (stubRow, searchDoc), or a
// quote listed at a first sign-in would sort, count or search differently from the same quote
// refreshed by a later pull.
import { describe, expect, it } from 'vitest';
import type { ListContent } from '../../common/api';
import { searchDoc } from '../../main/store/list/list-row';
import { listedRow, stubRow } from '../../main/store/syncing/stubs';

const base: ListContent = {
  id: '5d0b6f0e-8d2a-4a4e-9d6c-2f1f3b7a9c11',
  status: 'sent',
  client: { id: 'c1', name: 'Acme Dental', isShadowCompany: false },
  createdBy: 'Ada Stone',
  createdOn: '2026-10-01T09:00:00.000Z',
  updatedOn: '2026-11-20T10:30:00.000Z',
  referenceCode: 'Q-2026-000042',
  published: true,
  lineItemCounts: { custom: 1, msp: 2, total: 5 },
  totals: {
    initialTotal: { amount: 1234.56, currency: 'USD' },
    recurringTotal: { amount: 99.9, currency: 'USD' },
  },
};

const entries: [string, ListContent][] = [
  ['no owner, partner or optional fields', base],
  [
    'every optional field, an owner other than its creator',
    {
      ...base,
      status: 'accepted',
      client: { id: 'c2', name: 'Globex (shadow)', isShadowCompany: true },
      published: true,
      publishedOn: '2026-11-02T08:00:00.000Z',
      intentType: 'PARTNER_TO_CLIENT',
      ownedBy: { id: 'u2', email: 'ben@example.com', fullName: 'Ben Ward', role: 'Sales' },
      partner: {
        id: 'p1',
        name: 'Northwind',
        parentPartner: { parentPartnerId: 'p0', parentPartnerName: 'Northwind Group' },
      },
    },
  ],
  [
    'its creator as its owner, a draft with no money',
    {
      ...base,
      status: 'draft',
      published: false,
      ownedBy: { id: 'u1', email: 'ada@example.com', fullName: 'Ada Stone', role: 'Admin' },
      lineItemCounts: { custom: 0, msp: 0, total: 0 },
      totals: {
        initialTotal: { amount: 0, currency: 'EUR' },
        recurringTotal: { amount: 0, currency: 'EUR' },
      },
    },
  ],
];

describe('a stub made from its list entry', () => {
  it.each(entries)('has the list row and search text of its working copy: %s', (_, e) => {
    const viaCopy = stubRow('local-1', e);
    const direct = listedRow(e);
    expect(direct.row).toEqual(viaCopy.row);
    expect(direct.search).toEqual(searchDoc(viaCopy.w));
  });
});

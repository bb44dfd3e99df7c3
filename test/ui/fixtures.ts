import type { LineItemView, QuoteDetail } from '../../common/ipc/shapes';
import { lineTotals, quoteTotals } from '../../common/money';

const now = '2026-11-22T10:00:00.000Z';

export function item(
  p: Partial<LineItemView> &
    Pick<LineItemView, 'id' | 'kind' | 'billingTerm' | 'quantity' | 'price' | 'cost'>,
): LineItemView {
  const base = {
    serverId: null,
    product: {
      id: `prod-${p.id}`,
      name: `Product ${p.id}`,
      sku: `SKU-${p.id}`,
      isMspOnly: false,
      type: 'Standalone' as const,
    },
    effectiveDate: now,
    note: '',
    sectionId: null,
    ...p,
  };
  return {
    ...base,
    totals: lineTotals(
      {
        kind: base.kind,
        billingTerm: base.billingTerm,
        price: base.price,
        unitCost: base.cost,
        quantity: base.quantity,
        initialTotal: base.initialTotal,
      },
      'USD',
    ),
  };
}

export function detail(lineItems: LineItemView[], extra: Partial<QuoteDetail> = {}): QuoteDetail {
  return {
    header: {
      id: 'q1',
      serverId: null,
      referenceCode: null,
      status: 'draft',
      client: { id: 'c1', name: 'Acme Dental Group' },
      createdBy: 'Ada Stone',
      createdOn: now,
      updatedOn: now,
      expiresOn: '2026-12-22T23:59:59.000Z',
      introMessage: '',
      termsAndDisclaimers: '',
      published: false,
      salesMarginPercentage: 20,
    },
    lineItems,
    sections: [],
    accessList: [],
    attachments: [],
    totals: quoteTotals(
      lineItems.map((i) => ({
        kind: i.kind,
        billingTerm: i.billingTerm,
        price: i.price,
        unitCost: i.cost,
        quantity: i.quantity,
        initialTotal: i.initialTotal,
      })),
      'USD',
    ),
    currency: 'USD',
    editable: true,
    accessListEditable: true,
    allowedTransitions: ['sent', 'closed'],
    generation: 1,
    canUndo: false,
    canRedo: false,
    sync: { state: 'pending' },
    conflictCount: 0,
    ...extra,
  };
}

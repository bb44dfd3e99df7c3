import { describe, expect, it } from 'vitest';
import {
  AddLineItemsPayload,
  ERROR_CODES,
  ErrorCode,
  ListQuotesQuery,
  PreferencesPayload,
  QuoteResponse,
  UpdateLineItemsPayload,
  UpdateQuotePayload,
  canTransition,
  issuesToDetails,
  parseWith,
  pricingTermToBillingTerm,
} from '../../common/api';

const messages = (schema: Parameters<typeof parseWith>[0], input: unknown) => {
  const r = parseWith(schema, input);
  return r.ok ? [] : r.details.map((d) => d.message);
};

const custom = {
  type: 'Custom',
  effectiveDate: '2026-11-01T00:00:00Z',
  price: 10,
  quantity: 2,
  billingTerm: 'Monthly',
  cost: 5,
  initialTotal: 0,
  productName: 'Onsite setup 2',
  productSku: 'SVC-ONSITE-2',
};

describe('request schemas refuse what the spec forbids, naming the field', () => {
  it('accepts a valid Custom item and each kind by its type', () => {
    expect(AddLineItemsPayload.safeParse([custom]).success).toBe(true);
    const standard = {
      type: 'Standard',
      effectiveDate: '2026-11-01T00:00:00Z',
      price: 22,
      quantity: 5,
      billingTerm: 'Monthly',
      productId: '094347cf-431a-464f-98b9-32ebeb165c8a',
    };
    const usage = {
      ...standard,
      type: 'UsageBased',
      cost: 0.04,
      usageBased: { type: 'QTY_VARIES', displayNote: true },
    };
    expect(AddLineItemsPayload.safeParse([standard, usage]).success).toBe(true);
  });

  it('refuses a Custom product name with punctuation, and one over 255 characters', () => {
    expect(messages(AddLineItemsPayload, [{ ...custom, productName: 'Setup & go' }])).toEqual([
      '[0].productName: may contain only letters, digits and spaces',
    ]);
    expect(messages(AddLineItemsPayload, [{ ...custom, productName: 'a'.repeat(256) }])[0]).toMatch(
      /^\[0\]\.productName: must be at most 255/,
    );
  });

  it('refuses a SKU with underscores or over 100 characters', () => {
    expect(messages(AddLineItemsPayload, [{ ...custom, productSku: 'A_B' }])).toEqual([
      '[0].productSku: may contain only letters, digits and dashes',
    ]);
    expect(messages(AddLineItemsPayload, [{ ...custom, productSku: 'A'.repeat(101) }])[0]).toMatch(
      /productSku: must be at most 100/,
    );
  });

  it('refuses a note over 2000 characters', () => {
    expect(messages(AddLineItemsPayload, [{ ...custom, note: 'x'.repeat(2001) }])[0]).toMatch(
      /^\[0\]\.note: must be at most 2000/,
    );
  });

  it('refuses a Custom billing term outside Monthly, Annual, Trial, One-Time', () => {
    expect(messages(AddLineItemsPayload, [{ ...custom, billingTerm: '3 Year' }])[0]).toMatch(
      /^\[0\]\.billingTerm:/,
    );
  });

  it('names each missing required field', () => {
    const m = messages(AddLineItemsPayload, [{ type: 'Custom' }]);
    for (const f of [
      'effectiveDate',
      'price',
      'quantity',
      'billingTerm',
      'cost',
      'initialTotal',
      'productName',
    ]) {
      expect(m.some((x) => x.startsWith(`[0].${f}:`))).toBe(true);
    }
  });

  it('refuses an unknown line-item type and an empty array', () => {
    expect(messages(AddLineItemsPayload, [{ ...custom, type: 'Bundle' }])[0]).toMatch(
      /^\[0\]\.type:/,
    );
    expect(messages(AddLineItemsPayload, [])[0]).toMatch(/at least one/);
  });

  it('update payloads require the id', () => {
    expect(messages(UpdateLineItemsPayload, [custom])).toEqual(['[0].id: must be a UUID']);
  });

  it('the quote update requires all five fields', () => {
    const m = messages(UpdateQuotePayload, {});
    expect(m.map((x) => x.split(':')[0]).sort()).toEqual(
      ['expiresOn', 'introMessage', 'published', 'status', 'termsAndDisclaimers'].sort(),
    );
  });

  it('preferences refuse a margin of 100% or more and zero days', () => {
    const m = messages(PreferencesPayload, {
      daysToExpire: 0,
      introMessage: '',
      termsAndDisclaimers: '',
      salesMarginPercentage: 100,
    });
    expect(m).toEqual([
      'daysToExpire: must be at least 1',
      'salesMarginPercentage: must be below 100',
    ]);
  });
});

describe('list query', () => {
  it('applies the spec defaults: page 0, limit 10, account user', () => {
    expect(ListQuotesQuery.parse({})).toMatchObject({ page: 0, limit: 10, account: 'user' });
  });
  it('parses sort and comma-separated status', () => {
    const q = ListQuotesQuery.parse({ sort: 'updatedOn,desc', status: 'draft,sent' });
    expect(q.sort).toEqual({ field: 'updatedOn', direction: 'desc' });
    expect(q.status).toEqual(['draft', 'sent']);
  });
  it('refuses a page size over 100, an unknown sort field and an unknown status, naming each', () => {
    const r = ListQuotesQuery.safeParse({ limit: '101', sort: 'price,desc', status: 'draft,lost' });
    expect(r.success).toBe(false);
    if (!r.success) {
      const fields = issuesToDetails(r.error, 'INVALID_REQUEST_PARAMETER').map(
        (d) => d.message.split(':')[0],
      );
      expect(fields.sort()).toEqual(['limit', 'sort', 'status']);
    }
  });
});

describe('responses', () => {
  it('accept lineItems as a single object (the spec quirk) and as an array', () => {
    const money = { amount: 0, currency: 'USD' };
    const totals = {
      initialCost: money,
      initialProfit: money,
      initialTotal: money,
      recurringCost: money,
      recurringProfit: money,
      recurringTotal: money,
    };
    const item = {
      id: 'b0a9d703-1f07-4046-81c9-40e9b0597a6d',
      billingTerm: 'Monthly',
      cost: money,
      price: money,
      effectiveDate: '2026-11-01T00:00:00Z',
      note: '',
      product: { id: 'x', name: 'P', sku: 'S', isMspOnly: false, type: 'Standalone' },
      quantity: 1,
      totals,
    };
    const quote = {
      id: 'q',
      status: 'draft',
      client: { id: 'c', name: 'C', isShadowCompany: false },
      partner: { id: 'p', name: 'P', city: '', postcode: '', stateOrProvinceCode: '', street: '' },
      createdBy: 'A',
      createdByEmail: 'a@x',
      createdOn: '',
      expiresOn: '',
      introMessage: '',
      termsAndDisclaimers: '',
      published: false,
      referenceCode: 'Q',
      attachments: [],
      totals,
      extraFieldFromANewerServer: true,
    };
    expect(QuoteResponse.parse({ ...quote, lineItems: item }).lineItems).toHaveLength(1);
    expect(QuoteResponse.parse({ ...quote, lineItems: [item, item] }).lineItems).toHaveLength(2);
  });
});

describe('enums and rules', () => {
  it('holds all 70 error codes of the spec', () => {
    expect(ERROR_CODES).toHaveLength(70);
    expect(ErrorCode.safeParse('QUOTE_ACCESS_USERID_EXISTS').success).toBe(true);
  });
  it('maps the pricing API spelling of multi-year terms', () => {
    expect(pricingTermToBillingTerm('3-Year')).toBe('3 Year');
    expect(pricingTermToBillingTerm('Monthly')).toBe('Monthly');
  });
  it('allows only the status transitions of docs/architecture.md', () => {
    expect(canTransition('draft', 'sent')).toBe(true);
    expect(canTransition('sent', 'accepted')).toBe(true);
    expect(canTransition('draft', 'accepted')).toBe(false);
    expect(canTransition('accepted', 'draft')).toBe(false);
  });
});

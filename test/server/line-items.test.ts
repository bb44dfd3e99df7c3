import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LineItemResponse, QuoteResponse, SectionsResponse } from '../../common/api';
import { Api, DEMO, login, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
const Items = z.array(LineItemResponse);
const when = '2026-03-01T00:00:00Z';

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const newQuote = async () =>
  ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
const std = (
  productId: string,
  billingTerm: string,
  price: number,
  quantity: number,
  more: object = {},
) => ({
  type: 'Standard',
  productId,
  billingTerm,
  price,
  quantity,
  effectiveDate: when,
  ...more,
});
const custom = (more: object = {}) => ({
  type: 'Custom',
  productName: 'Site survey',
  productSku: 'SVC-SURVEY-1',
  billingTerm: 'One-Time',
  price: 400,
  cost: 150,
  initialTotal: 400,
  quantity: 1,
  effectiveDate: when,
  ...more,
});
const usage = (more: object = {}) => ({
  type: 'UsageBased',
  productId: DEMO.products.storage,
  billingTerm: 'Monthly',
  price: 0.06,
  cost: 0.04,
  quantity: 500,
  effectiveDate: when,
  usageBased: { type: 'QTY_VARIES', displayNote: true },
  note: 'billed per GB used',
  ...more,
});

/** Adds a good line and `item` to the quote: the whole add is refused, naming `field`. */
async function refusedBeside(quoteId: string, item: object, field: string) {
  refused(
    await ada.post(`/v2/quotes/${quoteId}/line-items`, [
      std(DEMO.products.m365, 'Monthly', 22, 1),
      item,
    ]),
    400,
    'INVALID_REQUEST_FIELD',
    field,
  );
}

describe('POST /v2/quotes/{quoteId}/line-items', () => {
  it('adds the three kinds, with catalogue cost for Standard and totals through common/money', async () => {
    const q = await newQuote();
    const added = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 10),
        custom(),
        usage(),
        std(DEMO.products.onboarding, 'Activation', 250, 1),
        std(DEMO.products.trial, 'Trial', 0, 5),
      ]),
      201,
      Items,
    );
    expect(added).toHaveLength(5);
    const [m365, survey, storage, onboarding] = added;
    expect(m365!.cost).toEqual({ amount: 19.8, currency: 'USD' });
    expect(m365!.totals.recurringTotal.amount).toBe(220);
    expect(m365!.totals.recurringCost.amount).toBe(198);
    expect(m365!.totals.recurringProfit.amount).toBe(22);
    expect(survey!.product).toMatchObject({
      name: 'Site survey',
      sku: 'SVC-SURVEY-1',
      type: 'Custom',
      isMspOnly: false,
    });
    expect(survey!.totals.initialTotal.amount).toBe(400);
    expect(storage!.usageBased).toEqual({ type: 'QTY_VARIES', displayNote: true });
    expect(storage!.note).toBe('billed per GB used');
    expect(storage!.totals.recurringTotal.amount).toBe(30);
    expect(onboarding!.totals.initialTotal.amount).toBe(250);
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems).toHaveLength(5);
    expect(got.totals.recurringTotal.amount).toBe(250);
    expect(got.totals.initialTotal.amount).toBe(650);
    expect(got.totals.initialCost.amount).toBe(150);
    expect(got.totals.initialProfit.amount).toBe(500);
    expect(Date.parse(got.updatedOn!)).toBeGreaterThan(Date.parse(q.updatedOn!));
  });

  it('keeps 4 decimals of a unit price and rounds line amounts half away from zero', async () => {
    const q = await newQuote();
    const [item] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 1.00505, 1),
      ]),
      201,
      Items,
    );
    expect(item!.price.amount).toBe(1.0051);
    expect(item!.totals.recurringTotal.amount).toBe(1.01);
    const [one] = ok(
      await ada.post(
        `/v2/quotes/${q.id}/line-items`,
        std(DEMO.products.defender, 'Monthly', 0.125, 1),
      ),
      201,
      Items,
    );
    expect(one!.totals.recurringTotal.amount).toBe(0.13);
  });

  it('links an add-on to its parent by requiredLineItemIndex or requiredLineItemId', async () => {
    const q = await newQuote();
    const [parent, addon] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1, 'Monthly', 5.5, 10),
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 10, { requiredLineItemIndex: 0 }),
      ]),
      201,
      Items,
    );
    expect(addon!.relationship?.requiredLineItemId).toBe(parent!.id);
    const [second] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 2, { requiredLineItemId: parent!.id }),
      ]),
      201,
      Items,
    );
    expect(second!.relationship?.requiredLineItemId).toBe(parent!.id);
    refused(await ada.del(`/v2/quotes/${q.id}/line-items/${parent!.id}`), 400, 'QUOTE_VALIDATION');
    expect(
      (
        await ada.post(`/v2/quotes/${q.id}/line-items/bulk-delete`, {
          lineItemIds: [parent!.id, addon!.id, second!.id],
        })
      ).status,
    ).toBe(204);
  });

  it('refuses an add-on without its parent, or with the wrong parent', async () => {
    const q = await newQuote();
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 1),
      ]),
      400,
      'QUOTE_VALIDATION',
      '[0]',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 1),
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 1, { requiredLineItemIndex: 0 }),
      ]),
      400,
      'QUOTE_VALIDATION',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 1, { requiredLineItemIndex: 5 }),
      ]),
      400,
      'QUOTE_VALIDATION',
      'requiredLineItemIndex',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 1, {
          requiredLineItemId: '00000000-0000-4000-8000-000000000000',
        }),
      ]),
      400,
      'LINE_ITEM_NOT_FOUND',
      'requiredLineItemId',
    );
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems).toEqual([]);
  });

  it('refuses bad fields naming them, and writes nothing', async () => {
    const q = await newQuote();
    const bad: Array<[object, string]> = [
      [custom({ productName: 'Bad/Name!' }), 'productName'],
      [custom({ productName: 'x'.repeat(256) }), 'productName'],
      [custom({ productSku: 'SKU WITH SPACES' }), 'productSku'],
      [custom({ billingTerm: '3 Year' }), 'billingTerm'],
      [custom({ initialTotal: undefined }), 'initialTotal'],
      [std(DEMO.products.m365, 'Monthly', 22, 1, { note: 'n'.repeat(2001) }), 'note'],
      [std(DEMO.products.m365, 'Monthly', 22, 1.5), 'quantity'],
      [std(DEMO.products.m365, 'Monthly', -1, 1), 'price'],
      [std(DEMO.products.m365, 'Weekly', 22, 1), 'billingTerm'],
      [std(DEMO.products.m365, 'Monthly', 22, 1, { effectiveDate: 'soon' }), 'effectiveDate'],
      [{ ...std(DEMO.products.m365, 'Monthly', 22, 1), type: 'Other' }, 'type'],
      [usage({ usageBased: undefined }), 'usageBased'],
    ];
    for (const [item, field] of bad) await refusedBeside(q.id, item, field);
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.server, 'Monthly', 22, 1),
      ]),
      400,
      'QUOTE_VALIDATION',
      'billingTerm',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std('00000000-0000-4000-8000-000000000000', 'Monthly', 22, 1),
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      'productId',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [usage({ productId: DEMO.products.m365 })]),
      400,
      'USAGE_BASED_PARAMETERS_MISCONFIGURATION',
    );
    refused(await ada.post(`/v2/quotes/${q.id}/line-items`, []), 400, 'INVALID_REQUEST_FIELD');
    refused(await ada.post(`/v2/quotes/${q.id}/line-items`, 'nope'), 400, 'INVALID_REQUEST_BODY');
    expect(ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse).lineItems).toEqual([]);
  });

  it('holds at most 30 line items', async () => {
    const q = await newQuote();
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => std(DEMO.products.m365, 'Monthly', 22, i + 1));
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, many(31)),
      400,
      'LINE_ITEM_LIMIT_EXCEEDED',
    );
    ok(await ada.post(`/v2/quotes/${q.id}/line-items`, many(29)), 201, Items);
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, many(2)),
      400,
      'LINE_ITEM_LIMIT_EXCEEDED',
    );
    ok(await ada.post(`/v2/quotes/${q.id}/line-items`, many(1)), 201, Items);
    expect(ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse).lineItems).toHaveLength(30);
  });

  it('refuses edits of a quote that is not editable, and unknown quotes', async () => {
    const q = await newQuote();
    ok(
      await ada.put(`/v2/quotes/${q.id}`, {
        expiresOn: q.expiresOn,
        introMessage: '',
        termsAndDisclaimers: '',
        published: true,
        status: 'sent',
      }),
      200,
      QuoteResponse,
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [std(DEMO.products.m365, 'Monthly', 22, 1)]),
      400,
      'QUOTE_INVALID_STATUS',
    );
    refused(
      await ada.post('/v2/quotes/00000000-0000-4000-8000-000000000000/line-items', [
        std(DEMO.products.m365, 'Monthly', 22, 1),
      ]),
      400,
      'QUOTE_NOT_FOUND',
    );
  });
});

describe('effective dates', () => {
  it('refuses instants outside years 0000–9999 in UTC naming the line, on add and update', async () => {
    const q = await newQuote();
    const late = '9999-12-31T23:59:59-23:59';
    const early = '0000-01-01T00:00:00+00:01';
    const e = refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 1),
        std(DEMO.products.m365, 'Monthly', 22, 1, { effectiveDate: late }),
        custom({ effectiveDate: early }),
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      '[1].effectiveDate',
    );
    expect(e.details.map((d) => d.message.split(':')[0])).toEqual([
      '[1].effectiveDate',
      '[2].effectiveDate',
    ]);
    const [a] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 1, { effectiveDate: '9999-12-31T23:59:59Z' }),
      ]),
      201,
      Items,
    );
    expect(a!.effectiveDate).toBe('9999-12-31T23:59:59.000Z');
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        {
          id: a!.id,
          type: 'Standard',
          billingTerm: 'Monthly',
          price: 22,
          quantity: 1,
          effectiveDate: late,
        },
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      '[0].effectiveDate',
    );
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems.map((l) => l.effectiveDate)).toEqual(['9999-12-31T23:59:59.000Z']);
  });
});

describe('amounts beyond what common/money holds', () => {
  // Each value passes the schema (price ≤ 1e9, quantity ≤ 2^31−1), but their products and sums
  // can pass MAX_CENTS: that is bad input, answered 400 naming the field, never a 500.
  const MAX_QTY = 2_147_483_647;
  const lines = async (id: string) =>
    ok(await ada.get(`/v2/quotes/${id}`), 200, QuoteResponse).lineItems;

  it('refuses a line whose amount or cost is too large, naming the field, and writes nothing', async () => {
    const q = await newQuote();
    const cases: Array<[object, string]> = [
      [custom({ billingTerm: 'Monthly', price: 1e9, quantity: MAX_QTY }), '[1].price'],
      [custom({ price: 1e9, cost: 0, quantity: MAX_QTY }), '[1].price'],
      [custom({ price: 1, cost: 1e9, quantity: MAX_QTY }), '[1].cost'],
      [usage({ price: 0.5, cost: 999_999_999.9999, quantity: MAX_QTY }), '[1].cost'],
      [std(DEMO.products.m365, 'Monthly', 1e9, MAX_QTY), '[1].price'],
    ];
    for (const [item, field] of cases) await refusedBeside(q.id, item, field);
    // The largest line that fits is taken; its amount survives to the cent.
    const [big] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        custom({ billingTerm: 'Monthly', price: 1e9, cost: 0, initialTotal: 0, quantity: 70_368 }),
      ]),
      201,
      Items,
    );
    expect(big!.totals.recurringTotal.amount).toBe(70_368_000_000_000);
    expect(await lines(q.id)).toHaveLength(1);
  });

  it('refuses lines that each fit but whose quote total does not (QUOTE_VALIDATION naming the total)', async () => {
    const q = await newQuote();
    const huge = custom({
      billingTerm: 'Monthly',
      price: 1e9,
      cost: 0,
      initialTotal: 0,
      quantity: 40_000,
    });
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [huge, huge]),
      400,
      'QUOTE_VALIDATION',
      'totals.recurringTotal',
    );
    expect(await lines(q.id)).toEqual([]);
    // One request at a time: the second is refused and the quote keeps the first.
    ok(await ada.post(`/v2/quotes/${q.id}/line-items`, [huge]), 201, Items);
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [huge]),
      400,
      'QUOTE_VALIDATION',
      'totals.recurringTotal',
    );
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems).toHaveLength(1);
    expect(got.totals.recurringTotal.amount).toBe(40_000_000_000_000);
  });

  it('refuses the same on update, and keeps the lines as they were', async () => {
    const q = await newQuote();
    const [a, b] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 1),
        custom({ billingTerm: 'Monthly', initialTotal: 0 }),
      ]),
      201,
      Items,
    );
    const upd = (more: object) => ({
      id: a!.id,
      type: 'Standard',
      billingTerm: 'Monthly',
      price: 22,
      quantity: 1,
      effectiveDate: when,
      ...more,
    });
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [upd({ price: 1e9, quantity: MAX_QTY })]),
      400,
      'INVALID_REQUEST_FIELD',
      '[0].price',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        { id: b!.id, ...custom({ billingTerm: 'Monthly', cost: 1e9, quantity: MAX_QTY }) },
      ]),
      400,
      'INVALID_REQUEST_FIELD',
      '[0].cost',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        upd({ price: 1e9, quantity: 40_000 }),
        { id: b!.id, ...custom({ billingTerm: 'Monthly', price: 1e9, quantity: 40_000 }) },
      ]),
      400,
      'QUOTE_VALIDATION',
      'totals.recurringTotal',
    );
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems.map((l) => [l.price.amount, l.quantity])).toEqual([
      [22, 1],
      [400, 1],
    ]);
    expect(got.totals.recurringTotal.amount).toBe(422);
  });
});

describe('PUT /v2/quotes/{quoteId}/line-items', () => {
  it('updates each kind; Standard takes the new term’s catalogue cost', async () => {
    const q = await newQuote();
    const [a, b, c] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 10),
        custom(),
        usage(),
      ]),
      201,
      Items,
    );
    const updated = ok(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        {
          id: a!.id,
          type: 'Standard',
          billingTerm: 'Annual',
          price: 264,
          quantity: 2,
          effectiveDate: when,
        },
        { id: b!.id, ...custom({ productName: 'Site survey XL', price: 600, initialTotal: 600 }) },
        // The update payload has no productId (spec: update payload fields).
        { id: c!.id, ...usage({ quantity: 1000, productId: undefined }) },
      ]),
      200,
      Items,
    );
    expect(updated[0]!.billingTerm).toBe('Annual');
    expect(updated[0]!.cost.amount).toBe(237.6);
    expect(updated[0]!.commitmentTerm).toEqual({ id: DEMO.commitment1y, term: '1-Year' });
    expect(updated[0]!.totals.recurringTotal.amount).toBe(528);
    expect(updated[1]!.product.name).toBe('Site survey XL');
    expect(updated[2]!.totals.recurringTotal.amount).toBe(60);
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.totals.recurringTotal.amount).toBe(588);
    expect(got.totals.initialTotal.amount).toBe(600);
  });

  it('refuses an unknown id, a kind change and a term the product is not sold with', async () => {
    const q = await newQuote();
    const [a] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [std(DEMO.products.m365, 'Monthly', 22, 1)]),
      201,
      Items,
    );
    const base = {
      type: 'Standard',
      billingTerm: 'Monthly',
      price: 1,
      quantity: 1,
      effectiveDate: when,
    };
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        { ...base, id: '00000000-0000-4000-8000-000000000000' },
      ]),
      400,
      'LINE_ITEM_NOT_FOUND',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [{ ...custom(), id: a!.id }]),
      400,
      'QUOTE_VALIDATION',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [
        { ...base, id: a!.id, billingTerm: 'One-Time' },
      ]),
      400,
      'QUOTE_VALIDATION',
      'billingTerm',
    );
    refused(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [{ ...base }]),
      400,
      'INVALID_REQUEST_FIELD',
      'id',
    );
  });
});

describe('PUT /v2/quotes/{quoteId}/line-items relationships', () => {
  it('refuses product and relationship fields naming them (spec rule 2), and changes nothing', async () => {
    const q = await newQuote();
    const [parent, addon, other] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.s1, 'Monthly', 5.5, 10),
        std(DEMO.products.s1Addon, 'Monthly', 3.5, 10, { requiredLineItemIndex: 0 }),
        std(DEMO.products.s1, 'Monthly', 5.5, 2),
      ]),
      201,
      Items,
    );
    const upd = (id: string, more: object = {}) => ({
      id,
      type: 'Standard',
      billingTerm: 'Monthly',
      price: 4,
      quantity: 10,
      effectiveDate: when,
      ...more,
    });
    const cases: Array<[object[], string[]]> = [
      [[upd(addon!.id, { requiredLineItemId: other!.id })], ['[0].requiredLineItemId']],
      [
        [upd(parent!.id), upd(addon!.id, { requiredLineItemIndex: 0 })],
        ['[1].requiredLineItemIndex'],
      ],
      [[upd(parent!.id, { productId: DEMO.products.m365 })], ['[0].productId']],
      [[upd(addon!.id, { requiredSubscriptionId: other!.id })], ['[0].requiredSubscriptionId']],
      [[upd(addon!.id, { subscriptionId: other!.id })], ['[0].subscriptionId']],
      [[{ ...custom(), id: other!.id, productId: DEMO.products.m365 }], ['[0].productId']],
      [
        [upd(addon!.id, { requiredLineItemId: null, productId: DEMO.products.s1Addon })],
        ['[0].productId', '[0].requiredLineItemId'],
      ],
    ];
    for (const [body, fields] of cases) {
      const e = refused(
        await ada.put(`/v2/quotes/${q.id}/line-items`, body),
        400,
        'INVALID_REQUEST_FIELD',
        fields[0],
      );
      expect(e.details.map((d) => d.message.split(':')[0])).toEqual(fields);
    }
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems.map((l) => [l.product.id, l.price.amount, l.relationship])).toEqual([
      [DEMO.products.s1, 5.5, undefined],
      [DEMO.products.s1Addon, 3.5, { requiredLineItemId: parent!.id }],
      [DEMO.products.s1, 5.5, undefined],
    ]);
    // Without them, the same update goes through and keeps the relationship.
    const [updated] = ok(
      await ada.put(`/v2/quotes/${q.id}/line-items`, [upd(addon!.id)]),
      200,
      Items,
    );
    expect(updated!.relationship).toEqual({ requiredLineItemId: parent!.id });
    expect(updated!.price.amount).toBe(4);
  });
});

describe('deleting line items', () => {
  it('deletes one or many and takes them out of sections', async () => {
    const q = await newQuote();
    const [a, b, c] = ok(
      await ada.post(`/v2/quotes/${q.id}/line-items`, [
        std(DEMO.products.m365, 'Monthly', 22, 1),
        std(DEMO.products.defender, 'Monthly', 3, 1),
        custom(),
      ]),
      201,
      Items,
    );
    const created = ok(
      await ada.post(`/v2/quotes/${q.id}/sections`, { name: 'Licences' }),
      201,
      SectionsResponse,
    );
    const sid = created.sections[0]!.id;
    ok(
      await ada.put(`/v2/quotes/${q.id}/sections`, {
        sections: [
          {
            id: sid,
            name: 'Licences',
            order: 0,
            lineItems: [
              { lineItemId: a!.id, order: 0 },
              { lineItemId: b!.id, order: 1 },
            ],
          },
        ],
      }),
      200,
      SectionsResponse,
    );
    expect((await ada.del(`/v2/quotes/${q.id}/line-items/${a!.id}`)).status).toBe(204);
    const sections = ok(await ada.get(`/v2/quotes/${q.id}/sections`), 200, SectionsResponse);
    expect(sections.sections[0]!.lineItems.map((l) => l.lineItemId)).toEqual([b!.id]);
    expect(
      (await ada.post(`/v2/quotes/${q.id}/line-items/bulk-delete`, { lineItemIds: [b!.id, c!.id] }))
        .status,
    ).toBe(204);
    const got = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(got.lineItems).toEqual([]);
    expect(got.totals.recurringTotal.amount).toBe(0);
  });

  it('refuses unknown ids and malformed payloads', async () => {
    const q = await newQuote();
    refused(
      await ada.del(`/v2/quotes/${q.id}/line-items/00000000-0000-4000-8000-000000000000`),
      400,
      'LINE_ITEM_NOT_FOUND',
    );
    refused(
      await ada.del(`/v2/quotes/${q.id}/line-items/x`),
      400,
      'INVALID_REQUEST_PARAMETER',
      'lineItemId',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items/bulk-delete`, {
        lineItemIds: ['00000000-0000-4000-8000-000000000000'],
      }),
      400,
      'LINE_ITEM_NOT_FOUND',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items/bulk-delete`, { lineItemIds: 'all' }),
      400,
      'INVALID_REQUEST_FIELD',
      'lineItemIds',
    );
    refused(
      await ada.post(`/v2/quotes/${q.id}/line-items/bulk-delete`, {}),
      400,
      'INVALID_REQUEST_FIELD',
      'lineItemIds',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompaniesPage,
  PricingResponse,
  ProductsPage,
  pricingTermToBillingTerm,
} from '../../common/api';
import { Api, DEMO, login, ok, refused } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;
let chen: Api;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
  chen = await ada.as(DEMO.chen);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

describe('GET /v1/companies', () => {
  it('lists the caller’s partner’s clients only, paged like /v2/quotes', async () => {
    const page = ok(await ada.get('/v1/companies'), 200, CompaniesPage);
    expect(page.page).toEqual({ number: 0, size: 10, totalElements: 4, totalPages: 1 });
    expect(page.content.map((c) => c.name)).toEqual([
      'Acme Dental Group',
      'Blue Fjord Logistics',
      'Cedar & Pine Law LLP',
      'Prospect: Delta Bakery',
    ]);
    expect(page.content[0]!.status).toBe('Active');
    const theirs = ok(await chen.get('/v1/companies'), 200, CompaniesPage);
    expect(theirs.content.map((c) => c.name)).toEqual(['Evergreen Clinics', 'Foxglove Architects']);
    const second = ok(await ada.get('/v1/companies?size=3&page=1'), 200, CompaniesPage);
    expect(second.page).toEqual({ number: 1, size: 3, totalElements: 4, totalPages: 2 });
    expect(second.content).toHaveLength(1);
    refused(await ada.get('/v1/companies?size=101'), 400, 'INVALID_REQUEST_PARAMETER', 'size');
  });
});

describe('GET /v1/products', () => {
  it('lists and searches the catalogue', async () => {
    const all = ok(await ada.get('/v1/products?size=100'), 200, ProductsPage);
    expect(all.page.totalElements).toBe(11);
    const addon = all.content.find((p) => p.id === DEMO.products.s1Addon)!;
    expect(addon.requiresProductId).toBe(DEMO.products.s1);
    const keeper = all.content.find((p) => p.id === DEMO.products.keeper)!;
    expect(keeper.requiresCommitment).toBe(true);
    expect(all.content.find((p) => p.id === DEMO.products.azure)!.usageBased).toEqual({
      type: 'PRICE_VARIES',
      displayNote: true,
    });
    const found = ok(await ada.get('/v1/products?search=sentinelone'), 200, ProductsPage);
    expect(found.content.map((p) => p.sku).sort()).toEqual(['S1-CONTROL', 'S1-VIGILANCE']);
    expect(
      ok(await ada.get('/v1/products?search=MST-DFB'), 200, ProductsPage).content,
    ).toHaveLength(1);
    refused(await ada.get('/v1/products?page=x'), 400, 'INVALID_REQUEST_PARAMETER', 'page');
    // Single-valued parameters given twice are refused naming them, not guessed at.
    refused(
      await ada.get('/v1/products?search=a&search=b'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'search: must be given once',
    );
    refused(
      await ada.get('/v1/companies?size=5&size=6'),
      400,
      'INVALID_REQUEST_PARAMETER',
      'size: must be given once',
    );
  });
});

describe('GET /v1/products/{id}/pricing', () => {
  it('answers the price per billing term, spelling 3-Year as the pricing API does', async () => {
    const r = ok(
      await ada.get(`/v1/products/${DEMO.products.keeper}/pricing`),
      200,
      PricingResponse,
    );
    expect(r.content.map((p) => p.billingTerm)).toEqual(['Annual', '3-Year']);
    expect(pricingTermToBillingTerm(r.content[1]!.billingTerm)).toBe('3 Year');
    expect(r.content[1]!.rates[0]).toEqual({
      partnerBuyRate: 81,
      suggestedRetailPrice: 120,
      chargeType: 'Recurring',
    });
    expect(r.content[1]!.commitmentTerm?.term).toBe('3-Year');
    const once = ok(
      await ada.get(`/v1/products/${DEMO.products.server}/pricing`),
      200,
      PricingResponse,
    );
    expect(once.content[0]!.rates[0]!.chargeType).toBe('OneTime');
    refused(
      await ada.get('/v1/products/00000000-0000-4000-8000-000000000000/pricing'),
      404,
      'RESOURCE_NOT_FOUND',
    );
    refused(await ada.get('/v1/products/nope/pricing'), 400, 'INVALID_REQUEST_PARAMETER', 'id');
  });
});

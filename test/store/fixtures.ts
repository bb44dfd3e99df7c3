import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { CatalogueProduct, ProductPricing } from '../../common/api';
import { openStore, type Store, type StoreOptions } from '../../main/store';
import { engineStore, type EngineStore } from '../../main/store/engine';

interface Seed {
  currency: string;
  partners: {
    id: string;
    name: string;
    street: string;
    city: string;
    postcode: string;
    stateOrProvinceCode: string;
    country: string;
    users: { id: string; fullName: string; displayName: string; email: string; role: string }[];
    clients: { id: string; name: string; isShadowCompany: boolean }[];
  }[];
  commitmentTerms: { id: string; term: string }[];
  products: {
    id: string;
    name: string;
    sku: string;
    isMspOnly: boolean;
    type: 'Standalone' | 'Solution';
    requiresProductId?: string;
    usageBased?: { type: 'PRICE_FLAT' | 'PRICE_VARIES' | 'QTY_VARIES'; displayNote: boolean };
    pricing: {
      billingTerm: string;
      cost: number;
      suggestedPrice: number;
      commitmentTermId?: string;
    }[];
  }[];
}

export const seed = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/demo-seed.json'), 'utf8'),
) as Seed;

const partner = seed.partners[0]!;
export const ada = partner.users[0]!;
export const ben = partner.users[1]!;
export const clients = partner.clients;
export const acme = clients[0]!;
export const blueFjord = clients[1]!;

export const productBySku = (sku: string) => {
  const p = seed.products.find((x) => x.sku === sku);
  if (!p) throw new Error(`no product ${sku} in the seed`);
  return p;
};

export const M365 = productBySku('MST-M365-BP');
export const S1 = productBySku('S1-CONTROL');
export const S1_ADDON = productBySku('S1-VIGILANCE');
export const AZURE = productBySku('MST-AZURE-PLAN');
export const SERVER = productBySku('DELL-T150');
export const TRIAL = productBySku('MST-M365-E3-TRIAL');

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

export function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-store-test-'));
  dirs.push(d);
  return d;
}

export function catalogueProducts(): CatalogueProduct[] {
  return seed.products.map((p) => ({
    id: p.id,
    name: p.name,
    vendorName: p.sku.split('-')[0]!,
    sku: p.sku,
    requiresCommitment: p.pricing.some((x) => x.commitmentTermId),
    isMspOnly: p.isMspOnly,
    type: p.type,
    ...(p.usageBased ? { usageBased: p.usageBased } : {}),
    ...(p.requiresProductId ? { requiresProductId: p.requiresProductId } : {}),
  }));
}

export function pricingOf(p: Seed['products'][number]): ProductPricing[] {
  return p.pricing.map((x) => ({
    productId: p.id,
    billingTerm: x.billingTerm.replace(/^(\d) Year$/, '$1-Year'),
    commitmentTerm: x.commitmentTermId
      ? seed.commitmentTerms.find((t) => t.id === x.commitmentTermId)!
      : null,
    type: 'standard',
    rates: [
      { partnerBuyRate: x.cost, suggestedRetailPrice: x.suggestedPrice, chargeType: 'per_unit' },
    ],
  }));
}

/** A store in a fresh directory with the demo catalogue cached and Ada signed in. */
export function seededStore(opts: StoreOptions & { file?: string } = {}): EngineStore {
  const file = opts.file ?? path.join(tempDir(), 'quotedesk.sqlite');
  const store = engineStore(openStore(file, opts));
  store.setIdentity({
    user: {
      id: ada.id,
      displayName: ada.displayName,
      email: ada.email,
      fullName: ada.fullName,
      userRole: ada.role,
    },
    partner: {
      id: partner.id,
      name: partner.name,
      city: partner.city,
      postcode: partner.postcode,
      stateOrProvinceCode: partner.stateOrProvinceCode,
      street: partner.street,
      country: partner.country,
    },
    currency: seed.currency,
  });
  store.caches.putCompanies(
    clients.map((c) => ({
      id: c.id,
      name: c.name,
      address: {
        street: '1 Main St',
        city: 'Denver',
        stateOrProvince: 'CO',
        postalCode: '80202',
        country: 'US',
      },
      status: 'active',
      isShadowCompany: c.isShadowCompany,
    })),
  );
  store.caches.putProducts(catalogueProducts());
  for (const p of seed.products) store.caches.putPricing(p.id, pricingOf(p));
  store.caches.putCommitmentTerms(seed.commitmentTerms);
  return store;
}

/** A draft for Acme with an S1 line and its add-on (5 each, monthly): the quote and both line ids. */
export function quoteWithAddOn(store: Store): { id: string; parent: string; addOn: string } {
  const q = store.createQuote({ client: clientOf(acme) });
  const [parent, addOn] = store.addLineItems(q.id, [
    { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 5 },
    {
      type: 'Standard',
      productId: S1_ADDON.id,
      billingTerm: 'Monthly',
      quantity: 5,
      requiredLineItemIndex: 0,
    },
  ]);
  return { id: q.id, parent: parent!, addOn: addOn! };
}

/** A tiny valid PDF; `n` makes the bytes (and so the sha256) differ. */
export function pdf(n = 0): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${n}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

export function clientOf(c: { id: string; name: string; isShadowCompany: boolean }) {
  return { id: c.id, name: c.name, isShadowCompany: c.isShadowCompany };
}

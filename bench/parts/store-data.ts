// The data of the `store` suite: a partner's 100,000 quotes (a tenth of them full, 30 line
// items), 5,000 clients and a catalogue, drawn from a seeded generator so every run measures
// the same store.
import type { QuoteStatus } from '../../common/api';
import { openStore, type WorkLineItem, type WorkQuote } from '../../main/store';
import { QuoteRepo } from '../../main/store/quote/quote-repo';
import { recomputeTotals } from '../../main/store/quote/totals';
import { rng, scaled } from '../lib';

/** 100,000 at full size; `QUOTEDESK_BENCH_SCALE` shrinks it while developing. */
export const QUOTES = scaled(100_000, 2_000);
const FULL_EVERY = 10; // one quote in ten has 30 line items

/** First words of client names (and of users' names). */
export const FIRST_WORDS = [
  'Blue',
  'Cedar',
  'Granite',
  'Harbor',
  'Summit',
  'Maple',
  'Silver',
  'North',
  'Crescent',
  'Iron',
  'Willow',
  'Aurora',
  'Pioneer',
  'Coastal',
  'Lakeside',
  'Redwood',
  'Golden',
  'Prairie',
  'Evergreen',
  'Falcon',
];
/** Second words of client names: what the client does. */
export const TRADES = [
  'Dental',
  'Logistics',
  'Law',
  'Clinics',
  'Architects',
  'Bakery',
  'Motors',
  'Realty',
  'Foods',
  'Labs',
  'Capital',
  'Studios',
  'Health',
  'Freight',
  'Energy',
  'Partners',
  'Systems',
  'Farms',
  'Media',
  'Works',
];
const C = ['Group', 'LLC', 'Inc', 'Ltd', 'Co', 'Associates', 'Holdings', 'Services'];
const P = [
  'Cloud',
  'Backup',
  'Endpoint',
  'Firewall',
  'Mail',
  'Identity',
  'Storage',
  'Network',
  'Voice',
  'Desktop',
];
const Q = ['Essentials', 'Premium', 'Advanced', 'Standard', 'Protect', 'Manage', 'Secure', 'Plus'];
const VENDORS = ['MST', 'ACR', 'S1', 'KPR', 'DELL', 'CSCO', 'FTNT', 'SVC', 'VEEAM', 'DUO'];
const STATUSES: QuoteStatus[] = [
  'draft',
  'draft',
  'draft',
  'sent',
  'sent',
  'accepted',
  'declined',
  'closed',
  'expired',
  'assigned',
  'changes_requested',
  'pending',
];
const TERMS = ['Monthly', 'Annual', '1 Year', 'One-Time', 'Activation'] as const;
const USERS = Array.from({ length: 25 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  fullName: `${FIRST_WORDS[i % FIRST_WORDS.length]} ${['Stone', 'Okafor', 'Liu', 'Meyer', 'Garcia'][i % 5]}`,
  displayName: `U${i}`,
  email: `user${i}@northwind.example`,
}));

function uuid(r: () => number): string {
  const h = () =>
    Math.floor(r() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${h()}${h()}-${h()}-4${h().slice(1)}-a${h().slice(1)}-${h()}${h()}${h()}`;
}

/** The names the measuring needs: SKUs and client names to search for, products to add. */
export interface Names {
  products: string[];
  productIds: string[];
  clients: string[];
}

/** What every generated quote has alike: not published, no answer yet, USD, no sections. */
type Varying = Omit<
  WorkQuote,
  | 'partner'
  | 'published'
  | 'publishedOn'
  | 'respondedOn'
  | 'revokedOn'
  | 'quoteRequestId'
  | 'salesMarginPercentage'
  | 'intentType'
  | 'acceptedBy'
  | 'declinedBy'
  | 'currency'
  | 'sections'
  | 'accessList'
  | 'attachments'
  | 'totals'
>;

/** Stores a generated quote as one already synced, its totals computed; returns it. */
export function insertSynced(repo: QuoteRepo, quote: Varying): WorkQuote {
  const w: WorkQuote = {
    ...quote,
    partner: null,
    published: false,
    publishedOn: null,
    respondedOn: null,
    revokedOn: null,
    quoteRequestId: null,
    salesMarginPercentage: 20,
    intentType: 'PARTNER_TO_CLIENT',
    acceptedBy: null,
    declinedBy: null,
    currency: 'USD',
    sections: [],
    accessList: [],
    attachments: [],
    totals: undefined as never,
  };
  recomputeTotals(w);
  repo.insert(w, { serverId: null, generation: 1, syncedGeneration: 1, syncState: 'synced' });
  return w;
}

/** Writes the store of QUOTES quotes to `file` (unencrypted). */
export function generate(file: string): Names {
  const r = rng(42);
  const store = openStore(file);
  store.setIdentity({ user: USERS[0]!, partner: null, currency: 'USD' });
  const repo = new QuoteRepo(store.database);
  const products = Array.from({ length: 400 }, (_, i) => {
    const v = VENDORS[i % VENDORS.length]!;
    return {
      id: uuid(r),
      name: `${v} ${P[i % P.length]} ${Q[(i * 7) % Q.length]} ${i}`,
      sku: `${v}-${String(i).padStart(4, '0')}-${['STD', 'PRO', 'ENT'][i % 3]}`,
      msp: i % 3 === 0,
    };
  });
  // The catalogue cached as after a sync, so the measured edits can add catalogue items.
  store.caches.putProducts(
    products.map((p) => ({
      id: p.id,
      name: p.name,
      vendorName: p.sku.split('-')[0]!,
      sku: p.sku,
      requiresCommitment: false,
      isMspOnly: p.msp,
      type: 'Standalone' as const,
    })),
  );
  store.transaction(() => {
    for (const p of products)
      store.caches.putPricing(p.id, [
        {
          productId: p.id,
          billingTerm: 'Monthly',
          commitmentTerm: null,
          type: 'standard',
          rates: [{ partnerBuyRate: 10, suggestedRetailPrice: 13, chargeType: 'per_unit' }],
        },
      ]);
  });
  const clients = Array.from({ length: 5000 }, (_, i) => ({
    id: uuid(r),
    name: `${FIRST_WORDS[i % FIRST_WORDS.length]} ${TRADES[Math.floor(i / FIRST_WORDS.length) % TRADES.length]} ${C[i % C.length]}${i >= 400 ? ` ${i}` : ''}`,
    isShadowCompany: i % 17 === 0,
  }));
  const start = Date.parse('2024-11-01T00:00:00Z');
  store.transaction(() => {
    for (let n = 0; n < QUOTES; n++) {
      const user = USERS[Math.floor(r() * USERS.length)]!;
      const created = new Date(start + Math.floor(r() * 700 * 86_400_000));
      const items = n % FULL_EVERY === 0 ? 30 : 1 + Math.floor(r() * 4);
      const lineItems: WorkLineItem[] = [];
      for (let i = 0; i < items; i++) {
        const p = products[Math.floor(r() * products.length)]!;
        const custom = r() < 0.1;
        const cost = Math.round(r() * 50_000) / 100;
        lineItems.push({
          id: uuid(r),
          kind: custom ? 'Custom' : 'Standard',
          product: custom
            ? {
                id: null,
                name: `Custom service ${i}`,
                sku: `CUS-${i}`,
                isMspOnly: false,
                type: 'Custom',
              }
            : { id: p.id, name: p.name, sku: p.sku, isMspOnly: p.msp, type: 'Standalone' },
          billingTerm: custom
            ? r() < 0.5
              ? 'One-Time'
              : 'Monthly'
            : TERMS[Math.floor(r() * TERMS.length)]!,
          commitmentTerm: null,
          effectiveDate: created.toISOString(),
          price: Math.round(cost * 130) / 100,
          cost,
          quantity: 1 + Math.floor(r() * 50),
          note: r() < 0.2 ? `Includes onboarding for site ${Math.floor(r() * 100)}` : '',
          initialTotal: custom ? 100 : null,
          usageBased: null,
          requiredLineItemId: null,
          requiredSubscriptionId: null,
          subscriptionId: null,
          totals: undefined as never,
        });
      }
      insertSynced(repo, {
        id: uuid(r),
        status: STATUSES[Math.floor(r() * STATUSES.length)]!,
        client: clients[Math.floor(r() * clients.length)]!,
        createdBy: user.fullName,
        createdByEmail: user.email,
        createdOn: created.toISOString(),
        updatedOn: new Date(created.getTime() + Math.floor(r() * 30 * 86_400_000)).toISOString(),
        expiresOn: new Date(created.getTime() + 30 * 86_400_000).toISOString(),
        introMessage: 'Thank you for the opportunity to quote.',
        termsAndDisclaimers: 'Prices valid for 30 days.',
        referenceCode: `Q-${created.getUTCFullYear()}-${String(n + 1).padStart(6, '0')}`,
        ownedBy: user,
        lineItems,
      });
    }
  });
  store.close();
  return {
    products: products.map((p) => p.sku),
    productIds: products.map((p) => p.id),
    clients: clients.map((c) => c.name),
  };
}

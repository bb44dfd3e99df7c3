import {
  UsageBasedType,
  pricingTermToBillingTerm,
  type CommitmentTerm,
  type ProductPricing,
} from '../../common/api';
import type { ProductPrice } from '../../common/ipc';
import { NetworkError, type ApiClient } from '../api';
import type { Logger } from './ports';
import type { Store } from '../store';
import type { ServiceContext } from './context';
import type { Group } from './group';

const PAGE = 100;
const MAX_PAGES = 100;
const MAX_PRICED_PRODUCTS = 500;

/**
 * Copies the catalogue into the store so clients and products can be searched offline as
 * the user types, and Standard items priced without a connection.
 */
export async function refreshCatalogue(api: ApiClient, store: Store, log: Logger): Promise<void> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await api.listCompanies({ page, size: PAGE });
    store.caches.putCompanies(res.content);
    if (page + 1 >= res.page.totalPages) break;
  }
  const productIds: string[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await api.listProducts({ page, size: PAGE });
    store.caches.putProducts(res.content);
    productIds.push(...res.content.map((p) => p.id));
    if (page + 1 >= res.page.totalPages) break;
  }
  const terms = new Map<string, CommitmentTerm>();
  for (const id of productIds.slice(0, MAX_PRICED_PRODUCTS)) {
    const pricing = await api.getProductPricing(id);
    store.caches.putPricing(id, pricing.content);
    for (const p of pricing.content)
      if (p.commitmentTerm) terms.set(p.commitmentTerm.id, p.commitmentTerm);
  }
  if (terms.size) store.caches.putCommitmentTerms([...terms.values()]);
  log.info('catalogue.refreshed', { products: productIds.length, commitmentTerms: terms.size });
}

function priceOf(p: ProductPricing): ProductPrice | null {
  const billingTerm = pricingTermToBillingTerm(p.billingTerm);
  const rate = p.rates[0];
  if (!billingTerm || !rate) return null;
  const usage = UsageBasedType.safeParse(p.type);
  return {
    productId: p.productId,
    billingTerm,
    ...(p.commitmentTerm ? { commitmentTermId: p.commitmentTerm.id } : {}),
    cost: rate.partnerBuyRate,
    suggestedPrice: rate.suggestedRetailPrice,
    ...(usage.success ? { usageBasedType: usage.data } : {}),
  };
}

function pageOf<T>(all: T[], page: number, size: number) {
  return {
    content: all.slice(page * size, page * size + size),
    page: {
      number: page,
      size,
      totalElements: all.length,
      totalPages: Math.ceil(all.length / size),
    },
  };
}

export function catalogueHandlers(ctx: ServiceContext): Group<'catalogue'> {
  // The first look-up of a session waits for the first copy of the catalogue; later ones
  // answer from the local copy at once.
  const cached = () => ctx.catalogueReady();
  return {
    'catalogue.clients': async ({ search, page, size }) => {
      await cached();
      const all = ctx
        .store()
        .caches.listCompanies(search?.trim() ?? '', (page + 1) * size + 10_000);
      return { ...pageOf(all, page, size), fromCache: true };
    },
    'catalogue.products': async ({ search, page, size }) => {
      await cached();
      const all = ctx.store().caches.listProducts(search?.trim() ?? '', (page + 1) * size + 10_000);
      return { ...pageOf(all, page, size), fromCache: true };
    },
    'catalogue.pricing': async ({ productId }) => {
      const store = ctx.store();
      const api = ctx.api();
      let fromCache = true;
      if (api) {
        try {
          store.caches.putPricing(productId, (await api.getProductPricing(productId)).content);
          fromCache = false;
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
        }
      }
      const prices = store.caches
        .pricing(productId)
        .map(priceOf)
        .filter((p): p is ProductPrice => p !== null);
      return { prices, fromCache };
    },
    'catalogue.commitmentTerms': async () => {
      await cached();
      return { terms: ctx.store().caches.commitmentTerms() };
    },
  };
}

// The read-only catalogue: companies, products and a product's pricing.
import {
  CompaniesPage,
  PricingResponse,
  ProductsPage,
  type CompaniesPage as CompaniesPageT,
} from '../../common/api';
import type { CallOptions } from './transport';
import type { Caller } from './caller';

export interface CatalogueParams {
  page?: number;
  size?: number;
  search?: string;
}

function catalogueQuery(p: CatalogueParams) {
  return { page: p.page, size: p.size, search: p.search };
}

export function catalogueCalls({ call }: Caller) {
  return {
    listCompanies: (params: CatalogueParams = {}, o?: CallOptions): Promise<CompaniesPageT> =>
      call(
        {
          method: 'GET',
          route: '/v1/companies',
          query: catalogueQuery(params),
          response: CompaniesPage,
        },
        o,
      ),
    listProducts: (params: CatalogueParams = {}, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: '/v1/products',
          query: catalogueQuery(params),
          response: ProductsPage,
        },
        o,
      ),
    getProductPricing: (productId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: '/v1/products/{productId}/pricing',
          params: { productId },
          response: PricingResponse,
        },
        o,
      ),
  };
}

import type { FastifyInstance } from 'fastify';
import { CatalogueQuery } from '../../common/api';
import type { Ctx } from '../context';
import { companies, pricing, products } from '../domain/catalogue';
import { lists404 } from '../http/errors';
import { pathId, query } from '../http/input';

/** Read-only catalogue (docs/architecture.md#catalogue), shaped like the platform's partner API v1. */
export function catalogueRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v1/companies', async (req) =>
    companies(ctx, req.caller, query(CatalogueQuery, req.query)),
  );
  app.get('/v1/products', async (req) => products(ctx, query(CatalogueQuery, req.query)));
  app.get('/v1/products/:id/pricing', lists404, async (req) =>
    pricing(ctx, pathId(req.params, 'id')),
  );
}

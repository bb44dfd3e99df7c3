import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context';
import { createHttpApp } from './http/app';
import { registerRoutes } from './routes';

/**
 * The Quoting API as one fastify app: the HTTP layer with every route registered on it. The
 * routes are built on `http/`'s helpers (input parsing, errors, uploads), so they are wired
 * here, in the layer above both, and `http/` never imports `routes/` (see README, Layout).
 */
export async function buildApp(
  ctx: Ctx,
  tls: { cert: string; key: string },
  /** HTTP/2 offered by ALPN beside HTTP/1.1 (default); false: HTTP/1.1 only. */
  opts: { http2?: boolean } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp(ctx, tls, opts);
  registerRoutes(app, ctx);
  return app;
}

import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { accessListRoutes } from './access-list';
import { catalogueRoutes } from './catalogue';
import { libraryRoutes } from './library';
import { lineItemRoutes } from './line-items';
import { preferenceRoutes } from './preferences';
import { quoteAttachmentRoutes } from './quote-attachments';
import { quoteRoutes } from './quotes';
import { sectionRoutes } from './sections';
import { tokenRoutes } from './token';

export function registerRoutes(app: FastifyInstance, ctx: Ctx): void {
  tokenRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  libraryRoutes(app, ctx);
  preferenceRoutes(app, ctx);
  quoteRoutes(app, ctx);
  accessListRoutes(app, ctx);
  quoteAttachmentRoutes(app, ctx);
  lineItemRoutes(app, ctx);
  sectionRoutes(app, ctx);
}

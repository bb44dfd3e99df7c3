import type { FastifyInstance } from 'fastify';
import { CreateSectionPayload, SectionsPayload } from '../../common/api';
import type { Ctx } from '../context';
import { quoteOf, requireEditable } from '../domain/quotes';
import { createSection, replaceSections, sectionsOf } from '../domain/sections';
import { jsonBody, pathId } from '../http/input';

/** `/v2/quotes/{quoteId}/sections` (spec, Quote sections). */
export function sectionRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quotes/:quoteId/sections', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    return { sections: sectionsOf(ctx, row.id) };
  });

  app.post('/v2/quotes/:quoteId/sections', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(CreateSectionPayload, req.body);
    requireEditable(row);
    return reply.code(201).send({ sections: createSection(ctx, row.id, payload.name) });
  });

  app.put('/v2/quotes/:quoteId/sections', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(SectionsPayload, req.body);
    requireEditable(row);
    const sections = payload.sections.map((s) => ({
      ...s,
      id: s.id.toLowerCase(),
      lineItems: s.lineItems.map((l) => ({ ...l, lineItemId: l.lineItemId.toLowerCase() })),
    }));
    return { sections: replaceSections(ctx, row.id, sections) };
  });
}

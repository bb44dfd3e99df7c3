import type { FastifyInstance } from 'fastify';
import { AddAccessListEntriesPayload, LIMITS } from '../../common/api';
import type { Ctx } from '../context';
import {
  accessList,
  addAccessListEntries,
  deleteAccessListEntry,
  requireAccessListOpen,
} from '../domain/access-list';
import { quoteOf } from '../domain/quotes';
import { badRequest } from '../http/errors';
import { jsonBody, pathId } from '../http/input';

/** `/v2/quotes/{quoteId}/access-list` (spec, Quote access list). */
export function accessListRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quotes/:quoteId/access-list', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    return { accessList: accessList(ctx, row.id) };
  });

  app.post('/v2/quotes/:quoteId/access-list', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    if (Array.isArray(req.body) && req.body.length > LIMITS.accessList) {
      throw badRequest(
        'ACCESS_LIST_LIMIT_EXCEEDED',
        `body: a quote is shared with at most ${LIMITS.accessList} recipients`,
      );
    }
    const payload = jsonBody(AddAccessListEntriesPayload, req.body);
    requireAccessListOpen(row);
    return reply.code(201).send(addAccessListEntries(ctx, req.caller, row, payload));
  });

  app.delete('/v2/quotes/:quoteId/access-list/:accessListEntryId', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const entryId = pathId(req.params, 'accessListEntryId');
    requireAccessListOpen(row);
    deleteAccessListEntry(ctx, row, entryId);
    return reply.code(204).send();
  });
}

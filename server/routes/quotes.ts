import type { FastifyInstance } from 'fastify';
import { CreateQuotePayload, ListQuotesQuery, UpdateQuotePayload } from '../../common/api';
import type { Ctx } from '../context';
import { listQuotes } from '../domain/list';
import { createQuote, deleteQuote, takeOwnership, updateQuote } from '../domain/quote-lifecycle';
import { quoteOf, quoteResponse } from '../domain/quotes';
import { lists404 } from '../http/errors';
import { checkInstants, jsonBody, pathId, query } from '../http/input';

/** `/v2/quotes` and `/v2/quotes/{quoteId}` (spec, Quotes). */
export function quoteRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quotes', async (req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(listQuotes(ctx, req.caller, query(ListQuotesQuery, req.query, ['status']))),
  );

  app.post('/v2/quotes', async (req, reply) => {
    const payload = jsonBody(CreateQuotePayload, req.body);
    const row = createQuote(ctx, req.caller, {
      ...payload,
      clientId: payload.clientId.toLowerCase(),
    });
    return reply.code(201).send(quoteResponse(ctx, row));
  });

  app.get('/v2/quotes/:quoteId', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    return quoteResponse(ctx, row);
  });

  app.put('/v2/quotes/:quoteId', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(UpdateQuotePayload, req.body);
    checkInstants([['expiresOn', payload.expiresOn]]);
    return quoteResponse(ctx, updateQuote(ctx, req.caller, row, payload));
  });

  app.delete('/v2/quotes/:quoteId', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    deleteQuote(ctx, row);
    return reply.code(204).send();
  });

  app.post('/v2/quotes/:quoteId/take-ownership', lists404, async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    return quoteResponse(ctx, takeOwnership(ctx, req.caller, row));
  });
}

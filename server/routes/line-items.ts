import type { FastifyInstance } from 'fastify';
import {
  AddLineItemsPayload,
  DeleteLineItemsPayload,
  LIMITS,
  normalizeLineItems,
  UpdateLineItemsPayload,
  type ErrorDetails,
} from '../../common/api';
import type { Ctx } from '../context';
import { addLineItems, deleteLineItems, updateLineItems } from '../domain/line-items';
import { quoteOf, requireEditable } from '../domain/quotes';
import { badRequest, invalid } from '../http/errors';
import { checkInstants, jsonBody, pathId } from '../http/input';

/** One object is taken as a list of one, like the spec's single-object `lineItems` quirk. */
function listBody(body: unknown): unknown {
  if (body !== null && typeof body === 'object' && !Array.isArray(body))
    return normalizeLineItems(body);
  return body;
}

function limitCheck(body: unknown): void {
  if (Array.isArray(body) && body.length > LIMITS.lineItems) {
    throw badRequest(
      'LINE_ITEM_LIMIT_EXCEEDED',
      `body: a quote holds at most ${LIMITS.lineItems} line items`,
    );
  }
}

/** Add-payload fields an update cannot change: the product and the relationships. */
const FIXED_ON_UPDATE = [
  'productId',
  'requiredLineItemId',
  'requiredLineItemIndex',
  'requiredSubscriptionId',
  'subscriptionId',
] as const;

/**
 * Spec rule 2: relationships cannot be modified by update (the item is deleted and added
 * again). The update schema does not know these fields, so zod would drop them silently and the
 * caller would believe the change was made; they are refused instead, each named.
 */
function refuseFixedFields(body: unknown): void {
  if (!Array.isArray(body)) return;
  const details: ErrorDetails[] = [];
  body.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object') return;
    for (const key of FIXED_ON_UPDATE) {
      if (Object.hasOwn(item, key)) {
        details.push({
          type: 'INVALID_REQUEST_FIELD',
          message: `[${i}].${key}: cannot be changed by an update; delete the line item and add it again`,
        });
      }
    }
  });
  if (details.length > 0) throw invalid('INVALID_REQUEST_FIELD', details);
}

/** `/v2/quotes/{quoteId}/line-items` (spec, Quote line items). */
export function lineItemRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/v2/quotes/:quoteId/line-items', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const body = listBody(req.body);
    limitCheck(body);
    const payload = jsonBody(AddLineItemsPayload, body);
    checkInstants(payload.map((p, i) => [`[${i}].effectiveDate`, p.effectiveDate]));
    requireEditable(row);
    return reply
      .code(201)
      .send(addLineItems(ctx, req.caller, row, payload, req.caller.partner.currency));
  });

  app.put('/v2/quotes/:quoteId/line-items', async (req) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const body = listBody(req.body);
    limitCheck(body);
    const payload = jsonBody(UpdateLineItemsPayload, body);
    refuseFixedFields(body);
    checkInstants(payload.map((p, i) => [`[${i}].effectiveDate`, p.effectiveDate]));
    requireEditable(row);
    return updateLineItems(
      ctx,
      row,
      payload.map((p) => ({ ...p, id: p.id.toLowerCase() })),
      req.caller.partner.currency,
    );
  });

  app.post('/v2/quotes/:quoteId/line-items/bulk-delete', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(DeleteLineItemsPayload, req.body);
    requireEditable(row);
    deleteLineItems(
      ctx,
      row,
      payload.lineItemIds.map((id) => id.toLowerCase()),
    );
    return reply.code(204).send();
  });

  app.delete('/v2/quotes/:quoteId/line-items/:lineItemId', async (req, reply) => {
    const row = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const lineItemId = pathId(req.params, 'lineItemId');
    requireEditable(row);
    deleteLineItems(ctx, row, [lineItemId]);
    return reply.code(204).send();
  });
}

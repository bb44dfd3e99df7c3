import type { FastifyInstance } from 'fastify';
import { AddPreferenceAttachmentsPayload, LIMITS, PreferencesPayload } from '../../common/api';
import type { Ctx } from '../context';
import {
  addPreferenceAttachments,
  deletePreferenceAttachment,
  preferencesResponse,
  putPreferences,
} from '../domain/preferences';
import { badRequest, lists404 } from '../http/errors';
import { jsonBody, pathId } from '../http/input';

/** `/v2/quote-preferences` of the caller's partner (spec, Quote preferences). */
export function preferenceRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quote-preferences', async (req) => preferencesResponse(ctx, req.caller.partner.id));

  app.put('/v2/quote-preferences', async (req, reply) => {
    const payload = jsonBody(PreferencesPayload, req.body);
    const { created, result } = putPreferences(ctx, req.caller.partner.id, payload);
    return reply.code(created ? 201 : 200).send(result);
  });

  app.post('/v2/quote-preferences/attachments', lists404, async (req, reply) => {
    const raw = (req.body as { attachments?: unknown } | undefined)?.attachments;
    if (Array.isArray(raw) && raw.length > LIMITS.preferenceAttachments) {
      throw badRequest(
        'PREFERENCE_MAX_ATTACHMENTS_EXCEEDED',
        `attachments: preferences hold at most ${LIMITS.preferenceAttachments} attachments`,
      );
    }
    const payload = jsonBody(AddPreferenceAttachmentsPayload, req.body);
    const ids = payload.attachments.map((id) => id.toLowerCase());
    return reply.code(201).send(addPreferenceAttachments(ctx, req.caller, ids));
  });

  app.delete('/v2/quote-preferences/attachments/:attachmentId', lists404, async (req, reply) => {
    deletePreferenceAttachment(ctx, req.caller, pathId(req.params, 'attachmentId'));
    return reply.code(204).send();
  });
}

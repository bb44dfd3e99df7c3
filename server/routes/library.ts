import type { FastifyInstance } from 'fastify';
import { CopyAttachmentsPayload, LIMITS, TrueFlag } from '../../common/api';
import { UpdateAttachmentsInput } from '../http/attachment-payloads';
import type { Ctx } from '../context';
import { attachmentResponse, attachmentsOf } from '../domain/attachment-view';
import {
  addAttachments,
  attachmentIn,
  byId,
  deleteAttachment,
  libraryHome,
  replaceLibraryFile,
  updateAttachments,
} from '../domain/attachments';
import type { AttachmentRow } from '../domain/rows';
import { ApiError, badRequest, lists404 } from '../http/errors';
import { jsonBody, pathId, query } from '../http/input';
import { readUploads } from '../http/uploads';
import { sendPdf } from './download';
import { z } from 'zod';

const DownloadQuery = z.object({ download: TrueFlag.optional() });

/** The partner's attachment library: `/v2/quote-attachments`. */
export function libraryRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quote-attachments', async (req) =>
    attachmentsOf(ctx, req.caller.partner.id, 'library').map((a) => attachmentResponse(ctx, a)),
  );

  app.post('/v2/quote-attachments', async (req, reply) => {
    const uploads = await readUploads(
      req,
      ctx,
      'attachments',
      LIMITS.libraryAttachments,
      'LIBRARY_MAX_ATTACHMENTS_EXCEEDED',
    );
    try {
      const created = addAttachments(
        ctx,
        req.caller,
        libraryHome,
        uploads.map((u) => ({
          name: u.name,
          sha256: u.file.sha256,
          size: u.file.size,
          sourceId: null,
          file: u.file,
        })),
      );
      return reply.code(201).send(created);
    } finally {
      uploads.forEach((u) => ctx.files.discard(u.file.tmpPath));
    }
  });

  app.put('/v2/quote-attachments', async (req) => {
    const payload = jsonBody(UpdateAttachmentsInput, req.body);
    return updateAttachments(ctx, req.caller, libraryHome, payload);
  });

  app.post('/v2/quote-attachments/shared', lists404, async (req, reply) => {
    const payload = jsonBody(CopyAttachmentsPayload, req.body);
    const partnerId = req.caller.partner.id;
    const sources = payload.map((p, i) => {
      const row = ctx
        .sql<AttachmentRow>(
          `SELECT a.* FROM attachments a JOIN quotes q ON q.id = a.quote_id
           WHERE a.id = ? AND a.partner_id = ? AND a.scope = 'quote' AND q.deleted_on IS NULL`,
        )
        .get(p.attachmentId.toLowerCase(), partnerId);
      if (!row) {
        throw new ApiError(
          404,
          'QUOTE_ATTACHMENT_NOT_FOUND',
          `[${i}].attachmentId: no quote attachment with id ${p.attachmentId}`,
        );
      }
      return row;
    });
    const created = addAttachments(
      ctx,
      req.caller,
      libraryHome,
      sources.map((s) => ({ name: s.name, sha256: s.sha256, size: s.size, sourceId: s.id })),
    );
    return reply.code(201).send(created);
  });

  app.delete('/v2/quote-attachments/:attachmentId', lists404, async (req, reply) => {
    const id = pathId(req.params, 'attachmentId');
    const row = attachmentIn(ctx, req.caller, libraryHome, id);
    deleteAttachment(ctx, req.caller, libraryHome, row);
    return reply.code(204).send();
  });

  app.get('/v2/quote-attachments/:attachmentId', lists404, async (req, reply) => {
    const id = pathId(req.params, 'attachmentId');
    const q = query(DownloadQuery, req.query);
    if (q.download) {
      // The `url` of a preference attachment names it here (see attachment-view.ts).
      const pref = byId(ctx, id);
      if (pref?.scope === 'preference' && pref.partner_id === req.caller.partner.id)
        return sendPdf(ctx, reply, pref);
    }
    const row = attachmentIn(ctx, req.caller, libraryHome, id);
    if (q.download) return sendPdf(ctx, reply, row);
    return attachmentResponse(ctx, row);
  });

  app.patch('/v2/quote-attachments/:attachmentId', lists404, async (req) => {
    const id = pathId(req.params, 'attachmentId');
    const row = attachmentIn(ctx, req.caller, libraryHome, id);
    const uploads = await readUploads(req, ctx, 'attachment', 1, 'INVALID_REQUEST_BODY');
    if (uploads.length !== 1)
      throw badRequest('INVALID_REQUEST_BODY', 'attachment: send exactly one file');
    try {
      return replaceLibraryFile(ctx, req.caller, row, uploads[0]!.file);
    } finally {
      ctx.files.discard(uploads[0]!.file.tmpPath);
    }
  });
}

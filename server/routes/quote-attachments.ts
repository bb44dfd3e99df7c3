import type { FastifyInstance } from 'fastify';
import { extname } from 'node:path';
import yazl from 'yazl';
import { z } from 'zod';
import { CopyAttachmentsPayload, LIMITS, TrueFlag } from '../../common/api';
import { UpdateAttachmentsInput } from '../http/attachment-payloads';
import type { Ctx } from '../context';
import { attachmentResponse, attachmentsOf } from '../domain/attachment-view';
import {
  addAttachments,
  attachmentIn,
  deleteAttachment,
  quoteHome,
  updateAttachments,
} from '../domain/attachments';
import { quoteOf, requireEditable } from '../domain/quotes';
import type { AttachmentRow } from '../domain/rows';
import { ApiError, lists404 } from '../http/errors';
import { jsonBody, pathId, query } from '../http/input';
import { readUploads } from '../http/uploads';
import { contentDisposition, sendPdf } from './download';

const ZipQuery = z.object({ downloadZip: TrueFlag });
const DownloadQuery = z.object({ download: TrueFlag.optional() });

/** Names inside the zip: unique, each ending in .pdf. */
function zipNames(rows: AttachmentRow[]): string[] {
  const used = new Set<string>();
  return rows.map((r) => {
    const clean = r.name.replace(/[/\\]/g, '_');
    const ext = extname(clean).toLowerCase() === '.pdf' ? '' : '.pdf';
    const stem = ext ? clean : clean.slice(0, -4);
    let name = `${stem}.pdf`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n}).pdf`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** `/v2/quotes/{quoteId}/attachments` (spec, Quote attachments). */
// long: one short route per attachment endpoint of the spec
export function quoteAttachmentRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/quotes/:quoteId/attachments', lists404, async (req, reply) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    query(ZipQuery, req.query);
    const rows = attachmentsOf(ctx, req.caller.partner.id, 'quote', quote.id);
    const zip = new yazl.ZipFile();
    zipNames(rows).forEach((name, i) =>
      zip.addReadStream(ctx.files.open(rows[i]!.sha256), name, { compress: false }),
    );
    zip.end();
    return reply
      .code(200)
      .type('application/zip')
      .header('content-disposition', contentDisposition(`${quote.reference_code}-attachments.zip`))
      .send(zip.outputStream);
  });

  app.post('/v2/quotes/:quoteId/attachments', lists404, async (req, reply) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    requireEditable(quote);
    const uploads = await readUploads(
      req,
      ctx,
      'attachments',
      LIMITS.quoteAttachments,
      'MAX_ATTACHMENTS_EXCEEDED',
    );
    try {
      const created = addAttachments(
        ctx,
        req.caller,
        quoteHome(quote.id),
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

  app.put('/v2/quotes/:quoteId/attachments', async (req) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(UpdateAttachmentsInput, req.body);
    requireEditable(quote);
    return updateAttachments(
      ctx,
      req.caller,
      quoteHome(quote.id),
      payload.map((p) => ({ ...p, id: p.id.toLowerCase() })),
    );
  });

  app.post('/v2/quotes/:quoteId/attachments/shared', lists404, async (req, reply) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const payload = jsonBody(CopyAttachmentsPayload, req.body);
    requireEditable(quote);
    const sources = payload.map((p, i) => {
      const row = ctx
        .sql<AttachmentRow>(
          "SELECT * FROM attachments WHERE id = ? AND partner_id = ? AND scope = 'library'",
        )
        .get(p.attachmentId.toLowerCase(), req.caller.partner.id);
      if (!row) {
        throw new ApiError(
          404,
          'LIBRARY_ATTACHMENT_NOT_FOUND',
          `[${i}].attachmentId: no library attachment with id ${p.attachmentId}`,
        );
      }
      return row;
    });
    const created = addAttachments(
      ctx,
      req.caller,
      quoteHome(quote.id),
      sources.map((s) => ({ name: s.name, sha256: s.sha256, size: s.size, sourceId: s.id })),
    );
    return reply.code(201).send(created);
  });

  app.get('/v2/quotes/:quoteId/attachments/:attachmentId', lists404, async (req, reply) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const id = pathId(req.params, 'attachmentId');
    const q = query(DownloadQuery, req.query);
    const row = attachmentIn(ctx, req.caller, quoteHome(quote.id), id);
    if (q.download) return sendPdf(ctx, reply, row);
    return attachmentResponse(ctx, row);
  });

  app.delete('/v2/quotes/:quoteId/attachments/:attachmentId', async (req, reply) => {
    const quote = quoteOf(ctx, req.caller, pathId(req.params, 'quoteId'));
    const id = pathId(req.params, 'attachmentId');
    const home = quoteHome(quote.id);
    const row = attachmentIn(ctx, req.caller, home, id);
    requireEditable(quote);
    deleteAttachment(ctx, req.caller, home, row);
    return reply.code(204).send();
  });
}

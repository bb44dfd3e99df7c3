import type { FastifyReply } from 'fastify';
import type { Ctx } from '../context';
import type { AttachmentRow } from '../domain/rows';

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendPdf(ctx: Ctx, reply: FastifyReply, row: AttachmentRow) {
  return reply
    .code(200)
    .type('application/pdf')
    .header('content-length', row.size)
    .header('content-disposition', contentDisposition(row.name))
    .send(ctx.files.open(row.sha256));
}

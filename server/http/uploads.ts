import type { FastifyRequest } from 'fastify';
import { basename } from 'node:path';
import { LIMITS, type ErrorCode, type ErrorDetails } from '../../common/api';
import type { Ctx } from '../context';
import { isPdf, type ReceivedFile } from '../files/store';
import { badRequest, invalid } from './errors';

export interface Upload {
  name: string;
  file: ReceivedFile;
}

function cleanName(raw: string | undefined): string {
  const name = basename((raw ?? '').replace(/\\/g, '/')).trim();
  return (name || 'attachment.pdf').slice(0, LIMITS.attachmentNameMax);
}

/**
 * Reads the PDF files of a multipart request under `field` (also `field[]`), each streamed to a
 * temporary file, at most 10 MiB and checked by content. Every problem is reported; nothing is
 * kept when there is one. `maxFiles` bounds one request (more: `maxCode`).
 */
export async function readUploads(
  req: FastifyRequest,
  ctx: Ctx,
  field: 'attachments' | 'attachment',
  maxFiles: number,
  maxCode: ErrorCode,
): Promise<Upload[]> {
  if (!req.isMultipart()) {
    throw badRequest(
      'INVALID_REQUEST_BODY',
      `${field}: send the file${field === 'attachments' ? 's' : ''} as multipart/form-data`,
    );
  }
  const received: Upload[] = [];
  const problems: ErrorDetails[] = [];
  const discardAll = () => received.forEach((u) => ctx.files.discard(u.file.tmpPath));
  let index = 0;
  try {
    const parts = req.parts({
      limits: {
        fileSize: LIMITS.attachmentBytes,
        files: maxFiles,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: maxFiles + 20,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field && part.fieldname !== `${field}[]`) {
        part.file.resume();
        problems.push({
          type: 'INVALID_REQUEST_FIELD',
          message: `${part.fieldname}: unexpected file field; send files as ${field}`,
        });
        continue;
      }
      const at = field === 'attachments' ? `attachments[${index++}]` : 'attachment';
      const name = cleanName(part.filename);
      const file = await ctx.files.receive(part.file);
      if (part.file.truncated) {
        ctx.files.discard(file.tmpPath);
        problems.push({
          type: 'INVALID_REQUEST_FIELD',
          message: `${at}: ${name} is larger than 10 MiB`,
        });
      } else if (!isPdf(file.head)) {
        ctx.files.discard(file.tmpPath);
        problems.push({
          type: 'INVALID_REQUEST_FIELD',
          message: `${at}: ${name} is not a PDF file`,
        });
      } else {
        received.push({ name, file });
      }
    }
  } catch (e) {
    discardAll();
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw badRequest(
        maxCode,
        `${field}: at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} in one request`,
      );
    }
    throw badRequest(
      'INVALID_REQUEST_BODY',
      `${field}: the multipart body could not be read (${code ?? 'malformed'})`,
    );
  }
  if (problems.length > 0) {
    discardAll();
    throw invalid(problems[0]!.type, problems);
  }
  if (received.length === 0) {
    throw badRequest('INVALID_REQUEST_BODY', `${field}: a PDF file is required`);
  }
  return received;
}

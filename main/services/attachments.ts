import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { LIMITS } from '../../common/api';
import type { BytesResult } from '../../common/ipc';
import { requireGranted, type ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import { saveWhole } from './save-file';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';

export function readPdfFile(file: string, field: string): { name: string; bytes: Buffer } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ServiceError(
      'VALIDATION',
      `${field}: the file ${path.basename(file)} cannot be read.`,
      { field },
    );
  }
  if (!stat.isFile())
    throw new ServiceError('VALIDATION', `${field}: ${path.basename(file)} is not a file.`, {
      field,
    });
  if (stat.size > LIMITS.attachmentBytes) {
    throw new ServiceError(
      'VALIDATION',
      `${field}: ${path.basename(file)} is larger than 10 MiB.`,
      {
        field,
        apiCode: 'MAX_ATTACHMENTS_EXCEEDED',
      },
    );
  }
  return { name: path.basename(file), bytes: fs.readFileSync(file) };
}

export function decodeFile(
  f: { name: string; base64: string },
  field: string,
): { name: string; bytes: Buffer } {
  const bytes = Buffer.from(f.base64, 'base64');
  if (bytes.length === 0)
    throw new ServiceError('VALIDATION', `${field}: the file is empty.`, { field });
  if (bytes.length > LIMITS.attachmentBytes) {
    throw new ServiceError('VALIDATION', `${field}: ${f.name} is larger than 10 MiB.`, { field });
  }
  return { name: path.basename(f.name), bytes };
}

export const pdfResult = (name: string, bytes: Buffer): BytesResult => ({
  name,
  mimeType: 'application/pdf',
  base64: bytes.toString('base64'),
});

/** Bytes of a quote attachment: the local copy, else downloaded once and kept. */
async function attachmentBytes(ctx: ServiceContext, quoteId: string, attachmentId: string) {
  const store = ctx.store();
  const att = store.getWork(quoteId).attachments.find((a) => a.id === attachmentId);
  if (!att)
    throw new ServiceError('NOT_FOUND', 'This attachment is not on the quote.', {
      field: 'attachmentId',
    });
  if (att.sha256) {
    try {
      return { name: att.name, bytes: store.readFile(att.sha256) };
    } catch {
      // fall through to a download
    }
  }
  const quoteServerId = store.serverIdOf('quote', quoteId);
  const attServerId = store.serverIdOf('attachment', attachmentId);
  const api = ctx.api();
  if (!api || !quoteServerId || !attServerId) {
    throw new ServiceError(
      'OFFLINE',
      `${att.name} is not on this computer yet; it arrives with the next sync.`,
    );
  }
  // Kept in memory, never a plain file on disk: the store seals what it keeps.
  const { bytes } = await api.quoteAttachmentBytes(quoteServerId, attServerId);
  store.setAttachmentFile(quoteId, attachmentId, bytes);
  return { name: att.name, bytes };
}

async function zipOf(
  ctx: ServiceContext,
  quoteId: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const work = ctx.store().getWork(quoteId);
  if (work.attachments.length === 0) {
    throw new ServiceError('VALIDATION', 'This quote has no attachments to download.');
  }
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const a of [...work.attachments].sort((x, y) => x.order - y.order)) {
    const { bytes } = await attachmentBytes(ctx, quoteId, a.id);
    const base = a.name.replace(/[\\/]/g, '_') || 'attachment.pdf';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++)
      name = base.replace(/(\.pdf)?$/i, ` (${i})$1`);
    used.add(name.toLowerCase());
    zip.addBuffer(bytes, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return {
    fileName: `${work.referenceCode || 'quote'}-attachments.zip`,
    bytes: Buffer.concat(chunks),
  };
}

/** The files an attaching edit brings to the store: read where the user's grants allow. */
export function attachmentSteps(
  ctx: ServiceContext,
): Pick<EditSteps, 'attachments.addFromPaths' | 'attachments.addFromBytes'> {
  return {
    'attachments.addFromPaths': ({ paths }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Adding files by path');
      paths.forEach((p, i) => requireGranted(ctx, 'read', p, `paths.${i}`));
      return paths.map((p, i) => readPdfFile(p, `paths.${i}`));
    },
    'attachments.addFromBytes': ({ files }) => files.map((f, i) => decodeFile(f, `files.${i}`)),
  };
}

export function attachmentHandlers(ctx: ServiceContext): Omit<Group<'attachments'>, EditCallName> {
  return {
    'attachments.preview': async ({ quoteId, attachmentId }) => {
      const { name, bytes } = await attachmentBytes(ctx, quoteId, attachmentId);
      return pdfResult(name, bytes);
    },
    'attachments.zip': async ({ quoteId }) => {
      const { fileName, bytes } = await zipOf(ctx, quoteId);
      return { name: fileName, mimeType: 'application/zip', base64: bytes.toString('base64') };
    },
    'attachments.saveZip': async ({ quoteId, path: target }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Saving to a chosen folder');
      requireGranted(ctx, 'write', target, 'path');
      const { bytes } = await zipOf(ctx, quoteId);
      saveWhole(target, bytes);
      return { path: target, sizeBytes: bytes.length };
    },
  };
}

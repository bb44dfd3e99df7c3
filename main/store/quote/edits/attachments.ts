import { LIMITS, name as nameSchema } from '../../../../common/api';
import { StoreValidationError, fieldError, refuse } from '../../errors';
import type {
  AttachmentInput,
  AttachmentPatch,
  FieldError,
  WorkAttachment,
  WorkQuote,
} from '../../types';
import { assertEditable, repairText } from '../validate';
import type { EditContext } from './context';

/** PDF by content, not by name: the header `%PDF-` within the first 1024 bytes (ISO 32000). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.indexOf('%PDF-') >= 0;
}

function assertRoom(w: WorkQuote, adding: number): void {
  if (w.attachments.length + adding > LIMITS.quoteAttachments) {
    refuse(
      'attachments',
      `a quote holds at most ${LIMITS.quoteAttachments} attachments (it has ${w.attachments.length})`,
      'MAX_ATTACHMENTS_EXCEEDED',
    );
  }
}

/** Adds PDF files; stored content-addressed, uploaded at sync. */
export function addAttachments(w: WorkQuote, files: AttachmentInput[], ctx: EditContext): string[] {
  assertEditable(w);
  if (!Array.isArray(files) || files.length === 0)
    refuse('attachments', 'must hold at least one file', 'INVALID_REQUEST_BODY');
  assertRoom(w, files.length);
  const errors: FieldError[] = [];
  files.forEach((f, i) => {
    const r = nameSchema(LIMITS.attachmentNameMax).safeParse(f?.name);
    if (!r.success)
      errors.push(fieldError(`attachments[${i}].name`, r.error.issues[0]?.message ?? 'is invalid'));
    if (!(f?.bytes instanceof Uint8Array)) {
      errors.push(fieldError(`attachments[${i}]`, 'must be a file'));
      return;
    }
    if (f.bytes.byteLength > LIMITS.attachmentBytes) {
      errors.push(
        fieldError(`attachments[${i}]`, `${f.name} is larger than 10 MiB`, 'UNPROCESSABLE_INPUT'),
      );
    } else if (!isPdf(f.bytes)) {
      errors.push(
        fieldError(`attachments[${i}]`, `${f.name} is not a PDF file`, 'UNPROCESSABLE_INPUT'),
      );
    }
  });
  if (errors.length) throw new StoreValidationError(errors);
  const ids: string[] = [];
  const held = new Set(w.attachments.map((a) => a.sha256).filter(Boolean));
  files.forEach((f, i) => {
    const blob = ctx.putBlob(f.bytes);
    if (held.has(blob.sha256)) {
      errors.push(
        fieldError(
          `attachments[${i}]`,
          `${f.name} is already attached to this quote`,
          'DUPLICATE_QUOTE_ATTACHMENT',
        ),
      );
      return;
    }
    held.add(blob.sha256);
    const id = ctx.newId();
    ids.push(id);
    w.attachments.push(attachment(w, id, f.name.trim(), blob.sha256, blob.size, ctx));
  });
  if (errors.length) throw new StoreValidationError(errors);
  return ids;
}

function attachment(
  w: WorkQuote,
  id: string,
  name: string,
  sha256: string | null,
  size: number | null,
  ctx: EditContext,
): WorkAttachment {
  const user = ctx.identity()?.user;
  return {
    id,
    name,
    order: w.attachments.length,
    type: 'application/pdf',
    sha256,
    size,
    createdOn: ctx.now,
    createdBy: user
      ? { fullName: user.fullName, id: user.id, role: user.userRole ?? user.role ?? '' }
      : null,
    url: null,
    libraryAttachmentId: null,
    preferenceAttachmentId: null,
  };
}

/** Copies library attachments into the quote (the server copies them at sync). */
export function copyLibraryAttachments(
  w: WorkQuote,
  libraryIds: string[],
  ctx: EditContext,
): string[] {
  assertEditable(w);
  if (!Array.isArray(libraryIds) || libraryIds.length === 0)
    refuse('attachments', 'must hold at least one attachment', 'INVALID_REQUEST_BODY');
  assertRoom(w, libraryIds.length);
  const errors: FieldError[] = [];
  const ids: string[] = [];
  libraryIds.forEach((libId, i) => {
    const lib = ctx.libraryAttachment(libId);
    if (!lib) {
      errors.push(
        fieldError(
          `attachments[${i}].attachmentId`,
          'is not in the attachment library',
          'LIBRARY_ATTACHMENT_NOT_FOUND',
        ),
      );
      return;
    }
    const dup = w.attachments.some(
      (a) => a.libraryAttachmentId === libId || (lib.sha256 !== null && a.sha256 === lib.sha256),
    );
    if (dup) {
      errors.push(
        fieldError(
          `attachments[${i}].attachmentId`,
          `${lib.name} is already attached to this quote`,
          'DUPLICATE_QUOTE_ATTACHMENT',
        ),
      );
      return;
    }
    const id = ctx.newId();
    ids.push(id);
    const a = attachment(w, id, lib.name, lib.sha256, lib.size, ctx);
    a.libraryAttachmentId = libId;
    a.type = lib.type;
    w.attachments.push(a);
  });
  if (errors.length) throw new StoreValidationError(errors);
  return ids;
}

/**
 * Renames and reorders; `order` is 0-based and must stay within 0…n−1. A new name was checked
 * where it entered (the IPC schema is the API's).
 */
export function updateAttachments(w: WorkQuote, patches: AttachmentPatch[]): void {
  assertEditable(w);
  const errors: FieldError[] = [];
  const n = w.attachments.length;
  w.attachments.sort((a, b) => a.order - b.order);
  for (const [i, patch] of patches.entries()) {
    const a = w.attachments.find((x) => x.id === patch.id);
    if (!a) {
      errors.push(
        fieldError(
          `attachments[${i}].id`,
          'is not an attachment of this quote',
          'QUOTE_ATTACHMENT_NOT_FOUND',
        ),
      );
      continue;
    }
    const order = patch.order ?? a.order;
    if (order >= n) {
      errors.push(
        fieldError(
          `attachments[${i}].order`,
          `must be between 0 and ${n - 1}`,
          'QUOTE_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
        ),
      );
      continue;
    }
    if (patch.name !== undefined) a.name = repairText(patch.name);
    const from = w.attachments.indexOf(a);
    w.attachments.splice(from, 1);
    w.attachments.splice(order, 0, a);
    w.attachments.forEach((x, j) => (x.order = j));
  }
  if (errors.length) throw new StoreValidationError(errors);
}

export function removeAttachment(w: WorkQuote, attachmentId: string): void {
  assertEditable(w);
  if (!w.attachments.some((a) => a.id === attachmentId)) {
    refuse('attachmentId', 'is not an attachment of this quote', 'QUOTE_ATTACHMENT_NOT_FOUND');
  }
  w.attachments = w.attachments
    .filter((a) => a.id !== attachmentId)
    .sort((a, b) => a.order - b.order);
  w.attachments.forEach((x, j) => (x.order = j));
}

import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  type AttachmentResponse,
  type ErrorCode,
  type UpdateAttachmentPayload,
} from '../../common/api';
import type { Caller, Ctx } from '../context';
import type { ReceivedFile } from '../files/store';
import { refused } from './errors';
import { attachmentResponse, attachmentsOf } from './attachment-view';
import { renumber } from './preferences';
import type { AttachmentRow } from './rows';

/** Where attachments live, with the error codes and limit of that home. */
export interface Home {
  scope: 'library' | 'quote';
  quoteId: string | null;
  max: number;
  codes: { max: ErrorCode; duplicate: ErrorCode; notFound: ErrorCode; order: ErrorCode };
}

export const libraryHome: Home = {
  scope: 'library',
  quoteId: null,
  max: LIMITS.libraryAttachments,
  codes: {
    max: 'LIBRARY_MAX_ATTACHMENTS_EXCEEDED',
    duplicate: 'LIBRARY_ATTACHMENT_ALREADY_EXISTS',
    notFound: 'LIBRARY_ATTACHMENT_NOT_FOUND',
    order: 'LIBRARY_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
  },
};

export const quoteHome = (quoteId: string): Home => ({
  scope: 'quote',
  quoteId,
  max: LIMITS.quoteAttachments,
  codes: {
    max: 'MAX_ATTACHMENTS_EXCEEDED',
    duplicate: 'DUPLICATE_QUOTE_ATTACHMENT',
    notFound: 'QUOTE_ATTACHMENT_NOT_FOUND',
    order: 'QUOTE_ATTACHMENT_UNSUPPORTED_ORDER_INDEX',
  },
});

export interface Incoming {
  name: string;
  sha256: string;
  size: number;
  sourceId: string | null;
  file?: ReceivedFile;
}

/**
 * Adds attachments to a home, all or nothing: refuses more than the home's limit and a second
 * copy of content the home already holds (judged by sha256).
 */
export function addAttachments(
  ctx: Ctx,
  caller: Caller,
  home: Home,
  incoming: Incoming[],
): AttachmentResponse[] {
  return ctx.db.transaction(() => {
    const current = attachmentsOf(ctx, caller.partner.id, home.scope, home.quoteId);
    if (current.length + incoming.length > home.max) {
      throw refused(
        home.codes.max,
        `attachments: at most ${home.max} attachments (has ${current.length}, adding ${incoming.length})`,
      );
    }
    const held = new Map(current.map((a) => [a.sha256, a.name]));
    incoming.forEach((f, i) => {
      const already = held.get(f.sha256);
      if (already !== undefined) {
        throw refused(
          home.codes.duplicate,
          `attachments[${i}]: ${f.name} has the same content as ${already}`,
        );
      }
      held.set(f.sha256, f.name);
    });
    const now = ctx.stamp();
    const insert = ctx.sql(
      `INSERT INTO attachments (id, partner_id, scope, quote_id, name, ord, sha256, size, source_id, created_on, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids = incoming.map((f, i) => {
      const id = randomUUID();
      if (f.file) ctx.files.keep(f.file);
      insert.run(
        id,
        caller.partner.id,
        home.scope,
        home.quoteId,
        f.name,
        current.length + i,
        f.sha256,
        f.size,
        f.sourceId,
        now,
        caller.user.id,
      );
      return id;
    });
    if (home.quoteId)
      ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), home.quoteId);
    return ids.map((id) => attachmentResponse(ctx, byId(ctx, id)!));
  })();
}

export function byId(ctx: Ctx, id: string): AttachmentRow | undefined {
  return ctx.sql<AttachmentRow>('SELECT * FROM attachments WHERE id = ?').get(id);
}

/** An attachment of the home, or the home's not-found refusal. */
export function attachmentIn(ctx: Ctx, caller: Caller, home: Home, id: string): AttachmentRow {
  const row = byId(ctx, id);
  if (
    !row ||
    row.partner_id !== caller.partner.id ||
    row.scope !== home.scope ||
    row.quote_id !== home.quoteId
  ) {
    throw refused(home.codes.notFound, `attachmentId: no attachment with id ${id}`);
  }
  return row;
}

/**
 * Renames and reorders (0-based `order`). Entries not in the payload keep their relative order
 * in the slots left free.
 */
export function updateAttachments(
  ctx: Ctx,
  caller: Caller,
  home: Home,
  payload: UpdateAttachmentPayload[],
): AttachmentResponse[] {
  return ctx.db.transaction(() => {
    const current = attachmentsOf(ctx, caller.partner.id, home.scope, home.quoteId);
    const byKey = new Map(current.map((a) => [a.id, a]));
    const n = current.length;
    const slots: (AttachmentRow | undefined)[] = new Array(n).fill(undefined);
    const named = new Map<string, string>();
    payload.forEach((p, i) => {
      const row = byKey.get(p.id);
      if (!row || named.has(p.id)) {
        throw refused(
          home.codes.notFound,
          `[${i}].id: ${row ? 'given twice' : `no attachment with id ${p.id}`}`,
        );
      }
      const outside = p.order < 0 || p.order >= n;
      if (outside || slots[p.order]) {
        throw refused(
          home.codes.order,
          `[${i}].order: ${p.order} is ${outside ? `outside 0…${n - 1}` : 'given to two attachments'}`,
        );
      }
      slots[p.order] = row;
      named.set(p.id, p.name);
    });
    const rest = current.filter((a) => !named.has(a.id));
    for (let i = 0; i < n; i++) if (!slots[i]) slots[i] = rest.shift();
    const set = ctx.sql('UPDATE attachments SET ord = ?, name = ? WHERE id = ?');
    slots.forEach((a, i) => set.run(i, named.get(a!.id) ?? a!.name, a!.id));
    if (home.quoteId)
      ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), home.quoteId);
    return attachmentsOf(ctx, caller.partner.id, home.scope, home.quoteId).map((a) =>
      attachmentResponse(ctx, a),
    );
  })();
}

export function deleteAttachment(ctx: Ctx, caller: Caller, home: Home, row: AttachmentRow): void {
  ctx.db.transaction(() => {
    ctx.sql('DELETE FROM attachments WHERE id = ?').run(row.id);
    renumber(ctx, caller.partner.id, home.scope, home.quoteId);
    if (home.quoteId)
      ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), home.quoteId);
  })();
}

/** PATCH of a library attachment: new content, same id, name and order; `replacedOn` set. */
export function replaceLibraryFile(
  ctx: Ctx,
  caller: Caller,
  row: AttachmentRow,
  file: ReceivedFile,
): AttachmentResponse {
  return ctx.db.transaction(() => {
    const twin = attachmentsOf(ctx, caller.partner.id, 'library').find(
      (a) => a.sha256 === file.sha256 && a.id !== row.id,
    );
    if (twin) {
      throw refused(
        'LIBRARY_ATTACHMENT_ALREADY_EXISTS',
        `attachment: the library already holds this file as ${twin.name}`,
      );
    }
    ctx.files.keep(file);
    ctx
      .sql('UPDATE attachments SET sha256 = ?, size = ?, replaced_on = ? WHERE id = ?')
      .run(file.sha256, file.size, ctx.stamp(), row.id);
    return attachmentResponse(ctx, byId(ctx, row.id)!);
  })();
}

import type { AttachmentResponse } from '../../common/api';
import type { Ctx } from '../context';
import type { AttachmentRow } from './rows';
import { userById } from './users';

function urlOf(ctx: Ctx, row: AttachmentRow): string {
  if (row.scope === 'quote')
    return `${ctx.baseUrl}/v2/quotes/${row.quote_id}/attachments/${row.id}?download=true`;
  // A preference attachment is a copy with its own id, downloaded through the library's route
  // (the spec gives preferences no download of their own). Not through the library file it was
  // made from: that one may be deleted or replaced later, and the copy must keep its content.
  return `${ctx.baseUrl}/v2/quote-attachments/${row.id}?download=true`;
}

export function attachmentResponse(ctx: Ctx, row: AttachmentRow): AttachmentResponse {
  const user = userById(ctx, row.created_by);
  return {
    id: row.id,
    name: row.name,
    order: row.ord,
    type: 'application/pdf',
    url: urlOf(ctx, row),
    createdOn: row.created_on,
    createdBy: { fullName: user?.full_name ?? '', id: row.created_by, role: user?.role ?? '' },
    ...(row.replaced_on ? { replacedOn: row.replaced_on } : {}),
  };
}

export function attachmentsOf(
  ctx: Ctx,
  partnerId: string,
  scope: AttachmentRow['scope'],
  quoteId: string | null = null,
): AttachmentRow[] {
  return ctx
    .sql<AttachmentRow>(
      'SELECT * FROM attachments WHERE partner_id = ? AND scope = ? AND quote_id IS ? ORDER BY ord, created_on',
    )
    .all(partnerId, scope, quoteId);
}

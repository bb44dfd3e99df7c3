// The client's answer at the desk as one edit of the working copy: the signed proposal goes
// into the attachments while the quote can still take one, then the status moves the way the
// API allows — published (sent), then the answer (accepted, declined, changes requested). The
// sync engine sends the attachment before the status (plan.ts) and the two status changes one
// after the other (steps.ts). One undo step, like any call.
import type { DeskResponseKind } from '../../../../common/ipc/desk';
import { EDITABLE_STATUSES, type QuoteStatus } from '../../../../common/api';
import { refuse } from '../../errors';
import type { AttachmentInput, WorkQuote } from '../../types';
import { addAttachments } from './attachments';
import type { EditContext } from './context';
import { updateHeader } from './header';

/** Refuses an answer the quote cannot take here, naming why. */
export function assertCanAnswer(w: WorkQuote, now: Date = new Date()): void {
  // An offer past its validity no longer stands: the salesperson extends it first.
  const ends = Date.parse(w.expiresOn);
  if (EDITABLE_STATUSES.includes(w.status) && Number.isFinite(ends) && ends < now.getTime()) {
    refuse(
      'expiresOn',
      `this quote cannot take the client's answer at the desk: it was valid until ${w.expiresOn.slice(0, 10)}; extend its validity first`,
    );
  }
  if (EDITABLE_STATUSES.includes(w.status)) return;
  const why =
    w.status === 'sent'
      ? 'it is already sent: the signed proposal can only be attached to a quote not yet sent (revoke it to a draft first)'
      : `it is ${w.status.replace('_', ' ')}`;
  refuse(
    'status',
    `this quote cannot take the client's answer at the desk: ${why}`,
    'QUOTE_INVALID_STATUS',
  );
}

/** Attaches the signed proposal and moves the status to the answer; answers the attachment's id. */
export function answerAtDesk(
  w: WorkQuote,
  kind: DeskResponseKind,
  file: AttachmentInput,
  ctx: EditContext,
): string {
  assertCanAnswer(w);
  const [id] = addAttachments(w, [file], ctx);
  updateHeader(w, { status: 'sent' }, ctx);
  updateHeader(w, { status: kind }, ctx);
  return id!;
}

/**
 * The salesperson withdraws an answer that was never sent: the status goes back to the one
 * the server holds (no transition of the table: the answer never left this computer) and the
 * signed proposal leaves the attachments (it stays with its version here).
 */
export function withdrawAnswer(w: WorkQuote, status: QuoteStatus, attachmentId: string | null) {
  w.status = status;
  w.published = status === 'sent';
  w.respondedOn = null;
  w.acceptedBy = null;
  w.declinedBy = null;
  // Taken out as if the answer never happened (the attachment edit would check the status).
  w.attachments = w.attachments.filter((a) => a.id !== attachmentId);
  w.attachments.forEach((x, j) => (x.order = j));
}

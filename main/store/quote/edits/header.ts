import { HEADER_TEXT_FIELDS, canTransition, type QuoteStatus } from '../../../../common/api';
import { refuse } from '../../errors';
import { zeroTotals } from '../totals';
import type { CreateQuoteInput, HeaderPatch, WorkQuote } from '../../types';
import { assertEditable, repairText } from '../validate';
import type { EditContext } from './context';

const DAY_MS = 86_400_000;

/**
 * A new quote for a client, with the defaults the server would give it (docs/architecture.md#defaults-of-a-new-quote).
 * The client comes from the catalogue copy, checked when the server's answer entered.
 */
export function newQuote(input: CreateQuoteInput, ctx: EditContext): WorkQuote {
  const { client } = input;
  const prefs = ctx.preferences();
  const identity = ctx.identity();
  const now = input.now ?? new Date(ctx.now);
  const user = identity?.user ?? null;
  const w: WorkQuote = {
    id: ctx.newId(),
    status: 'draft',
    client,
    partner: identity?.partner ?? null,
    createdBy: user?.fullName ?? '',
    createdByEmail: user?.email ?? '',
    createdOn: now.toISOString(),
    updatedOn: now.toISOString(),
    expiresOn: new Date(now.getTime() + prefs.daysToExpire * DAY_MS).toISOString(),
    introMessage: prefs.introMessage,
    termsAndDisclaimers: prefs.termsAndDisclaimers,
    published: false,
    referenceCode: '',
    publishedOn: null,
    respondedOn: null,
    revokedOn: null,
    quoteRequestId: input.quoteRequestId ?? null,
    salesMarginPercentage: prefs.salesMarginPercentage,
    intentType: 'PARTNER_TO_CLIENT',
    ownedBy: user,
    acceptedBy: null,
    declinedBy: null,
    currency: identity?.currency ?? 'USD',
    lineItems: [],
    sections: [],
    accessList: [],
    attachments: prefs.attachments.map((a, i) => ({
      id: ctx.newId(),
      name: a.name,
      order: i,
      type: a.type,
      sha256: null,
      size: null,
      createdOn: now.toISOString(),
      createdBy: a.createdBy,
      url: null,
      libraryAttachmentId: null,
      preferenceAttachmentId: a.id,
    })),
    totals: zeroTotals(identity?.currency ?? 'USD'),
  };
  return w;
}

const CONTENT_FIELDS = HEADER_TEXT_FIELDS;

/**
 * Header fields and status with the status transitions. The fields were checked where they
 * entered (the IPC schema is the API's UpdateQuotePayload); the rules of the quote stay here.
 */
export function updateHeader(w: WorkQuote, given: HeaderPatch, ctx: EditContext): void {
  const patch = repairText(given);
  const next = {
    expiresOn: patch.expiresOn ?? w.expiresOn,
    introMessage: patch.introMessage ?? w.introMessage,
    termsAndDisclaimers: patch.termsAndDisclaimers ?? w.termsAndDisclaimers,
    status: patch.status ?? w.status,
    published: patch.published ?? w.published,
  };
  const contentChanges = CONTENT_FIELDS.some((f) => next[f] !== w[f]);
  if (contentChanges) assertEditable(w);
  if (next.status !== w.status) applyTransition(w, next.status, ctx);
  else if (next.published !== w.published) {
    refuse(
      'published',
      'changes only with the status (sent publishes, draft revokes)',
      'QUOTE_INVALID_STATUS',
    );
  }
  w.expiresOn = next.expiresOn;
  w.introMessage = next.introMessage;
  w.termsAndDisclaimers = next.termsAndDisclaimers;
}

function applyTransition(w: WorkQuote, to: QuoteStatus, ctx: EditContext): void {
  const from = w.status;
  if (!canTransition(from, to) || to === 'expired') {
    refuse('status', `cannot change from ${from} to ${to}`, 'QUOTE_INVALID_STATUS');
  }
  const user = ctx.identity()?.user;
  const responder = user ? { email: user.email, fullName: user.fullName } : null;
  w.status = to;
  if (to === 'sent') {
    w.published = true;
    w.publishedOn = ctx.now;
  } else if (to === 'draft' && from === 'sent') {
    w.published = false;
    w.revokedOn = ctx.now;
  } else if (
    from === 'sent' &&
    (to === 'accepted' || to === 'declined' || to === 'changes_requested')
  ) {
    w.respondedOn = ctx.now;
    if (to === 'accepted') w.acceptedBy = responder;
    if (to === 'declined') w.declinedBy = responder;
  }
}

import { randomUUID } from 'node:crypto';
import {
  canTransition,
  EDITABLE_STATUSES,
  type CreateQuotePayload,
  type QuoteStatus,
  type UpdateQuotePayload,
} from '../../common/api';
import type { Caller, Ctx } from '../context';
import { refused } from './errors';
import { attachmentsOf } from './attachment-view';
import { preferencesOf } from './preferences';
import { refreshAggregates, reloadQuote } from './quotes';
import type { QuoteRow } from './rows';

export interface NewQuoteOptions {
  id?: string;
  status?: QuoteStatus;
  createdOn?: string;
  expiresOn?: string;
  introMessage?: string;
  termsAndDisclaimers?: string;
  salesMarginPercentage?: number;
  intentType?: string;
  referenceCode?: string;
  ownedBy?: string;
}

/** Creates a quote with the defaults of docs/architecture.md#defaults-of-a-new-quote (expiry, texts, margin, attachments). */
export function createQuote(
  ctx: Ctx,
  caller: Caller,
  payload: CreateQuotePayload,
  opts: NewQuoteOptions = {},
): QuoteRow {
  return ctx.db.transaction(() => {
    const client = ctx
      .sql<{ id: string; name: string }>(
        'SELECT id, name FROM clients WHERE id = ? AND partner_id = ?',
      )
      .get(payload.clientId, caller.partner.id);
    if (!client) {
      throw refused(
        'RESOURCE_NOT_FOUND',
        `clientId: no client company with id ${payload.clientId}`,
      );
    }
    const prefs = preferencesOf(ctx, caller.partner.id);
    const seq =
      ctx
        .sql<{ next_quote_seq: number }>(
          'UPDATE partners SET next_quote_seq = next_quote_seq + 1 WHERE id = ? RETURNING next_quote_seq',
        )
        .get(caller.partner.id)!.next_quote_seq - 1;
    const now = opts.createdOn ?? ctx.stamp();
    const id = opts.id ?? randomUUID();
    const expires =
      opts.expiresOn ?? new Date(Date.parse(now) + prefs.daysToExpire * 86_400_000).toISOString();
    const reference = opts.referenceCode ?? `Q-${now.slice(0, 4)}-${String(seq).padStart(6, '0')}`;
    ctx
      .sql(
        `INSERT INTO quotes (id, partner_id, reference_code, status, client_id, client_name, created_by,
          created_by_name, owned_by, created_on, updated_on, expires_on, intro_message, terms, published,
          quote_request_id, margin, intent_type)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      )
      .run(
        id,
        caller.partner.id,
        reference,
        opts.status ?? 'draft',
        client.id,
        client.name,
        caller.user.id,
        caller.user.full_name,
        opts.ownedBy ?? caller.user.id,
        now,
        now,
        expires,
        opts.introMessage ?? prefs.introMessage,
        opts.termsAndDisclaimers ?? prefs.termsAndDisclaimers,
        payload.quoteRequestId ?? null,
        opts.salesMarginPercentage ?? prefs.salesMarginPercentage,
        opts.intentType ?? 'PARTNER_TO_CLIENT',
      );
    const copy = ctx.sql(
      `INSERT INTO attachments (id, partner_id, scope, quote_id, name, ord, sha256, size, source_id, created_on, created_by)
       VALUES (?, ?, 'quote', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    attachmentsOf(ctx, caller.partner.id, 'preference').forEach((a, i) => {
      copy.run(
        randomUUID(),
        caller.partner.id,
        id,
        a.name,
        i,
        a.sha256,
        a.size,
        a.source_id,
        now,
        caller.user.id,
      );
    });
    refreshAggregates(ctx, id);
    return reloadQuote(ctx, id);
  })();
}

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}

/**
 * `PUT /v2/quotes/{id}`: header fields and the status transitions of docs/architecture.md#statuses-and-transitions. Header
 * changes need an editable status before or after the change.
 */
export function updateQuote(
  ctx: Ctx,
  caller: Caller,
  row: QuoteRow,
  p: UpdateQuotePayload,
): QuoteRow {
  const from = row.status;
  const to = p.status;
  if (!canTransition(from, to) || (to === 'expired' && from !== 'expired')) {
    throw refused('QUOTE_INVALID_STATUS', `status: a quote cannot go from ${from} to ${to}`);
  }
  const headerChanged =
    !sameInstant(p.expiresOn, row.expires_on) ||
    p.introMessage !== row.intro_message ||
    p.termsAndDisclaimers !== row.terms;
  if (headerChanged && !EDITABLE_STATUSES.includes(from) && !EDITABLE_STATUSES.includes(to)) {
    throw refused(
      'QUOTE_INVALID_STATUS',
      `status: a quote in status ${from} cannot be edited (only draft, assigned, changes_requested)`,
    );
  }
  if (to === 'sent' && from !== 'sent' && !p.published) {
    throw refused('QUOTE_INVALID_STATUS', 'published: sending a quote needs published: true');
  }
  if (from === to && from === 'sent' && p.published === false) {
    throw refused(
      'QUOTE_INVALID_STATUS',
      'status: to revoke a sent quote, set its status to draft',
    );
  }
  const now = ctx.stamp();
  const next: QuoteRow = {
    ...row,
    status: to,
    expires_on: new Date(p.expiresOn).toISOString(),
    intro_message: p.introMessage,
    terms: p.termsAndDisclaimers,
    updated_on: now,
  };
  if (from !== to) {
    if (to === 'sent') {
      next.published = 1;
      next.published_on = now;
    } else if (from === 'sent' && to === 'draft') {
      next.revoked_on = now;
    } else if (
      from === 'sent' &&
      (to === 'accepted' || to === 'declined' || to === 'changes_requested')
    ) {
      next.responded_on = now;
      const by = JSON.stringify({ email: caller.user.email, fullName: caller.user.full_name });
      if (to === 'accepted') next.accepted_by = by;
      if (to === 'declined') next.declined_by = by;
    }
  }
  // A draft is never published, whatever it was before (sent, expired, pending, or a response):
  // only a move from sent is a revoke with its `revokedOn`, and `publishedOn` stays as history.
  if (to === 'draft') next.published = 0;
  ctx
    .sql(
      `UPDATE quotes SET status = @status, expires_on = @expires_on, intro_message = @intro_message, terms = @terms,
        published = @published, published_on = @published_on, revoked_on = @revoked_on, responded_on = @responded_on,
        accepted_by = @accepted_by, declined_by = @declined_by, updated_on = @updated_on WHERE id = @id`,
    )
    .run(next);
  return reloadQuote(ctx, row.id);
}

export function deleteQuote(ctx: Ctx, row: QuoteRow): void {
  const now = ctx.stamp();
  ctx.sql('UPDATE quotes SET deleted_on = ?, updated_on = ? WHERE id = ?').run(now, now, row.id);
}

export function takeOwnership(ctx: Ctx, caller: Caller, row: QuoteRow): QuoteRow {
  if (row.owned_by === caller.user.id) {
    throw refused('QUOTE_ALREADY_OWNED', `quoteId: quote ${row.id} is already owned by you`);
  }
  ctx
    .sql('UPDATE quotes SET owned_by = ?, updated_on = ? WHERE id = ?')
    .run(caller.user.id, ctx.stamp(), row.id);
  return reloadQuote(ctx, row.id);
}

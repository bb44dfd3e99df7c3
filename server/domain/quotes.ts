import {
  EDITABLE_STATUSES,
  type InvoiceTotals,
  type LineItemResponse,
  type QuoteResponse,
  type UserModel,
} from '../../common/api';
import {
  centsToAmount,
  centsToTotals,
  MAX_CENTS,
  quoteTotalsCents,
  type TotalsCents,
} from '../../common/money';
import type { Caller, Ctx, UserRow } from '../context';
import { refused } from './errors';
import { attachmentResponse, attachmentsOf } from './attachment-view';
import { lineMoney, lineItemResponse } from './line-item-view';
import type { LineItemRow, QuoteRow } from './rows';
import { partnerById, userById } from './users';

/**
 * The caller's quote, or QUOTE_NOT_FOUND: an unknown id and another partner's id answer the
 * same (as 404 where the endpoint lists 404, else 400: the HTTP layer decides).
 */
export function quoteOf(ctx: Ctx, caller: Caller, id: string): QuoteRow {
  const row = ctx.sql<QuoteRow>('SELECT * FROM quotes WHERE id = ?').get(id);
  if (!row || row.partner_id !== caller.partner.id) {
    throw refused('QUOTE_NOT_FOUND', `quoteId: no quote with id ${id}`);
  }
  if (row.deleted_on) throw refused('QUOTE_ALREADY_DELETED', `quoteId: quote ${id} was deleted`);
  return expireIfDue(ctx, row);
}

/** A sent quote past its expiry becomes expired when it is read (docs/architecture.md#statuses-and-transitions). */
function expireIfDue(ctx: Ctx, row: QuoteRow): QuoteRow {
  if (row.status !== 'sent' || row.expires_on >= new Date().toISOString()) return row;
  const updated = ctx.stamp();
  ctx.sql("UPDATE quotes SET status = 'expired', updated_on = ? WHERE id = ?").run(updated, row.id);
  return { ...row, status: 'expired', updated_on: updated };
}

/** Expires every due quote of a partner before a list is read. */
export function expireDue(ctx: Ctx, partnerId: string): void {
  const now = new Date().toISOString();
  const due = ctx
    .sql<{ n: number }>(
      "SELECT count(*) AS n FROM quotes WHERE partner_id = ? AND status = 'sent' AND expires_on < ? AND deleted_on IS NULL",
    )
    .get(partnerId, now);
  if (!due || due.n === 0) return;
  ctx
    .sql(
      "UPDATE quotes SET status = 'expired', updated_on = ? WHERE partner_id = ? AND status = 'sent' AND expires_on < ? AND deleted_on IS NULL",
    )
    .run(ctx.stamp(), partnerId, now);
}

export function requireEditable(row: QuoteRow): void {
  if (!EDITABLE_STATUSES.includes(row.status)) {
    throw refused(
      'QUOTE_INVALID_STATUS',
      `status: a quote in status ${row.status} cannot be edited (only draft, assigned, changes_requested)`,
    );
  }
}

export function touch(ctx: Ctx, quoteId: string): void {
  ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), quoteId);
}

export function lineItemRows(ctx: Ctx, quoteId: string): LineItemRow[] {
  return ctx
    .sql<LineItemRow>('SELECT * FROM line_items WHERE quote_id = ? ORDER BY position')
    .all(quoteId);
}

function amountsText(cents: TotalsCents): string {
  return Object.values(cents)
    .map((c) => {
      const fixed = (c / 100).toFixed(2);
      return `${String(c / 100)} ${fixed}`;
    })
    .join(' ');
}

/**
 * The quote's totals in cents. Lines that each fit can still add up beyond what common/money
 * holds (MAX_CENTS): that refuses the change that led there (400 QUOTE_VALIDATION naming the
 * total), and the caller's transaction rolls it back.
 */
function quoteCents(lines: LineItemRow[]): TotalsCents {
  try {
    return quoteTotalsCents(lines.map(lineMoney));
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const limit = BigInt(MAX_CENTS);
  const parts = lines.map((l) => JSON.parse(l.totals_json) as TotalsCents);
  // Amounts before costs before profits: the first one named is the one the user typed.
  const field =
    (['initialTotal', 'recurringTotal', 'initialCost', 'recurringCost'] as const).find((f) => {
      const sum = parts.reduce((acc, t) => acc + BigInt(t[f]), 0n);
      return sum > limit || sum < -limit;
    }) ?? 'recurringProfit';
  throw refused(
    'QUOTE_VALIDATION',
    `totals.${field}: the line items add up to more than the largest amount a quote can hold (${centsToAmount(MAX_CENTS)})`,
  );
}

/**
 * Recomputes what the quote row keeps about its lines (totals through common/money, counts,
 * the search text) and stamps `updatedOn`. Called after every change to the lines; `known` are
 * all the quote's lines when the caller has them at hand.
 */
export function refreshAggregates(ctx: Ctx, quoteId: string, known?: LineItemRow[]): void {
  const lines = known ?? lineItemRows(ctx, quoteId);
  const cents = quoteCents(lines);
  const q = ctx
    .sql<Pick<QuoteRow, 'client_name' | 'reference_code' | 'created_by_name'>>(
      'SELECT client_name, reference_code, created_by_name FROM quotes WHERE id = ?',
    )
    .get(quoteId)!;
  const search = [q.client_name, q.reference_code, q.created_by_name, amountsText(cents)]
    .join('\n')
    .toLowerCase();
  ctx
    .sql(
      `UPDATE quotes SET initial_total = ?, initial_cost = ?, recurring_total = ?, recurring_cost = ?,
        count_total = ?, count_custom = ?, count_msp = ?, search_text = ?, updated_on = ? WHERE id = ?`,
    )
    .run(
      cents.initialTotal,
      cents.initialCost,
      cents.recurringTotal,
      cents.recurringCost,
      lines.length,
      lines.filter((l) => l.kind === 'Custom').length,
      lines.filter((l) => l.is_msp_only === 1).length,
      search,
      ctx.stamp(),
      quoteId,
    );
}

export function quoteTotalsOf(row: QuoteRow, currency: string): InvoiceTotals {
  return centsToTotals(
    {
      initialTotal: row.initial_total,
      initialCost: row.initial_cost,
      initialProfit: row.initial_total - row.initial_cost,
      recurringTotal: row.recurring_total,
      recurringCost: row.recurring_cost,
      recurringProfit: row.recurring_total - row.recurring_cost,
    },
    currency,
  );
}

export function userModel(user: UserRow): UserModel {
  return {
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    fullName: user.full_name,
    userRole: user.role,
  };
}

export function quoteResponse(ctx: Ctx, row: QuoteRow): QuoteResponse {
  const partner = partnerById(ctx, row.partner_id)!;
  const client = ctx
    .sql<{ id: string; name: string; is_shadow: number }>(
      'SELECT id, name, is_shadow FROM clients WHERE id = ?',
    )
    .get(row.client_id)!;
  const creator = userById(ctx, row.created_by);
  const owner = row.owned_by ? userById(ctx, row.owned_by) : undefined;
  const lineItems: LineItemResponse[] = lineItemRows(ctx, row.id).map((l) =>
    lineItemResponse(l, partner.currency),
  );
  return {
    id: row.id,
    status: row.status,
    client: { id: client.id, name: client.name, isShadowCompany: client.is_shadow === 1 },
    partner: {
      id: partner.id,
      name: partner.name,
      city: partner.city,
      postcode: partner.postcode,
      stateOrProvinceCode: partner.state_code,
      street: partner.street,
      ...(partner.country ? { country: partner.country } : {}),
      ...(partner.street2 ? { street2: partner.street2 } : {}),
      ...(partner.parent_id
        ? {
            parentPartner: {
              parentPartnerId: partner.parent_id,
              parentPartnerName: partner.parent_name ?? '',
            },
          }
        : {}),
    },
    createdBy: row.created_by_name,
    createdByEmail: creator?.email ?? '',
    createdOn: row.created_on,
    expiresOn: row.expires_on,
    introMessage: row.intro_message,
    termsAndDisclaimers: row.terms,
    published: row.published === 1,
    referenceCode: row.reference_code,
    attachments: attachmentsOf(ctx, row.partner_id, 'quote', row.id).map((a) =>
      attachmentResponse(ctx, a),
    ),
    lineItems,
    totals: quoteTotalsOf(row, partner.currency),
    ...(row.published_on ? { publishedOn: row.published_on } : {}),
    ...(row.responded_on ? { respondedOn: row.responded_on } : {}),
    ...(row.revoked_on ? { revokedOn: row.revoked_on } : {}),
    ...(row.quote_request_id ? { quoteRequestId: row.quote_request_id } : {}),
    ...(row.margin !== null ? { salesMarginPercentage: row.margin } : {}),
    intentType: row.intent_type as QuoteResponse['intentType'],
    ...(owner ? { ownedBy: userModel(owner) } : {}),
    ...(row.accepted_by ? { acceptedBy: JSON.parse(row.accepted_by) } : {}),
    ...(row.declined_by ? { declinedBy: JSON.parse(row.declined_by) } : {}),
    updatedOn: row.updated_on,
  };
}

export function reloadQuote(ctx: Ctx, id: string): QuoteRow {
  return ctx.sql<QuoteRow>('SELECT * FROM quotes WHERE id = ?').get(id)!;
}

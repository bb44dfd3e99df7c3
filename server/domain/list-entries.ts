import type { ListContent } from '../../common/api';
import { centsToAmount } from '../../common/money';
import type { Ctx, PartnerRow } from '../context';

interface EntryRow {
  id: string;
  status: ListContent['status'];
  client_id: string;
  client_name: string;
  is_shadow: number;
  created_by_name: string;
  created_on: string;
  updated_on: string;
  reference_code: string;
  published: number;
  published_on: string | null;
  intent_type: string;
  count_total: number;
  count_custom: number;
  count_msp: number;
  initial_total: number;
  recurring_total: number;
  owner_id: string | null;
  owner_email: string | null;
  owner_name: string | null;
  owner_role: string | null;
}

/** A page's quote, as picked in order: its id and the `updated_on` it has now. */
export interface PagePick {
  id: string;
  updated_on: string;
}

/**
 * Each quote's list entry as JSON text, valid for one `updated_on`. Turning 50 rows of 20 columns
 * into JS values and serialising them again was most of a list request's time; every change to a
 * quote stamps a new, strictly later `updated_on` (Ctx.stamp), so an entry read with the stamp it
 * was built from is never stale. Clients, users and partners behind an entry do not change while
 * the server runs.
 */
const entries = new WeakMap<Ctx, Map<string, { stamp: string; json: string }>>();
/** About 1 KB an entry: a bound of some tens of MB however many quotes are listed. */
const MAX_ENTRIES = 50_000;

function partnerView(partner: PartnerRow): ListContent['partner'] {
  return {
    id: partner.id,
    name: partner.name,
    ...(partner.parent_id
      ? {
          parentPartner: {
            parentPartnerId: partner.parent_id,
            parentPartnerName: partner.parent_name ?? '',
          },
        }
      : {}),
  };
}

function entryOf(r: EntryRow, currency: string, partner: ListContent['partner']): ListContent {
  return {
    id: r.id,
    status: r.status,
    client: { id: r.client_id, name: r.client_name, isShadowCompany: r.is_shadow === 1 },
    createdBy: r.created_by_name,
    createdOn: r.created_on,
    updatedOn: r.updated_on,
    referenceCode: r.reference_code,
    published: r.published === 1,
    lineItemCounts: { custom: r.count_custom, msp: r.count_msp, total: r.count_total },
    totals: {
      initialTotal: { amount: centsToAmount(r.initial_total), currency },
      recurringTotal: { amount: centsToAmount(r.recurring_total), currency },
    },
    ...(r.published_on ? { publishedOn: r.published_on } : {}),
    intentType: r.intent_type as ListContent['intentType'],
    ...(r.owner_id
      ? {
          ownedBy: {
            id: r.owner_id,
            email: r.owner_email ?? '',
            fullName: r.owner_name ?? '',
            role: r.owner_role ?? '',
          },
        }
      : {}),
    partner,
  };
}

/** The `content` array of a list page as JSON text, in the order of `picks`. */
export function listEntriesJson(ctx: Ctx, partner: PartnerRow, picks: PagePick[]): string {
  let cache = entries.get(ctx);
  if (!cache) entries.set(ctx, (cache = new Map()));
  const missing = picks.filter((p) => cache.get(p.id)?.stamp !== p.updated_on).map((p) => p.id);
  if (missing.length > 0) {
    const rows = ctx
      .sql<EntryRow>(
        `SELECT q.id, q.status, q.client_id, q.client_name, c.is_shadow, q.created_by_name, q.created_on,
           q.updated_on, q.reference_code, q.published, q.published_on, q.intent_type, q.count_total,
           q.count_custom, q.count_msp, q.initial_total, q.recurring_total, u.id AS owner_id,
           u.email AS owner_email, u.full_name AS owner_name, u.role AS owner_role
         FROM quotes q JOIN clients c ON c.id = q.client_id LEFT JOIN users u ON u.id = q.owned_by
         WHERE q.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(missing));
    const view = partnerView(partner);
    if (cache.size + rows.length > MAX_ENTRIES) cache.clear();
    for (const r of rows) {
      cache.set(r.id, {
        stamp: r.updated_on,
        json: JSON.stringify(entryOf(r, partner.currency, view)),
      });
    }
  }
  return `[${picks.map((p) => cache.get(p.id)!.json).join(',')}]`;
}

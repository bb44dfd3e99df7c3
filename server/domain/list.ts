import {
  QuoteStatus,
  type ListQuotesQuery,
  type ListResponse,
  type ListStatusCounts,
} from '../../common/api';
import type { Caller, Ctx } from '../context';
import { listEntriesJson, type PagePick } from './list-entries';
import { markBefore, setMark } from './list-marks';
import { expireDue } from './quotes';

/** The index that walks each sort in order (see migrations). */
const SORT_INDEXES: Record<string, string | undefined> = {
  status: 'quotes_sort_status',
  'client.name': 'quotes_sort_client',
  createdBy: 'quotes_sort_creator',
  createdOn: 'quotes_sort_created',
  updatedOn: 'quotes_sort_updated',
  'totals.initialTotal': 'quotes_sort_initial',
  'totals.recurringTotal': 'quotes_sort_recurring',
};

const SORT_COLUMNS: Record<string, string> = {
  id: 'q.id',
  status: 'q.status',
  'client.name': 'q.client_name COLLATE NOCASE',
  createdBy: 'q.created_by_name COLLATE NOCASE',
  createdOn: 'q.created_on',
  updatedOn: 'q.updated_on',
  'totals.initialTotal': 'q.initial_total',
  'totals.recurringTotal': 'q.recurring_total',
};

type Counted = { status: QuoteStatus; n: number }[];
/** The counts of a filter, and for a search with few matches the matching ids themselves. */
interface Matches {
  counts: Counted;
  /** The matching ids as a JSON array (read by `json_each`), made once per version. */
  ids?: string;
}
const caches = new WeakMap<Ctx, Map<string, { version: number; rows: Matches }>>();

/** Up to this many search matches are kept as ids, so the next pages need no text scan. */
const KEPT_MATCHES = 1_000;

/**
 * Status counts need every matching quote, the costliest part of a list; they only change when a
 * quote does, so they are kept until the next change (every change stamps and bumps the version).
 */
function cachedCounts(ctx: Ctx, key: string, compute: () => Matches): Matches {
  let counts = caches.get(ctx);
  if (!counts) caches.set(ctx, (counts = new Map()));
  const hit = counts.get(key);
  if (hit && hit.version === ctx.version) return hit.rows;
  const rows = compute();
  if (counts.size >= 1_000) counts.clear();
  counts.set(key, { version: ctx.version, rows });
  return rows;
}

function emptyCounts(): ListStatusCounts {
  return {
    accepted: 0,
    closed: 0,
    declined: 0,
    draft: 0,
    expired: 0,
    sent: 0,
    pending: 0,
    assigned: 0,
    changes_requested: 0,
  };
}

/** `GET /v2/quotes` with the list semantics of docs/architecture.md#list-semantics, as the response's JSON text. */
export function listQuotes(ctx: Ctx, caller: Caller, q: ListQuotesQuery): string {
  const partner = caller.partner;
  const counts = emptyCounts();
  const page = { number: q.page, size: q.limit, totalElements: 0, totalPages: 0 };
  // Another partner's id finds nothing, exactly like an id that does not exist.
  if (q.partnerId !== undefined && q.partnerId.toLowerCase() !== partner.id.toLowerCase()) {
    return JSON.stringify({ content: [], page, statusCounts: counts } satisfies ListResponse);
  }
  expireDue(ctx, partner.id);

  const where = ['q.partner_id = ?', 'q.deleted_on IS NULL'];
  const args: unknown[] = [partner.id];
  if (q.account === 'user') {
    where.push('(q.created_by = ? OR q.owned_by = ?)');
    args.push(caller.user.id, caller.user.id);
  }
  if (q.intentType) {
    where.push('q.intent_type = ?');
    args.push(q.intentType);
  }
  const term = q.search?.trim().toLowerCase();
  if (term) {
    where.push('instr(q.search_text, ?) > 0');
    args.push(term);
  }
  const base = where.join(' AND ');
  const matches = cachedCounts(ctx, `${base}|${JSON.stringify(args)}`, () => {
    if (!term) {
      const counts = ctx
        .sql<{ status: QuoteStatus; n: number }>(
          `SELECT q.status AS status, count(*) AS n FROM quotes q INDEXED BY quotes_list WHERE ${base} GROUP BY q.status`,
        )
        .all(...args);
      return { counts };
    }
    // A search scans the text of every quote once; its matches are kept with the counts.
    const hits = ctx
      .sql<{ id: string; status: QuoteStatus }>(
        `SELECT q.id AS id, q.status AS status FROM quotes q INDEXED BY quotes_list WHERE ${base}`,
      )
      .all(...args);
    const by = new Map<QuoteStatus, number>();
    for (const h of hits) by.set(h.status, (by.get(h.status) ?? 0) + 1);
    return {
      counts: [...by].map(([status, n]) => ({ status, n })),
      ...(hits.length <= KEPT_MATCHES ? { ids: JSON.stringify(hits.map((h) => h.id)) } : {}),
    };
  });
  const grouped = matches.counts;
  for (const g of grouped) counts[g.status] = g.n;

  const statuses = q.status ? [...new Set(q.status)] : undefined;
  const total = grouped
    .filter((g) => !statuses || statuses.includes(g.status))
    .reduce((s, g) => s + g.n, 0);
  page.totalElements = total;
  page.totalPages = Math.ceil(total / q.limit);

  const content =
    q.page < page.totalPages
      ? listEntriesJson(ctx, partner, pickPage(ctx, q, { base, args, statuses, matches, total }))
      : '[]';
  return `{"content":${content},"page":${JSON.stringify(page)},"statusCounts":${JSON.stringify(counts)}}`;
}

/** What a page is picked from: the list's filter, as `listQuotes` built it. */
interface Pick {
  base: string;
  args: unknown[];
  statuses: QuoteStatus[] | undefined;
  matches: Matches;
  total: number;
}

/** The ids (and stamps) of the page asked for, in order. */
function pickPage(
  ctx: Ctx,
  q: ListQuotesQuery,
  { base, args, statuses, matches, total }: Pick,
): PagePick[] {
  const filter = statuses ? ` AND q.status IN (${statuses.map(() => '?').join(', ')})` : '';
  const field = q.sort?.field ?? 'createdOn';
  const column = SORT_COLUMNS[field]!;
  const dir = (q.sort?.direction ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
  const order = `ORDER BY ${column} ${dir}, q.id ${dir}`;
  const offset = q.page * q.limit;
  // A long list is read page after page: the page before this one left where it ended
  // (list-marks.ts), so this one seeks there in the sort index instead of walking past every
  // row before it. Without a mark (page 0, or the list changed since) OFFSET does it all.
  const index = SORT_INDEXES[field];
  const list = `${base}${filter}|${order}|${JSON.stringify([args, statuses ?? null])}`;
  const mark = !matches.ids && index ? markBefore(ctx, list, offset) : undefined;
  const skip = offset - (mark?.offset ?? 0);
  // Written so the planner seeks with it: the collation on the value, not on the column.
  const [raw, collate] = column.split(' COLLATE ');
  const value = collate ? `? COLLATE ${collate}` : '?';
  const seek = mark ? ` AND (${raw}, q.id) ${dir === 'ASC' ? '>' : '<'} (${value}, ?)` : '';
  // The page's ids are picked first, from an index alone where it can, and only those 50 rows
  // are read and joined (an OFFSET over joined rows reads every skipped row). When matches are
  // plentiful, walking the sort index finds a page after a few entries; when they are rare
  // (a narrow filter or search: no index can seek a match anywhere in the text) they are
  // picked from the covering list index and sorted. The counts tell which.
  const walk = total > 4 * (skip + q.limit) ? index : undefined;
  const from = matches.ids
    ? `(SELECT q.id FROM quotes q WHERE q.id IN (SELECT value FROM json_each(?))${filter} ${order} LIMIT ? OFFSET ?) h
       JOIN quotes q ON q.id = h.id`
    : `(SELECT q.id FROM quotes q INDEXED BY ${walk ?? 'quotes_list'} WHERE ${base}${filter}${seek} ${order} LIMIT ? OFFSET ?) h
       JOIN quotes q ON q.id = h.id`;
  // Only the page's ids, stamps and sort keys are read here; the entries come from listEntriesJson.
  const picks = ctx
    .sql<PagePick & { k: unknown }>(
      `SELECT q.id, q.updated_on, ${column} AS k FROM ${from} ${order}`,
    )
    .all(
      ...(matches.ids ? [matches.ids] : args),
      ...(statuses ?? []),
      ...(mark ? mark.key : []),
      q.limit,
      skip,
    );
  const last = picks[picks.length - 1];
  if (index && !matches.ids && last) setMark(ctx, list, offset + picks.length, [last.k, last.id]);
  return picks;
}

import type Database from 'better-sqlite3-multiple-ciphers';
import { ListQuotesQuery, type SortField } from '../../../common/api';
import type { RecurringByPeriod } from '../../../common/money';
import { MEMORY_SORTS, type ListFacts, type MemorySort, type RowFilter } from './list-facts';
import { listedFields, type ListedRow } from './list-row';
import { searchQuery } from './search';
import type { Identity, ListEntry, ListQuery, ListResult, SyncState } from '../types';
import { check } from '../quote/validate';

const SORT_SQL: Record<SortField, string> = {
  id: 'q.id',
  status: 'q.status',
  'client.name': 'q.client_name COLLATE NOCASE',
  createdBy: 'q.created_by COLLATE NOCASE',
  createdOn: 'q.created_on',
  updatedOn: 'q.updated_on',
  'totals.initialTotal': 'q.initial_total',
  'totals.recurringTotal': 'q.recurring_total',
};

/**
 * The index that yields each sort order as it is scanned (row id last, as the tie-break); the
 * other orders are held in memory (list-facts.ts, MEMORY_SORTS).
 */
const SORT_INDEX: Record<Exclude<SortField, MemorySort>, string> = {
  id: 'quotes_id',
  status: 'quotes_status',
  createdBy: 'quotes_creator',
  createdOn: 'quotes_created',
  updatedOn: 'quotes_updated',
};

function inMemory(field: SortField): field is MemorySort {
  return (MEMORY_SORTS as readonly string[]).includes(field);
}

/** Above this many rows to list, a page behind a search or "mine" is found by walking the sort index. */
const DENSE_MATCHES = 2000;

interface Row extends ListedRow {
  recurring_periods: string;
  generation: number;
  synced_generation: number;
  deleted: number;
  sync_state: SyncState;
  open_conflicts: number;
  stub: number;
}

const COLUMNS =
  'q.id, q.server_id, q.status, q.client_id, q.client_name, q.client_shadow, q.created_by, q.created_on, q.updated_on, q.reference_code, q.published, q.published_on, q.intent_type, q.owner_id, q.currency, q.initial_total, q.recurring_total, q.recurring_periods, q.items_total, q.items_custom, q.items_msp, q.generation, q.synced_generation, q.deleted, (SELECT y.state FROM quote_sync y WHERE y.qrow = q.qrow) AS sync_state, q.open_conflicts, EXISTS (SELECT 1 FROM quote_stubs s WHERE s.qrow = q.qrow) AS stub';

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** List queries vary in shape; each shape is compiled once per connection. */
function prepared(db: Database.Database, sql: string): Database.Statement {
  let m = statements.get(db);
  if (!m) statements.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) {
    if (m.size > 200) m.clear();
    m.set(sql, (s = db.prepare(sql)));
  }
  return s;
}

function entry(r: Row): ListEntry {
  return {
    id: r.id,
    serverId: r.server_id,
    ...listedFields(r),
    publishedOn: r.published_on,
    intentType: r.intent_type,
    ownerId: r.owner_id,
    recurringByPeriod: JSON.parse(r.recurring_periods) as RecurringByPeriod,
    dirty: r.generation > r.synced_generation || r.deleted === 1,
    syncState: r.sync_state,
    openConflicts: r.open_conflicts,
    stub: r.stub === 1,
  };
}

/** The list entries of `picked` row ids, in that order. */
function rowsOf(db: Database.Database, picked: number[]): ListEntry[] {
  if (!picked.length) return [];
  const rows = prepared(
    db,
    `SELECT ${COLUMNS}, q.qrow AS qrow FROM quotes q WHERE q.qrow IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(picked)) as (Row & { qrow: number })[];
  const byRow = new Map(rows.map((r) => [r.qrow, r]));
  return picked.map((qr) => entry(byRow.get(qr)!));
}

/**
 * The filters of a list other than status and search (account, partner, intent), on a table
 * named `T` (replace the prefix with the alias in use), with their parameters.
 */
export function accountFilters(
  q: Pick<ListQuery, 'account' | 'partnerId' | 'intentType'>,
  identity: Identity | null,
): { filters: string[]; params: Record<string, unknown> } {
  const filters: string[] = [];
  const params: Record<string, unknown> = {};
  if (q.account === 'user' && identity) {
    filters.push('(T.created_by_email = @meEmail OR T.owner_id = @meId)');
    params.meEmail = identity.user.email;
    params.meId = identity.user.id;
  }
  if (q.partnerId) {
    filters.push('T.partner_id = @partnerId');
    params.partnerId = q.partnerId;
  }
  if (q.intentType) {
    filters.push('T.intent_type = @intentType');
    params.intentType = q.intentType;
  }
  return { filters, params };
}

/**
 * `GET /v2/quotes` over the local store: status filter (comma list), search, the API's sort
 * fields, paging as the spec counts it, and status counts over every filter but status.
 */
// long: one SQL query built from the list's filters, sort and paging, with the status counts beside it
export function listQuotes(
  db: Database.Database,
  input: ListQuery,
  identity: Identity | null,
  facts: ListFacts,
): ListResult {
  const q = check(ListQuotesQuery, input ?? {}, '', 'INVALID_REQUEST_PARAMETER');
  // Filters other than status and search, on quotes (q).
  const { filters, params } = accountFilters(q, identity);
  const where = ['q.deleted = 0', ...filters.map((f) => f.replaceAll('T.', 'q.'))];
  const fts = q.search ? searchQuery(q.search, (word) => facts.amountMatches(word)) : null;
  const filterParams = params as RowFilter;

  // The status counts: over the search's matches, or over every row — counted in memory
  // (list-facts.ts), never by a table kept in step on every write.
  const matches = fts
    ? (prepared(db, fts.sql)
        .pluck()
        .all(...fts.params) as number[])
    : null;
  const counts: ListResult['statusCounts'] = facts.count(matches, filterParams);

  const statuses = q.status ? [...new Set(q.status)] : null;
  const totalElements = statuses
    ? statuses.reduce((n, s) => n + counts[s], 0)
    : Object.values(counts).reduce((a, b) => a + b, 0);
  const totalPages = Math.ceil(totalElements / q.limit);
  const page = { number: q.page, size: q.limit, totalElements, totalPages };
  if (q.page >= totalPages) return { content: [], page, statusCounts: counts };

  const sort = q.sort ?? { field: 'updatedOn' as const, direction: 'desc' as const };
  const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
  const order = `ORDER BY ${SORT_SQL[sort.field]} ${dir}, q.qrow ${dir}`;
  const offset = q.page * q.limit;

  const mine = q.account === 'user' && identity !== null;
  // The window's first rows at launch, before the facts are built: "mine" in an indexed order
  // is the query below, its sort index walked by SQLite (the counts above were SQLite's too).
  const early = !matches && !statuses && !inMemory(sort.field) && facts.answersInSql();
  if (!early && (matches || mine || statuses || inMemory(sort.field))) {
    // Rows pass a filter no index sorts by (a search, "mine": created or owned, a status), or
    // the order is held in memory: select them in memory. Few: sort just those. Many: mark
    // them and walk the order — the sort index alone, no table lookups, or the order in
    // memory — until the page is full, instead of sorting them all.
    // Without a search, the counts above already say how many rows pass: a long list of
    // them is only made when it is short enough to sort.
    const selected =
      matches || totalElements <= DENSE_MATCHES
        ? facts.select(matches, filterParams, statuses)
        : null;
    if (selected && selected.length <= DENSE_MATCHES) {
      // The default order is sorted in memory; any other by SQLite, over row id and sort key
      // alone. Either way only the page's rows are read whole: sorting whole rows would read
      // every match's row, sync state and stub mark.
      const inMemory =
        sort.field === 'updatedOn'
          ? facts.pageByUpdated(selected, sort.direction === 'desc', offset, q.limit)
          : null;
      // NOT INDEXED: wanting only the row id, SQLite would rather scan a whole sort index (it
      // covers the query and needs no sort) than look up the matches: 100,000 entries for 1,000.
      const picked =
        inMemory ??
        (prepared(
          db,
          `SELECT q.qrow FROM quotes q NOT INDEXED WHERE q.deleted = 0 AND q.qrow IN (SELECT value FROM json_each(?)) ${order} LIMIT ? OFFSET ?`,
        )
          .pluck()
          .all(JSON.stringify(selected), q.limit, offset) as number[]);
      return { content: rowsOf(db, picked), page, statusCounts: counts };
    }
    let hit: (qrow: number) => boolean;
    if (selected) {
      let max = 0;
      for (const m of selected) if (m > max) max = m;
      const marks = new Uint8Array(max + 1);
      for (const m of selected) marks[m] = 1;
      hit = (qrow) => marks[qrow] === 1;
    } else hit = facts.passes(filterParams, statuses);
    if (inMemory(sort.field)) {
      const picked = facts.pageBy(sort.field, sort.direction === 'desc', hit, offset, q.limit);
      return { content: rowsOf(db, picked), page, statusCounts: counts };
    }
    const index = SORT_INDEX[sort.field];
    const walk = prepared(
      db,
      `SELECT q.qrow FROM quotes q INDEXED BY ${index} WHERE q.deleted = 0 ${order} LIMIT ? OFFSET ?`,
    ).pluck();
    const picked: number[] = [];
    let seen = 0;
    // In growing chunks: stepping a statement row by row from JavaScript costs more than
    // SQLite skipping rows it already returned.
    for (let from = 0, chunk = 512; picked.length < q.limit; from += chunk, chunk *= 2) {
      const rows = walk.all(chunk, from) as number[];
      for (const qrow of rows) {
        if (!hit(qrow)) continue;
        if (seen++ < offset) continue;
        picked.push(qrow);
        if (picked.length >= q.limit) break;
      }
      if (rows.length < chunk) break;
    }
    return { content: rowsOf(db, picked), page, statusCounts: counts };
  }

  const sql = `SELECT ${COLUMNS} FROM quotes q WHERE ${where.join(' AND ')} ${order} LIMIT @limit OFFSET @offset`;
  params.limit = q.limit;
  params.offset = offset;
  const rows = prepared(db, sql).all(params) as Row[];
  return { content: rows.map(entry), page, statusCounts: counts };
}

// The pipeline at a glance: initial and recurring totals per status over every quote the
// list's filters match (all but `status`, as the list's status counts), summed in SQLite over
// the integer-cent list columns: exact, offline, and without reading a single working copy.
import type Database from 'better-sqlite3-multiple-ciphers';
import { ListQuotesQuery, QuoteStatus } from '../../common/api';
import type { ListFacts } from './listFacts';
import { accountFilters } from './list';
import { searchQuery } from './search';
import type { Identity, ListQuery } from './types';
import { check } from './validate';

export interface PipelineRow {
  status: QuoteStatus;
  currency: string;
  count: number;
  initialCents: number;
  recurringCents: number;
}

export function pipelineTotals(
  db: Database.Database,
  input: Pick<ListQuery, 'search' | 'account' | 'partnerId' | 'intentType'>,
  identity: Identity | null,
  facts: ListFacts,
): PipelineRow[] {
  const q = check(ListQuotesQuery, input ?? {}, '', 'INVALID_REQUEST_PARAMETER');
  // The list's own filters, so the chart always sums what the list shows.
  const { filters, params: f } = accountFilters(q, identity);
  const where = ['q.deleted = 0', ...filters.map((x) => x.replaceAll('T.', 'q.'))];
  const sums =
    'q.status AS status, q.currency AS currency, count(*) AS count, ' +
    'sum(q.initial_total) AS initialCents, sum(q.recurring_total) AS recurringCents';
  let rows: PipelineRow[];
  const fts = q.search ? searchQuery(q.search, (word) => facts.amountMatches(word)) : null;
  if (fts) {
    const matches = db
      .prepare(fts.sql)
      .pluck()
      .all(...fts.params) as number[];
    const selected = facts.select(matches, f, null);
    rows = db
      .prepare(
        `SELECT ${sums} FROM quotes q WHERE q.deleted = 0 AND q.qrow IN (SELECT value FROM json_each(?)) GROUP BY q.status, q.currency`,
      )
      .all(JSON.stringify(selected)) as PipelineRow[];
  } else {
    rows = db
      .prepare(
        `SELECT ${sums} FROM quotes q WHERE ${where.join(' AND ')} GROUP BY q.status, q.currency`,
      )
      .all(f) as PipelineRow[];
  }
  const rank = new Map(QuoteStatus.options.map((s, i) => [s, i]));
  return rows.sort(
    (a, b) => rank.get(a.status)! - rank.get(b.status)! || a.currency.localeCompare(b.currency),
  );
}

// The pipeline at a glance: initial and recurring totals per status over every quote the
// list's filters match (all but `status`, as the list's status counts), summed in SQLite over
// the integer-cent list columns: exact, offline, and without reading a single working copy.
// Recurring money is summed per billing period too (from the list row's per-period cents, the
// split `recurringPerPeriod` made when the row was written): a chart that added monthly and
// yearly amounts would show a figure that is neither.
import type Database from 'better-sqlite3-multiple-ciphers';
import { RECURRING_PERIODS, type RecurringByPeriod } from '../../../common/money';
import { ListQuotesQuery, QuoteStatus } from '../../../common/api';
import type { ListFacts } from './list-facts';
import { accountFilters } from './list';
import { searchQuery } from './search';
import type { Identity, ListQuery } from '../types';
import { check } from '../quote/validate';

export interface PipelineRow {
  status: QuoteStatus;
  currency: string;
  count: number;
  initialCents: number;
  /** The API's recurringTotal summed: every period added together. */
  recurringCents: number;
  /** Recurring cents per billing period (periods summing to 0 left out). */
  recurringByPeriod: RecurringByPeriod;
}

type SumRow = Omit<PipelineRow, 'recurringByPeriod'> & Record<string, number>;

const PERIOD_SUMS = RECURRING_PERIODS.map(
  (p) => `sum(coalesce(json_extract(q.recurring_periods, '$.${p}'), 0)) AS "p_${p}"`,
).join(', ');

function rowOf(r: SumRow): PipelineRow {
  const recurringByPeriod: RecurringByPeriod = {};
  for (const p of RECURRING_PERIODS) if (r[`p_${p}`]) recurringByPeriod[p] = r[`p_${p}`];
  return {
    status: r.status,
    currency: r.currency,
    count: r.count,
    initialCents: r.initialCents,
    recurringCents: r.recurringCents,
    recurringByPeriod,
  };
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
    'sum(q.initial_total) AS initialCents, sum(q.recurring_total) AS recurringCents, ' +
    PERIOD_SUMS;
  let rows: SumRow[];
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
      .all(JSON.stringify(selected)) as SumRow[];
  } else {
    rows = db
      .prepare(
        `SELECT ${sums} FROM quotes q WHERE ${where.join(' AND ')} GROUP BY q.status, q.currency`,
      )
      .all(f) as SumRow[];
  }
  const rank = new Map(QuoteStatus.options.map((s, i) => [s, i]));
  return rows
    .map(rowOf)
    .sort(
      (a, b) => rank.get(a.status)! - rank.get(b.status)! || a.currency.localeCompare(b.currency),
    );
}

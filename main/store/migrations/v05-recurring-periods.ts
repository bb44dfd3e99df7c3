import { parseDoc, recurringByPeriod } from '../quote/totals';
import type { Migration } from './migration';

// The list shows recurring money per billing period (a monthly and a yearly amount added
// up mean nothing): JSON of cents per period, derived from the lines like the totals.
export const v05RecurringPeriods: Migration = {
  version: 5,
  name: 'recurring money per billing period',
  up: (db) => {
    db.exec("ALTER TABLE quotes ADD COLUMN recurring_periods TEXT NOT NULL DEFAULT '{}';");
    const set = db.prepare('UPDATE quotes SET recurring_periods = ? WHERE qrow = ?');
    // In batches: a connection cannot write while it iterates.
    const batch = db.prepare<[number], { qrow: number; doc: string }>(
      'SELECT qrow, doc FROM quote_work WHERE qrow > ? ORDER BY qrow LIMIT 500',
    );
    for (let rows = batch.all(0); rows.length; rows = batch.all(rows[rows.length - 1]!.qrow)) {
      for (const row of rows)
        set.run(JSON.stringify(recurringByPeriod(parseDoc(row.doc))), row.qrow);
    }
  },
};

import type { Migration } from './migration';

// Every quote written — an edit's new totals, and above all the 100,000 list entries of a large
// partner's first sign-in — paid for twenty index entries and a trigger. The status counts and
// the status filter of a list are now answered from the list's facts in memory (list-facts.ts:
// one byte of status per row, counted or filtered in well under a millisecond at 100,000), so
// the counts table, its three triggers (an upsert per inserted row: half of a list entry's
// insert) and the seven (status, sort key) indexes go: a status-filtered page walks the sort
// key's own index and keeps the rows whose status is wanted, as a search's page does. The
// orders by client name and by the totals are held in memory too (list-facts.ts): their
// indexes took each new row at a random place, a page rewritten per row.
export const v13LeanListIndexes: Migration = {
  version: 13,
  name: 'status counts, status filter and three sort orders from memory: fewer list indexes',
  up: (db) =>
    db.exec(`DROP TRIGGER status_counts_insert;
DROP TRIGGER status_counts_delete;
DROP TRIGGER status_counts_update;
DROP TABLE status_counts;
DROP INDEX quotes_status_updated;
DROP INDEX quotes_status_created;
DROP INDEX quotes_status_client;
DROP INDEX quotes_status_creator;
DROP INDEX quotes_status_initial;
DROP INDEX quotes_status_recurring;
DROP INDEX quotes_status_id;
DROP INDEX quotes_client;
DROP INDEX quotes_initial;
DROP INDEX quotes_recurring;`),
};

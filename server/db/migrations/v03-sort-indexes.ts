import type { Migration } from './migration';

// Sort indexes end in the id tie-break and skip deleted quotes, so a page is read straight
// from the index even where many quotes share a value (a client's name, a zero total).
const sql = `
  DROP INDEX quotes_partner_created;
  DROP INDEX quotes_partner_updated;
  DROP INDEX quotes_partner_initial;
  DROP INDEX quotes_partner_recurring;
  DROP INDEX quotes_partner_client;
  DROP INDEX quotes_partner_creator;
  CREATE INDEX quotes_sort_created ON quotes(partner_id, deleted_on, created_on, id);
  CREATE INDEX quotes_sort_updated ON quotes(partner_id, deleted_on, updated_on, id);
  CREATE INDEX quotes_sort_initial ON quotes(partner_id, deleted_on, initial_total, id);
  CREATE INDEX quotes_sort_recurring ON quotes(partner_id, deleted_on, recurring_total, id);
  CREATE INDEX quotes_sort_client ON quotes(partner_id, deleted_on, client_name COLLATE NOCASE, id);
  CREATE INDEX quotes_sort_creator ON quotes(partner_id, deleted_on, created_by_name COLLATE NOCASE, id);
  CREATE INDEX quotes_sort_status ON quotes(partner_id, deleted_on, status, id);
`;

export const v03SortIndexes: Migration = {
  version: 3,
  name: 'sort indexes with the id tie-break',
  up: (db) => db.exec(sql),
};

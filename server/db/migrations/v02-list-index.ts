import type { Migration } from './migration';

// The quote list: one covering index answers the filters, the counts and a search without
// touching the table; one index per sort field walks a page in order.
const sql = `
  CREATE INDEX quotes_list ON quotes(partner_id, deleted_on, status, intent_type, created_by, owned_by,
    search_text, updated_on, created_on, initial_total, recurring_total, client_name, created_by_name, id);
  CREATE INDEX quotes_partner_initial ON quotes(partner_id, initial_total);
  CREATE INDEX quotes_partner_recurring ON quotes(partner_id, recurring_total);
  CREATE INDEX quotes_partner_client ON quotes(partner_id, client_name COLLATE NOCASE);
  CREATE INDEX quotes_partner_creator ON quotes(partner_id, created_by_name COLLATE NOCASE);
  DROP INDEX quotes_partner_status;
`;

export const v02ListIndex: Migration = {
  version: 2,
  name: 'quote list index',
  up: (db) => db.exec(sql),
};

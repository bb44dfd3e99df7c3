import { amountsText, codesText, searchDoc } from '../list/list-row';
import { parseDoc } from '../quote/totals';
import type { Migration } from './migration';

// Version 2: the list's sort and filter indexes, status counts kept by triggers, full-text
// search (filled from the quotes already in the file) and the caches for offline work.
const sql = `
-- Sort and filter indexes of the list; partial on live rows, as every list query is.
CREATE INDEX quotes_updated ON quotes(updated_on) WHERE deleted = 0;
CREATE INDEX quotes_created ON quotes(created_on) WHERE deleted = 0;
CREATE INDEX quotes_client ON quotes(client_name COLLATE NOCASE) WHERE deleted = 0;
CREATE INDEX quotes_creator ON quotes(created_by COLLATE NOCASE) WHERE deleted = 0;
CREATE INDEX quotes_initial ON quotes(initial_total) WHERE deleted = 0;
CREATE INDEX quotes_recurring ON quotes(recurring_total) WHERE deleted = 0;
CREATE INDEX quotes_status ON quotes(status) WHERE deleted = 0;
CREATE INDEX quotes_id ON quotes(id) WHERE deleted = 0;
CREATE INDEX quotes_status_updated ON quotes(status, updated_on) WHERE deleted = 0;
CREATE INDEX quotes_status_created ON quotes(status, created_on) WHERE deleted = 0;
CREATE INDEX quotes_status_client ON quotes(status, client_name COLLATE NOCASE) WHERE deleted = 0;
CREATE INDEX quotes_status_creator ON quotes(status, created_by COLLATE NOCASE) WHERE deleted = 0;
CREATE INDEX quotes_status_initial ON quotes(status, initial_total) WHERE deleted = 0;
CREATE INDEX quotes_status_recurring ON quotes(status, recurring_total) WHERE deleted = 0;
CREATE INDEX quotes_status_id ON quotes(status, id) WHERE deleted = 0;
CREATE INDEX quotes_dirty ON quotes(qrow) WHERE generation > synced_generation OR deleted = 1;
CREATE INDEX quotes_creator_email ON quotes(created_by_email) WHERE deleted = 0;
CREATE INDEX quotes_owner ON quotes(owner_id) WHERE deleted = 0;

-- Status counts of the list without a search, kept by triggers: counting 100,000 rows on
-- every page would cost more than the page itself. One row per combination of the
-- list's other filters, so every filter but status and search is answered here.
CREATE TABLE status_counts (
  status TEXT NOT NULL,
  created_by_email TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  intent_type TEXT NOT NULL,
  partner_id TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (status, created_by_email, owner_id, intent_type, partner_id)
) WITHOUT ROWID;
INSERT INTO status_counts
  SELECT status, created_by_email, coalesce(owner_id, ''), coalesce(intent_type, ''), coalesce(partner_id, ''), count(*)
  FROM quotes WHERE deleted = 0 GROUP BY 1, 2, 3, 4, 5;
CREATE TRIGGER status_counts_insert AFTER INSERT ON quotes WHEN new.deleted = 0 BEGIN
  INSERT INTO status_counts VALUES (new.status, new.created_by_email, coalesce(new.owner_id, ''), coalesce(new.intent_type, ''), coalesce(new.partner_id, ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER status_counts_delete AFTER DELETE ON quotes WHEN old.deleted = 0 BEGIN
  UPDATE status_counts SET n = n - 1 WHERE status = old.status AND created_by_email = old.created_by_email
    AND owner_id = coalesce(old.owner_id, '') AND intent_type = coalesce(old.intent_type, '') AND partner_id = coalesce(old.partner_id, '');
END;
CREATE TRIGGER status_counts_update AFTER UPDATE OF status, deleted, created_by_email, owner_id, intent_type, partner_id ON quotes
WHEN old.status IS NOT new.status OR old.deleted IS NOT new.deleted OR old.created_by_email IS NOT new.created_by_email
  OR old.owner_id IS NOT new.owner_id OR old.intent_type IS NOT new.intent_type OR old.partner_id IS NOT new.partner_id
BEGIN
  UPDATE status_counts SET n = n - 1 WHERE old.deleted = 0 AND status = old.status AND created_by_email = old.created_by_email
    AND owner_id = coalesce(old.owner_id, '') AND intent_type = coalesce(old.intent_type, '') AND partner_id = coalesce(old.partner_id, '');
  INSERT INTO status_counts SELECT new.status, new.created_by_email, coalesce(new.owner_id, ''), coalesce(new.intent_type, ''), coalesce(new.partner_id, ''), 1
    WHERE new.deleted = 0
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- Full-text search over what a salesperson types to find a quote. Contentless: the text
-- lives in the documents, the index only maps tokens to quotes.
CREATE VIRTUAL TABLE quote_search USING fts5(
  client, reference, creator, products, notes,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE VIRTUAL TABLE quote_codes USING fts5(
  codes, content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '-'", prefix = '3'
);
CREATE VIRTUAL TABLE quote_amounts USING fts5(
  amounts, content = '', contentless_delete = 1, tokenize = 'unicode61', prefix = '1 2 3'
);

-- Caches for offline work.
CREATE TABLE companies (id TEXT PRIMARY KEY, name TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX companies_name ON companies(name COLLATE NOCASE);
CREATE TABLE products (id TEXT PRIMARY KEY, name TEXT NOT NULL, sku TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX products_name ON products(name COLLATE NOCASE);
CREATE TABLE pricing (product_id TEXT PRIMARY KEY, doc TEXT NOT NULL, fetched_at TEXT NOT NULL);
CREATE TABLE commitment_terms (id TEXT PRIMARY KEY, term TEXT NOT NULL);
CREATE TABLE library_attachments (
  id TEXT PRIMARY KEY,
  ord INTEGER NOT NULL,
  doc TEXT NOT NULL,
  sha256 TEXT,
  size INTEGER
);
`;

export const v02ListAndSearch: Migration = {
  version: 2,
  name: 'list indexes, status counts, search and caches',
  up: (db) => {
    db.exec(sql);
    const insert = db.prepare(
      'INSERT INTO quote_search(rowid, client, reference, creator, products, notes) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const amounts = db.prepare('INSERT INTO quote_amounts(rowid, amounts) VALUES (?, ?)');
    const codes = db.prepare('INSERT INTO quote_codes(rowid, codes) VALUES (?, ?)');
    // In batches: a connection cannot write while it iterates.
    const batch = db.prepare<[number], { qrow: number; doc: string }>(
      'SELECT qrow, doc FROM quote_work WHERE qrow > ? ORDER BY qrow LIMIT 500',
    );
    for (let rows = batch.all(0); rows.length; rows = batch.all(rows[rows.length - 1]!.qrow)) {
      for (const row of rows) {
        const w = parseDoc(row.doc);
        const d = searchDoc(w);
        insert.run(row.qrow, d.client, d.reference, d.creator, d.products, d.notes);
        amounts.run(row.qrow, amountsText(w));
        codes.run(row.qrow, codesText(d));
      }
    }
  },
};

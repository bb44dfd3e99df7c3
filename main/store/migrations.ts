import type Database from 'better-sqlite3';
import { amountsText, codesText, searchDoc } from './listRow';
import { recurringByPeriod } from './totals';
import { parseDoc } from './totals';

/**
 * Forward-only schema migrations, tracked in `PRAGMA user_version`. A migration is never
 * edited once released: a change is a new entry at the end. Each runs in its own transaction.
 */
export interface Migration {
  version: number;
  up(db: Database.Database): void;
}

const v1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- One row per quote: the columns the list shows, sorts and filters on, kept in step with
-- the working copy by every write so listing never parses documents.
CREATE TABLE quotes (
  qrow INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  server_id TEXT UNIQUE,
  status TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  client_shadow INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  created_by_email TEXT NOT NULL,
  owner_id TEXT,
  partner_id TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  reference_code TEXT NOT NULL,
  published INTEGER NOT NULL,
  published_on TEXT,
  intent_type TEXT,
  currency TEXT NOT NULL,
  initial_total INTEGER NOT NULL,
  recurring_total INTEGER NOT NULL,
  items_total INTEGER NOT NULL,
  items_custom INTEGER NOT NULL,
  items_msp INTEGER NOT NULL,
  generation INTEGER NOT NULL DEFAULT 0,
  synced_generation INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0,
  sync_state TEXT NOT NULL DEFAULT 'pending',
  sync_message TEXT,
  open_conflicts INTEGER NOT NULL DEFAULT 0
);

-- Documents live apart from the list row so scanning the list never reads them.
CREATE TABLE quote_work (qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE, doc TEXT NOT NULL);
CREATE TABLE quote_base (qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE, doc TEXT NOT NULL);

CREATE TABLE id_map (
  kind TEXT NOT NULL,
  local_id TEXT NOT NULL,
  server_id TEXT NOT NULL,
  quote_id TEXT,
  PRIMARY KEY (kind, local_id),
  UNIQUE (kind, server_id)
);
CREATE INDEX id_map_quote ON id_map(quote_id);

CREATE TABLE journal (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id TEXT,
  op TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  body TEXT,
  state TEXT NOT NULL CHECK (state IN ('planned', 'in_flight', 'done', 'unknown')),
  result TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX journal_quote ON journal(quote_id, id);
CREATE INDEX journal_state ON journal(state);

CREATE TABLE conflicts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id TEXT NOT NULL,
  entity_kind TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  field TEXT NOT NULL,
  base TEXT,
  local TEXT,
  remote TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT,
  resolution TEXT
);
CREATE INDEX conflicts_quote ON conflicts(quote_id, resolved_at);

-- Undo / redo: the working copy as it was before each local edit.
CREATE TABLE history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  qrow INTEGER NOT NULL REFERENCES quotes(qrow) ON DELETE CASCADE,
  stack TEXT NOT NULL CHECK (stack IN ('undo', 'redo')),
  label TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX history_quote ON history(qrow, stack, id);

CREATE TABLE blobs (sha256 TEXT PRIMARY KEY, size INTEGER NOT NULL, created_at TEXT NOT NULL);
`;

const v2 = `
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

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, up: (db) => db.exec(v1) },
  {
    version: 2,
    up: (db) => {
      db.exec(v2);
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
  },
  {
    // Amounts are searched in memory from the list rows' totals (amountSearch.ts): their
    // full-text index cost every price or quantity edit a rewrite of its entry.
    version: 3,
    up: (db) => db.exec('DROP TABLE quote_amounts;'),
  },
  {
    // Quotes whose full-text entries lag behind their working copy (`codes`: the codes entry
    // too). Rewriting a full quote's entries cost an edit a third of its commit; the edit now
    // records its quote here, and the entries are rewritten when the store is idle or before
    // the next search (searchIndex.ts). Kept in the file, so a crash in between loses nothing.
    version: 4,
    up: (db) =>
      db.exec('CREATE TABLE search_pending (qrow INTEGER PRIMARY KEY, codes INTEGER NOT NULL);'),
  },
  {
    // The list shows recurring money per billing period (a monthly and a yearly amount added
    // up mean nothing): JSON of cents per period, derived from the lines like the totals.
    version: 5,
    up: (db) => {
      db.exec("ALTER TABLE quotes ADD COLUMN recurring_periods TEXT NOT NULL DEFAULT '{}';");
      const set = db.prepare('UPDATE quotes SET recurring_periods = ? WHERE qrow = ?');
      const batch = db.prepare<[number], { qrow: number; doc: string }>(
        'SELECT qrow, doc FROM quote_work WHERE qrow > ? ORDER BY qrow LIMIT 500',
      );
      for (let rows = batch.all(0); rows.length; rows = batch.all(rows[rows.length - 1]!.qrow)) {
        for (const row of rows)
          set.run(JSON.stringify(recurringByPeriod(parseDoc(row.doc))), row.qrow);
      }
    },
  },
  {
    // Quotes known only by their list entry (stubs.ts): listed at once on a first sign-in,
    // their aggregates read in the background, newest change first.
    version: 6,
    up: (db) =>
      db.exec(`CREATE TABLE quote_stubs (
  qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE,
  server_id TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  entry TEXT NOT NULL
);
CREATE INDEX quote_stubs_updated ON quote_stubs(updated_on);`),
  },
  {
    // One owner of a quote's sync state (quote-sync.ts, sync-state.ts): the state and its
    // message leave \`quotes\`, and the engine's per-quote bookkeeping leaves \`meta\`, for a
    // table of their own, one row per quote.
    version: 7,
    up: (db) => {
      db.exec(`CREATE TABLE quote_sync (
  qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'pending',
  last_error TEXT,
  retry_at TEXT,
  delete_held_until TEXT,
  conflicts_settled INTEGER NOT NULL DEFAULT 0,
  pushed TEXT,
  kept TEXT
);
INSERT INTO quote_sync (qrow, state, last_error) SELECT qrow, sync_state, sync_message FROM quotes;`);
      const qrowOf = db.prepare<[string], number>('SELECT qrow FROM quotes WHERE id = ?').pluck();
      const keys = [
        ['sync.deleteHeldUntil.', "delete_held_until = json_extract(?, '$')"],
        ['sync.conflictsSettled.', "conflicts_settled = json_extract(?, '$')"],
        ['sync.pushed.', 'pushed = ?'],
        ['sync.keep.', 'kept = ?'],
      ] as const;
      for (const [prefix, set] of keys) {
        const update = db.prepare<[string, number]>(`UPDATE quote_sync SET ${set} WHERE qrow = ?`);
        const rows = db
          .prepare<[{ p: string }], { key: string; value: string }>(
            'SELECT key, value FROM meta WHERE substr(key, 1, length(@p)) = @p',
          )
          .all({ p: prefix });
        for (const r of rows) {
          // A key of a quote no longer here was left over: it goes with the others.
          const qrow = qrowOf.get(r.key.slice(prefix.length));
          if (qrow !== undefined) update.run(r.value, qrow);
        }
        db.prepare('DELETE FROM meta WHERE substr(key, 1, length(@p)) = @p').run({ p: prefix });
      }
      db.exec(
        'ALTER TABLE quotes DROP COLUMN sync_state; ALTER TABLE quotes DROP COLUMN sync_message;',
      );
    },
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs every migration above the file's version, up to `target` (tests stop early). */
export function migrate(db: Database.Database, target: number = LATEST_VERSION): number {
  let version = schemaVersion(db);
  for (const m of MIGRATIONS) {
    if (m.version <= version || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    version = m.version;
  }
  return version;
}

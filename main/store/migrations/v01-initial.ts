import type { Migration } from './migration';

// Version 1: the first released schema. Quotes as list rows beside their documents, the id
// map, the request journal, conflicts, undo/redo and the attachment files' record.
const sql = `
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

export const v01Initial: Migration = {
  version: 1,
  name: 'initial',
  up: (db) => db.exec(sql),
};

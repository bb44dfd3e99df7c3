import type { Migration } from './migration';

// Version 1: the first released schema — partners, users and their credentials, clients,
// the catalogue and its pricing, preferences, quotes with their line items, sections and
// access lists, and one table for the three homes of an attachment.
const sql = `
  CREATE TABLE partners (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    street TEXT NOT NULL,
    street2 TEXT,
    city TEXT NOT NULL,
    postcode TEXT NOT NULL,
    state_code TEXT NOT NULL,
    country TEXT,
    parent_id TEXT,
    parent_name TEXT,
    currency TEXT NOT NULL,
    next_quote_seq INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners(id),
    full_name TEXT NOT NULL,
    display_name TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL
  );
  CREATE TABLE credentials (
    client_id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id)
  );
  CREATE TABLE clients (
    id TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners(id),
    name TEXT NOT NULL,
    is_shadow INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'Active',
    address_json TEXT
  );
  CREATE INDEX clients_partner ON clients(partner_id, name);
  CREATE TABLE commitment_terms (
    id TEXT PRIMARY KEY,
    term TEXT NOT NULL
  );
  CREATE TABLE products (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    sku TEXT NOT NULL,
    vendor_name TEXT NOT NULL,
    is_msp_only INTEGER NOT NULL,
    type TEXT NOT NULL,
    requires_product_id TEXT,
    requires_commitment INTEGER NOT NULL DEFAULT 0,
    usage_type TEXT,
    usage_display_note INTEGER
  );
  CREATE TABLE product_pricing (
    product_id TEXT NOT NULL REFERENCES products(id),
    billing_term TEXT NOT NULL,
    cost REAL NOT NULL,
    suggested_price REAL NOT NULL,
    commitment_term_id TEXT,
    PRIMARY KEY (product_id, billing_term)
  );
  CREATE TABLE preferences (
    partner_id TEXT PRIMARY KEY REFERENCES partners(id),
    days_to_expire INTEGER NOT NULL,
    intro_message TEXT NOT NULL,
    terms TEXT NOT NULL,
    margin REAL NOT NULL
  );
  CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners(id),
    reference_code TEXT NOT NULL,
    status TEXT NOT NULL,
    client_id TEXT NOT NULL REFERENCES clients(id),
    client_name TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES users(id),
    created_by_name TEXT NOT NULL,
    owned_by TEXT REFERENCES users(id),
    created_on TEXT NOT NULL,
    updated_on TEXT NOT NULL,
    expires_on TEXT NOT NULL,
    intro_message TEXT NOT NULL,
    terms TEXT NOT NULL,
    published INTEGER NOT NULL DEFAULT 0,
    published_on TEXT,
    responded_on TEXT,
    revoked_on TEXT,
    quote_request_id TEXT,
    margin REAL,
    intent_type TEXT NOT NULL,
    accepted_by TEXT,
    declined_by TEXT,
    deleted_on TEXT,
    initial_total INTEGER NOT NULL DEFAULT 0,
    initial_cost INTEGER NOT NULL DEFAULT 0,
    recurring_total INTEGER NOT NULL DEFAULT 0,
    recurring_cost INTEGER NOT NULL DEFAULT 0,
    count_total INTEGER NOT NULL DEFAULT 0,
    count_custom INTEGER NOT NULL DEFAULT 0,
    count_msp INTEGER NOT NULL DEFAULT 0,
    search_text TEXT NOT NULL DEFAULT ''
  );
  CREATE UNIQUE INDEX quotes_reference ON quotes(partner_id, reference_code);
  CREATE INDEX quotes_partner_created ON quotes(partner_id, created_on);
  CREATE INDEX quotes_partner_updated ON quotes(partner_id, updated_on);
  CREATE INDEX quotes_partner_status ON quotes(partner_id, status);
  CREATE INDEX quotes_sent_expiry ON quotes(partner_id, status, expires_on);
  CREATE TABLE line_items (
    id TEXT PRIMARY KEY,
    quote_id TEXT NOT NULL REFERENCES quotes(id),
    position INTEGER NOT NULL,
    kind TEXT NOT NULL,
    product_id TEXT,
    product_name TEXT NOT NULL,
    product_sku TEXT NOT NULL,
    product_type TEXT NOT NULL,
    is_msp_only INTEGER NOT NULL,
    billing_term TEXT NOT NULL,
    commitment_term_id TEXT,
    commitment_term TEXT,
    price REAL NOT NULL,
    cost REAL NOT NULL,
    quantity INTEGER NOT NULL,
    initial_total REAL,
    effective_date TEXT NOT NULL,
    note TEXT NOT NULL,
    usage_type TEXT,
    usage_display_note INTEGER,
    required_line_item_id TEXT,
    required_subscription_id TEXT,
    subscription_id TEXT,
    totals_json TEXT NOT NULL
  );
  CREATE INDEX line_items_quote ON line_items(quote_id, position);
  CREATE INDEX line_items_required ON line_items(required_line_item_id);
  CREATE TABLE sections (
    quote_id TEXT NOT NULL REFERENCES quotes(id),
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    ord INTEGER NOT NULL,
    PRIMARY KEY (quote_id, id)
  );
  CREATE TABLE section_items (
    quote_id TEXT NOT NULL,
    section_id TEXT NOT NULL,
    line_item_id TEXT NOT NULL,
    ord INTEGER NOT NULL,
    PRIMARY KEY (quote_id, section_id, line_item_id)
  );
  CREATE INDEX section_items_line ON section_items(line_item_id);
  CREATE TABLE access_list (
    id TEXT PRIMARY KEY,
    quote_id TEXT NOT NULL REFERENCES quotes(id),
    email TEXT NOT NULL,
    account_type TEXT NOT NULL,
    account_name TEXT,
    account_role TEXT,
    user_id TEXT,
    created_on TEXT NOT NULL
  );
  CREATE INDEX access_list_quote ON access_list(quote_id, created_on);
  -- One table for the three homes of an attachment: the partner's library, a quote, the
  -- preferences. The file itself lives once on disk under its sha256.
  CREATE TABLE attachments (
    id TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners(id),
    scope TEXT NOT NULL CHECK (scope IN ('library', 'quote', 'preference')),
    quote_id TEXT,
    name TEXT NOT NULL,
    ord INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    source_id TEXT,
    created_on TEXT NOT NULL,
    created_by TEXT NOT NULL,
    replaced_on TEXT
  );
  CREATE INDEX attachments_home ON attachments(partner_id, scope, quote_id, ord);
`;

export const v01Initial: Migration = { version: 1, name: 'initial', up: (db) => db.exec(sql) };

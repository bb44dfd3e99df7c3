import type Database from 'better-sqlite3-multiple-ciphers';

// Versioned, append-only: a released data directory is upgraded by running the steps it has
// not seen yet (PRAGMA user_version records how far it got).
const steps: string[] = [
  `
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
  `,
  // The quote list: one covering index answers the filters, the counts and a search without
  // touching the table; one index per sort field walks a page in order.
  `
  CREATE INDEX quotes_list ON quotes(partner_id, deleted_on, status, intent_type, created_by, owned_by,
    search_text, updated_on, created_on, initial_total, recurring_total, client_name, created_by_name, id);
  CREATE INDEX quotes_partner_initial ON quotes(partner_id, initial_total);
  CREATE INDEX quotes_partner_recurring ON quotes(partner_id, recurring_total);
  CREATE INDEX quotes_partner_client ON quotes(partner_id, client_name COLLATE NOCASE);
  CREATE INDEX quotes_partner_creator ON quotes(partner_id, created_by_name COLLATE NOCASE);
  DROP INDEX quotes_partner_status;
  `,
  // Sort indexes end in the id tie-break and skip deleted quotes, so a page is read straight
  // from the index even where many quotes share a value (a client's name, a zero total).
  `
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
  `,
  // A draft is never published: moves to draft from expired, pending or a response used to
  // keep the flag. Stamped, so clients that pull by updatedOn see the change.
  `
  UPDATE quotes SET published = 0,
    updated_on = max(updated_on, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  WHERE status = 'draft' AND published = 1;
  `,
];

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < steps.length; v++) {
    db.transaction(() => {
      db.exec(steps[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

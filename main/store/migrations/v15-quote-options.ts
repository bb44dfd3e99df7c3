import type { Migration } from './migration';

// Options and alternatives (quote-options.ts): which lines or sections of a quote the
// salesperson marked optional, which sections are alternatives of one another, and the lines
// of those not chosen. Like kits, local to this profile's store and never sent to the server:
// the server holds the quote as currently chosen. One row per quote (its local id); the
// document is the common/quote-options shape as JSON, checked when it is written.
export const v15QuoteOptions: Migration = {
  version: 15,
  name: 'options and alternatives of quotes',
  up: (db) =>
    db.exec(`CREATE TABLE quote_options (
  quote_id TEXT PRIMARY KEY,
  updated_on TEXT NOT NULL,
  doc TEXT NOT NULL
);`),
};

import type { Migration } from './migration';

// Quotes known only by their list entry (stubs.ts): listed at once on a first sign-in,
// their aggregates read in the background, newest change first.
export const v06QuoteStubs: Migration = {
  version: 6,
  name: 'quotes known by their list entry',
  up: (db) =>
    db.exec(`CREATE TABLE quote_stubs (
  qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE,
  server_id TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  entry TEXT NOT NULL
);
CREATE INDEX quote_stubs_updated ON quote_stubs(updated_on);`),
};

import type { Migration } from './migration';

// Versions of a quote (versions.ts): the quote as it was when it was published, or when the
// salesperson saved one by hand — the working copy's text, who, when, the status then, and the
// proposal PDF made from it. Local only: never sent to the server, gone with the quote.
export const v10QuoteVersions: Migration = {
  version: 10,
  name: 'versions of a quote',
  up: (db) =>
    db.exec(`CREATE TABLE quote_versions (
  qrow INTEGER NOT NULL REFERENCES quotes(qrow) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  reason TEXT NOT NULL,
  label TEXT NOT NULL,
  created_on TEXT NOT NULL,
  created_by TEXT NOT NULL,
  status TEXT NOT NULL,
  doc TEXT NOT NULL,
  pdf_sha256 TEXT,
  pdf_size INTEGER,
  PRIMARY KEY (qrow, number)
) WITHOUT ROWID;`),
};

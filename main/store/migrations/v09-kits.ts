import type { Migration } from './migration';

// Kits (kits.ts): named groups of line items saved from a quote, inserted into another in one
// step. Local to this profile's store and never sent to the server; the content is the
// common/kits shape as JSON, checked when it is written.
export const v09Kits: Migration = {
  version: 9,
  name: 'kits of line items',
  up: (db) =>
    db.exec(`CREATE TABLE kits (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  doc TEXT NOT NULL
);`),
};

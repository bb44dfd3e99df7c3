import type { Migration } from './migration';

// Amounts are searched in memory from the list rows' totals (amount-search.ts): their
// full-text index cost every price or quantity edit a rewrite of its entry.
export const v03AmountsInMemory: Migration = {
  version: 3,
  name: 'amounts searched in memory',
  up: (db) => db.exec('DROP TABLE quote_amounts;'),
};

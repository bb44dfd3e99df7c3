import type { Migration } from './migration';

// Quotes whose full-text entries lag behind their working copy (`codes`: the codes entry
// too). Rewriting a full quote's entries cost an edit a third of its commit; the edit now
// records its quote here, and the entries are rewritten when the store is idle or before
// the next search (search-index.ts). Kept in the file, so a crash in between loses nothing.
export const v04SearchPending: Migration = {
  version: 4,
  name: 'search entries rewritten later',
  up: (db) =>
    db.exec('CREATE TABLE search_pending (qrow INTEGER PRIMARY KEY, codes INTEGER NOT NULL);'),
};

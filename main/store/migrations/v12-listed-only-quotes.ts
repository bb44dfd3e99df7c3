import type { Migration } from './migration';

// A partner's 100,000 quotes: most are kept as listed entries only, downloaded when opened
// (main/store/syncing/stubs.ts). A stub gets a place in the fill's queue (`queued`; every stub of an
// older file was queued) and keeps only what its list row has no column for (owner and partner
// names, in `extra`); its working copy, made from the row when asked for, is no longer stored.
// About 1.8 KB of the 3.5 KB a stub took goes.
export const v12ListedOnlyQuotes: Migration = {
  version: 12,
  name: 'listed-only quotes: a stub queued or not, without a stored working copy',
  up: (db) =>
    db.exec(`CREATE TABLE quote_stubs_next (
  qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE,
  queued INTEGER NOT NULL,
  updated_on TEXT NOT NULL,
  extra TEXT
);
INSERT INTO quote_stubs_next (qrow, queued, updated_on, extra)
  SELECT qrow, 1, updated_on,
    nullif(json_object(
      'o', CASE WHEN json_type(entry, '$.ownedBy') = 'object' THEN json_array(
        json_extract(entry, '$.ownedBy.email'), json_extract(entry, '$.ownedBy.fullName'),
        json_extract(entry, '$.ownedBy.role')) END,
      'p', CASE WHEN json_type(entry, '$.partner') = 'object' THEN json_array(
        json_extract(entry, '$.partner.name')) END
    ), '{"o":null,"p":null}')
  FROM quote_stubs;
DELETE FROM quote_work WHERE qrow IN (SELECT qrow FROM quote_stubs);
DROP TABLE quote_stubs;
ALTER TABLE quote_stubs_next RENAME TO quote_stubs;
CREATE INDEX quote_stubs_queue ON quote_stubs(updated_on) WHERE queued = 1;`),
};

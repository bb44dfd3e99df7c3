import type { Migration } from './migration';

// A quote only listed (main/store/syncing/stubs.ts) is mapped to its server id by its own row
// and its stub mark; its id_map row — a row and three index entries, one of them on the random
// server id, rewritten all over at every commit of a large first sign-in — is written once its
// aggregate is read. The stubs already here lose theirs, their row taking the id map's spelling
// of the server id (lower-case UUIDs) that lookups use.
// The full-text indexes merge their segments in larger steps (FTS5's `automerge` 16, from 4):
// every commit writes a segment, and the 100 commits of a large listing merged the same
// entries again and again — a third of the search entries' cost; a search reads no slower.
export const v17ListedWithoutIdMap: Migration = {
  version: 17,
  name: 'listed-only quotes mapped by their row, without an id_map row; fewer full-text merges',
  up: (db) =>
    db.exec(`UPDATE OR IGNORE quotes SET server_id = (
    SELECT m.server_id FROM id_map m WHERE m.kind = 'quote' AND m.local_id = quotes.id)
  WHERE qrow IN (SELECT qrow FROM quote_stubs)
    AND EXISTS (SELECT 1 FROM id_map m WHERE m.kind = 'quote' AND m.local_id = quotes.id);
DELETE FROM id_map WHERE kind = 'quote' AND local_id IN (
  SELECT q.id FROM quotes q JOIN quote_stubs s ON s.qrow = q.qrow
  WHERE q.server_id = id_map.server_id);
INSERT INTO quote_search (quote_search, rank) VALUES ('automerge', 16);
INSERT INTO quote_codes (quote_codes, rank) VALUES ('automerge', 16);`),
};

import type { Migration } from './migration';

const PREFIX = 'publish.refused.';

// Why the server refused a quote's last publish is the quote's sync bookkeeping (quote-sync.ts),
// not a `meta` key named after the quote: it moves to a column of `quote_sync`, is written
// through the same owner as the rest, and goes with the quote.
export const v08PublishRefused: Migration = {
  version: 8,
  name: "a refused publish's message in quote_sync",
  up: (db) => {
    db.exec('ALTER TABLE quote_sync ADD COLUMN publish_refused TEXT;');
    const update = db.prepare<[string, string]>(
      `UPDATE quote_sync SET publish_refused = json_extract(?, '$')
       WHERE qrow = (SELECT qrow FROM quotes WHERE id = ?)`,
    );
    const rows = db
      .prepare<[{ p: string }], { key: string; value: string }>(
        'SELECT key, value FROM meta WHERE substr(key, 1, length(@p)) = @p',
      )
      .all({ p: PREFIX });
    // A key of a quote no longer here matches no row and goes with the others.
    for (const r of rows) update.run(r.value, r.key.slice(PREFIX.length));
    db.prepare('DELETE FROM meta WHERE substr(key, 1, length(@p)) = @p').run({ p: PREFIX });
  },
};

import type { Migration } from './migration';

/** The engine's per-quote notes that versions 1–6 kept in `meta`, and the column each goes to. */
const FROM_META = [
  ['sync.deleteHeldUntil.', "delete_held_until = json_extract(?, '$')"],
  ['sync.conflictsSettled.', "conflicts_settled = json_extract(?, '$')"],
  ['sync.pushed.', 'pushed = ?'],
  ['sync.keep.', 'kept = ?'],
] as const;

// One owner of a quote's sync state (quote-sync.ts, sync-state.ts): the state and its message
// leave `quotes`, and the engine's per-quote bookkeeping leaves `meta`, for a table of their
// own, one row per quote, gone with the quote.
export const v07QuoteSync: Migration = {
  version: 7,
  name: "a quote's sync state and bookkeeping in quote_sync",
  up: (db) => {
    db.exec(`CREATE TABLE quote_sync (
  qrow INTEGER PRIMARY KEY REFERENCES quotes(qrow) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'pending',
  last_error TEXT,
  retry_at TEXT,
  delete_held_until TEXT,
  conflicts_settled INTEGER NOT NULL DEFAULT 0,
  pushed TEXT,
  kept TEXT
);
INSERT INTO quote_sync (qrow, state, last_error) SELECT qrow, sync_state, sync_message FROM quotes;`);
    const qrowOf = db.prepare<[string], number>('SELECT qrow FROM quotes WHERE id = ?').pluck();
    for (const [prefix, set] of FROM_META) {
      const update = db.prepare<[string, number]>(`UPDATE quote_sync SET ${set} WHERE qrow = ?`);
      const rows = db
        .prepare<[{ p: string }], { key: string; value: string }>(
          'SELECT key, value FROM meta WHERE substr(key, 1, length(@p)) = @p',
        )
        .all({ p: prefix });
      for (const r of rows) {
        // A key of a quote no longer here was left over: it goes with the others.
        const qrow = qrowOf.get(r.key.slice(prefix.length));
        if (qrow !== undefined) update.run(r.value, qrow);
      }
      db.prepare('DELETE FROM meta WHERE substr(key, 1, length(@p)) = @p').run({ p: prefix });
    }
    db.exec(
      'ALTER TABLE quotes DROP COLUMN sync_state; ALTER TABLE quotes DROP COLUMN sync_message;',
    );
  },
};

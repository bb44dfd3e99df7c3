import type { Migration } from './migration';

// Follow-ups ("Needs attention") are found in the store, offline, at any size: a quote's
// expiry becomes a list column (the documents are never parsed to find what expires soon),
// and the reminders the salesperson snoozed, or was told about, are kept per quote and reason
// in a table of their own, gone with the quote. Nothing here is ever sent to the server.
export const v11FollowUps: Migration = {
  version: 11,
  name: 'follow-ups: expires_on on quotes, follow_up_marks',
  up: (db) => {
    db.exec(`ALTER TABLE quotes ADD COLUMN expires_on TEXT;
UPDATE quotes SET expires_on = (
  SELECT nullif(json_extract(w.doc, '$.expiresOn'), '') FROM quote_work w WHERE w.qrow = quotes.qrow
);
CREATE INDEX quotes_expires_on ON quotes(expires_on) WHERE expires_on IS NOT NULL;
CREATE TABLE follow_up_marks (
  qrow INTEGER NOT NULL REFERENCES quotes(qrow) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  snoozed_until TEXT,
  notified_at TEXT,
  PRIMARY KEY (qrow, reason)
) WITHOUT ROWID;`);
  },
};

import type { Migration } from './migration';

// Accept at the desk (desk-responses.ts): the client's answer given in present mode — accepted,
// declined or changes requested — with their name, e-mail, words, when and in which time zone,
// the version it froze and the signed PDF it attached, and how far it got with the server.
// Every version records the SHA-256 of its stored content, so "Verify" can tell an altered one.
// Local only: never sent to the server as such (the server gets the attachment and the status).
export const v14DeskResponses: Migration = {
  version: 14,
  name: 'answers given at the desk; a hash per version',
  up: (db) =>
    db.exec(`ALTER TABLE quote_versions ADD COLUMN sha256 TEXT;
CREATE TABLE desk_responses (
  qrow INTEGER NOT NULL REFERENCES quotes(qrow) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  reason TEXT NOT NULL,
  signed_at TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  attachment_id TEXT,
  state TEXT NOT NULL,
  message TEXT,
  server_version INTEGER,
  PRIMARY KEY (qrow, version)
) WITHOUT ROWID;`),
};

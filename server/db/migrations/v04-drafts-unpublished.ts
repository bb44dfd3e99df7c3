import type { Migration } from './migration';

// A draft is never published: moves to draft from expired, pending or a response used to
// keep the flag. Stamped, so clients that pull by updatedOn see the change.
const sql = `
  UPDATE quotes SET published = 0,
    updated_on = max(updated_on, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  WHERE status = 'draft' AND published = 1;
`;

export const v04DraftsUnpublished: Migration = {
  version: 4,
  name: 'drafts never published',
  up: (db) => db.exec(sql),
};

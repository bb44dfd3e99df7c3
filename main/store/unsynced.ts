// What exists only on this computer: the count shown before a connection is removed, so the
// salesperson knows what "Remove anyway" loses.
import type Database from 'better-sqlite3-multiple-ciphers';
import type { DirtyQuote, WorkQuote } from './types';

export interface UnsyncedCounts {
  /** Quotes with edits not yet sent (new drafts included). */
  drafts: number;
  /** Quotes deleted here whose delete is not yet sent. */
  deletes: number;
  /** Conflicts waiting for the salesperson's choice. */
  conflicts: number;
  /** Attachment files of unsynced quotes that the server does not have yet. */
  files: number;
}

export function countUnsynced(
  db: Database.Database,
  dirty: DirtyQuote[],
  work: (quoteId: string) => WorkQuote,
): UnsyncedCounts {
  const conflicts = db
    .prepare<[], number>('SELECT count(*) FROM conflicts WHERE resolved_at IS NULL')
    .pluck()
    .get()!;
  const counts: UnsyncedCounts = { drafts: 0, deletes: 0, conflicts, files: 0 };
  for (const q of dirty) {
    if (q.deleted) {
      counts.deletes += 1;
      continue;
    }
    counts.drafts += 1;
    // An attachment gets its server URL when its upload (or library copy) is done.
    counts.files += work(q.id).attachments.filter((a) => a.url === null).length;
  }
  return counts;
}

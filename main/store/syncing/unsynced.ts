// What exists only on this computer: the count shown before a connection is removed, so the
// salesperson knows what "Remove anyway" loses.
import fs from 'node:fs';
import type Database from 'better-sqlite3-multiple-ciphers';
import { deriveStoreKeys } from '../disk/cipher';
import { openForReading } from '../disk/db';
import { LATEST_VERSION, schemaVersion } from '../migrations';
import { QuoteRepo } from '../quote/quote-repo';
import { SyncTables } from './sync-tables';
import { parseDoc } from '../quote/totals';
import type { DirtyQuote, WorkQuote } from '../types';

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
      // A draft the server never had is only waiting out its undo window: nothing to send.
      if (q.serverId) counts.deletes += 1;
      continue;
    }
    counts.drafts += 1;
    // An attachment gets its server URL when its upload (or library copy) is done.
    counts.files += work(q.id).attachments.filter((a) => a.url === null).length;
  }
  return counts;
}

/**
 * The same count for a store that is not open — another connection's, before it is removed —
 * read through a read-only connection with its key: nothing is written to the file or its
 * WAL, and the open store of the connection in use is not touched. Throws when the file
 * cannot be read so (a wrong key, damage, a schema of another version).
 */
export function countUnsyncedInFile(file: string, key: Uint8Array | null): UnsyncedCounts {
  // A read-only connection to a WAL file makes an empty `-wal` and its `-shm` index when there
  // were none; left behind, they would pass for an unclean shutdown at the next open.
  const made = ['-wal', '-shm'].filter((s) => !fs.existsSync(`${file}${s}`));
  const db = openForReading(file, key ? deriveStoreKeys(key).db : null);
  try {
    const version = schemaVersion(db);
    if (version !== LATEST_VERSION) {
      throw new Error(
        `the store is at schema version ${version}, this app reads ${LATEST_VERSION}`,
      );
    }
    const repo = new QuoteRepo(db);
    const dirty = new SyncTables(db).dirty();
    return countUnsynced(db, dirty, (id) => parseDoc(repo.workDoc(repo.byId(id)!.qrow)));
  } finally {
    db.close();
    const wal = `${file}-wal`;
    if (made.includes('-wal') && fs.existsSync(wal) && fs.statSync(wal).size === 0) {
      for (const s of made) fs.rmSync(`${file}${s}`, { force: true });
    }
  }
}

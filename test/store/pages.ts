// Damages a real store file the way a failing disk does: whole pages overwritten with garbage.
// Pages are found with SQLite's `dbstat` table on a read-only connection.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { applyDbKey } from '../../main/store/disk/cipher';

/** Page numbers (1-based) holding the b-tree of `name` (a table or index), optionally only
 * those whose bytes contain `marker` (plaintext files). `key`: an encrypted file's database key. */
export function pagesOf(file: string, name: string, marker?: string, key?: Buffer): number[] {
  const had = ['-wal', '-shm'].filter((ext) => fs.existsSync(file + ext));
  try {
    return findPages(file, name, marker, key);
  } finally {
    // A reader of a WAL database leaves an empty -wal and an -shm behind: without this the
    // next open would take the file for one left by a crash.
    for (const ext of ['-wal', '-shm'])
      if (!had.includes(ext)) fs.rmSync(file + ext, { force: true });
  }
}

function findPages(file: string, name: string, marker?: string, key?: Buffer): number[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  if (key) applyDbKey(db, key);
  try {
    const pages = (
      db.prepare('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno').all(name) as {
        pageno: number;
      }[]
    ).map((r) => r.pageno);
    if (!marker) return pages;
    const size = db.pragma('page_size', { simple: true }) as number;
    const bytes = fs.readFileSync(file);
    return pages.filter((p) =>
      bytes.subarray((p - 1) * size, p * size).includes(Buffer.from(marker, 'utf8')),
    );
  } finally {
    db.close();
  }
}

/** Overwrites the given pages with random bytes, in place. `pageSize`: an encrypted file's
 * (its header, where a plain file says it, is encrypted too). */
export function overwritePages(file: string, pages: number[], pageSize?: number): void {
  const size = pageSize ?? fs.readFileSync(file).readUInt16BE(16);
  const fd = fs.openSync(file, 'r+');
  try {
    for (const p of pages) fs.writeSync(fd, crypto.randomBytes(size), 0, size, (p - 1) * size);
  } finally {
    fs.closeSync(fd);
  }
}

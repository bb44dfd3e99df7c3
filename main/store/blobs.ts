import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';

const SHA = /^[0-9a-f]{64}$/;

/**
 * Attachment files stored once by content (sha256) under `<dir>/ab/abcdef…`, shared by
 * every quote and library entry that holds the same bytes.
 */
export class BlobStore {
  private insert;
  private all;
  private bytes;
  private del;

  constructor(
    private db: Database.Database,
    readonly dir: string,
  ) {
    this.insert = db.prepare<[string, number, string]>(
      'INSERT OR IGNORE INTO blobs (sha256, size, created_at) VALUES (?, ?, ?)',
    );
    this.all = db.prepare<[], { sha256: string }>('SELECT sha256 FROM blobs');
    this.bytes = db.prepare<[], { n: number }>('SELECT coalesce(sum(size), 0) AS n FROM blobs');
    this.del = db.prepare<[string]>('DELETE FROM blobs WHERE sha256 = ?');
  }

  totalBytes(): number {
    return this.bytes.get()!.n;
  }

  pathOf(sha256: string): string {
    if (!SHA.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  /** Writes the file (durably, before the row that refers to it commits) and records it. */
  put(bytes: Uint8Array, now: string): { sha256: string; size: number } {
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const file = this.pathOf(sha256);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const fd = fs.openSync(tmp, 'w');
      try {
        fs.writeSync(fd, bytes);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, file);
    }
    this.insert.run(sha256, bytes.byteLength, now);
    return { sha256, size: bytes.byteLength };
  }

  read(sha256: string): Buffer {
    return fs.readFileSync(this.pathOf(sha256));
  }

  has(sha256: string): boolean {
    return SHA.test(sha256) && fs.existsSync(this.pathOf(sha256));
  }

  /**
   * Removes files no document refers to (`referenced`), and stray files a crash left
   * between writing a file and committing its row. With `before` (ms since the epoch), only
   * files last written before then: one written a moment ago may be about to get its row.
   */
  collect(referenced: ReadonlySet<string>, before = Infinity): { removed: number } {
    let removed = 0;
    const young = (file: string) => {
      if (before === Infinity) return false;
      try {
        return fs.statSync(file).mtimeMs >= before;
      } catch {
        return false;
      }
    };
    for (const { sha256 } of this.all.all()) {
      if (referenced.has(sha256) || young(this.pathOf(sha256))) continue;
      this.del.run(sha256);
      fs.rmSync(this.pathOf(sha256), { force: true });
      removed++;
    }
    if (!fs.existsSync(this.dir)) return { removed };
    for (const sub of fs.readdirSync(this.dir)) {
      const subdir = path.join(this.dir, sub);
      if (!fs.statSync(subdir).isDirectory()) continue;
      for (const f of fs.readdirSync(subdir)) {
        const sha = f.slice(0, 64);
        if (SHA.test(sha) && f.length === 64 && referenced.has(sha)) continue;
        if (young(path.join(subdir, f))) continue;
        fs.rmSync(path.join(subdir, f), { force: true });
        if (f.length === 64) removed++;
      }
    }
    return { removed };
  }
}

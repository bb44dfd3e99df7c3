import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';
import type { FileCipher } from './cipher';

const SHA = /^[0-9a-f]{64}$/;
const SEALED = /^[0-9a-f]{64}\.enc$/;

/**
 * Attachment files stored once by content, shared by every quote and library entry that
 * holds the same bytes. The store knows a file by its sha256; on disk it is
 * `<dir>/ab/abcdef…` (plaintext store) or, with a cipher, sealed with AES-256-GCM under
 * `<dir>/xy/<HMAC-SHA-256 of the sha256>.enc`: neither name nor content tells what it holds.
 */
export class BlobStore {
  private insert;
  private all;
  private bytes;
  private del;

  constructor(
    private db: Database.Database,
    readonly dir: string,
    private cipher: FileCipher | null = null,
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
    return this.cipher ? this.sealedPath(this.cipher.nameOf(sha256)) : this.plainPath(sha256);
  }

  private plainPath(sha256: string): string {
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  private sealedPath(name: string): string {
    return path.join(this.dir, name.slice(0, 2), `${name}.enc`);
  }

  /** Writes through a temporary file, synced before the rename: a file there is whole. */
  private writeWhole(file: string, data: Uint8Array): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      // A full disk first writes part of the bytes, and only the next write fails (ENOSPC).
      for (let at = 0; at < data.byteLength;) at += fs.writeSync(fd, data, at);
      fs.fsyncSync(fd);
    } catch (err) {
      fs.closeSync(fd);
      // Nothing half-written stays behind to take the room the next try needs.
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
  }

  /** Writes the file (durably, before the row that refers to it commits) and records it. */
  put(bytes: Uint8Array, now: string): { sha256: string; size: number } {
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const file = this.pathOf(sha256);
    if (!fs.existsSync(file)) {
      this.writeWhole(file, this.cipher ? this.cipher.seal(sha256, bytes) : bytes);
    }
    this.insert.run(sha256, bytes.byteLength, now);
    return { sha256, size: bytes.byteLength };
  }

  read(sha256: string): Buffer {
    const data = fs.readFileSync(this.pathOf(sha256));
    return this.cipher ? this.cipher.open(sha256, data) : data;
  }

  /**
   * Seals every plaintext file (from before the store was encrypted) and deletes it once its
   * sealed copy is on disk and reads back; plaintext partial files a crash left are deleted.
   * Safe to stop at any point: a plaintext file goes only after its sealed copy is whole.
   * Returns how many files were sealed.
   */
  sealPlainFiles(sealedOne: () => void = () => {}): number {
    const cipher = this.cipher;
    if (!cipher || !fs.existsSync(this.dir)) return 0;
    let sealed = 0;
    for (const sub of fs.readdirSync(this.dir)) {
      const subdir = path.join(this.dir, sub);
      if (!fs.statSync(subdir).isDirectory()) continue;
      for (const f of fs.readdirSync(subdir)) {
        const file = path.join(subdir, f);
        if (SHA.test(f)) {
          const bytes = fs.readFileSync(file);
          const target = this.pathOf(f);
          if (!fs.existsSync(target)) this.writeWhole(target, cipher.seal(f, bytes));
          if (!cipher.open(f, fs.readFileSync(target)).equals(bytes)) {
            throw new Error('a sealed attachment file does not read back');
          }
          fs.rmSync(file);
          if (sealed++ === 0) sealedOne();
        } else if (!SEALED.test(f) && !f.includes('.enc.')) {
          fs.rmSync(file, { force: true });
        }
      }
    }
    return sealed;
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
    const kept = new Set([...referenced].filter((s) => SHA.test(s)).map((s) => this.pathOf(s)));
    for (const sub of fs.readdirSync(this.dir)) {
      const subdir = path.join(this.dir, sub);
      if (!fs.statSync(subdir).isDirectory()) continue;
      for (const f of fs.readdirSync(subdir)) {
        const whole = this.cipher ? SEALED.test(f) : SHA.test(f);
        if (whole && kept.has(path.join(subdir, f))) continue;
        if (young(path.join(subdir, f))) continue;
        fs.rmSync(path.join(subdir, f), { force: true });
        if (whole) removed++;
      }
    }
    return { removed };
  }
}

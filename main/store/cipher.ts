// Encryption at rest: the database through SQLCipher (SQLite3MultipleCiphers' `sqlcipher`
// scheme, version 4 settings, a raw 256-bit key: no KDF on open) and attachment files through
// AES-256-GCM. One 256-bit key per profile comes in; each use gets its own key derived from it
// with HKDF, so the database key never doubles as a file key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type Database from 'better-sqlite3-multiple-ciphers';

/** The first 16 bytes of every plaintext SQLite file. SQLCipher's file starts with a salt. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface StoreKeys {
  /** The database's raw SQLCipher key. */
  db: Buffer;
  /** AES-256-GCM key of attachment files. */
  file: Buffer;
  /** HMAC-SHA-256 key that names attachment files (a keyed hash of their content). */
  name: Buffer;
}

export function deriveStoreKeys(profileKey: Uint8Array): StoreKeys {
  if (profileKey.byteLength !== 32) throw new Error('a store key is 32 bytes');
  const sub = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', profileKey, Buffer.alloc(0), info, 32));
  return {
    db: sub('quotedesk store database'),
    file: sub('quotedesk store files'),
    name: sub('quotedesk store file names'),
  };
}

/**
 * Sets the key on a fresh connection, before anything reads the file. SQLCipher 4 settings
 * (`legacy=4`) so the file opens in any SQLCipher 4 tool given the same raw key.
 */
export function applyDbKey(db: Database.Database, key: Buffer): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.pragma(`key = "x'${key.toString('hex')}'"`);
}

/** Sets a new key on a plaintext file opened in rollback-journal mode: encrypts it in place. */
export function rekeyDb(db: Database.Database, key: Buffer): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.pragma(`rekey = "x'${key.toString('hex')}'"`);
}

/** Whether the file holds a plaintext SQLite database (an encrypted one starts with random bytes). */
export function isPlaintextDatabase(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(16);
    return fs.readSync(fd, head, 0, 16, 0) === 16 && head.equals(SQLITE_HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

/** Attachment file format: magic, 12-byte nonce, ciphertext, 16-byte GCM tag. */
const MAGIC = Buffer.from('QDF1', 'latin1');
const NONCE = 12;
const TAG = 16;

/** Seals and opens attachment files and names them, with the keys of one store. */
export class FileCipher {
  constructor(private readonly keys: StoreKeys) {}

  /** The file's name on disk: HMAC-SHA-256 of its content address, so equal files share one. */
  nameOf(sha256: string): string {
    return crypto.createHmac('sha256', this.keys.name).update(sha256).digest('hex');
  }

  /** A fresh nonce per file; the content address is authenticated with it (a swapped file fails). */
  seal(sha256: string, bytes: Uint8Array): Buffer {
    const nonce = crypto.randomBytes(NONCE);
    const c = crypto.createCipheriv('aes-256-gcm', this.keys.file, nonce);
    c.setAAD(Buffer.from(sha256, 'latin1'));
    const body = Buffer.concat([c.update(bytes), c.final()]);
    return Buffer.concat([MAGIC, nonce, body, c.getAuthTag()]);
  }

  /** Throws when the file was altered, cut short or belongs to another content address. */
  open(sha256: string, sealed: Buffer): Buffer {
    if (sealed.length < MAGIC.length + NONCE + TAG || !sealed.subarray(0, 4).equals(MAGIC)) {
      throw new Error('not an encrypted attachment file');
    }
    const nonce = sealed.subarray(4, 4 + NONCE);
    const tag = sealed.subarray(sealed.length - TAG);
    const d = crypto.createDecipheriv('aes-256-gcm', this.keys.file, nonce);
    d.setAAD(Buffer.from(sha256, 'latin1'));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(sealed.subarray(4 + NONCE, sealed.length - TAG)), d.final()]);
  }
}

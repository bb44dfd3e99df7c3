// Encryption at rest: the database through SQLite3MultipleCiphers' AEGIS-256 scheme (an
// authenticated cipher: a fresh 256-bit nonce and a 256-bit tag per page, the page number bound
// in; a raw 256-bit key: no KDF on open) and attachment files through AES-256-GCM. One 256-bit
// key per profile comes in; each use gets its own key derived from it with HKDF, so the
// database key never doubles as a file key.
//
// Why AEGIS-256 and not SQLCipher 4's settings (AES-256-CBC + HMAC-SHA-512 per page, which
// stores written before used): the same key size and an authenticated page either way, but
// HMAC-SHA-512 in software costs ~13 µs per 4 KiB page read from disk or written to the WAL,
// which made an encrypted edit commit 1.4–1.6 × an unencrypted one and tripled a search's
// reads; AEGIS runs on the CPU's AES instructions at a fraction of that (bench/README.md,
// `store`). Stores in the earlier scheme are converted at their next open (encrypt-migration.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';

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
 * How a database file is encrypted: `aegis-256`, what the store writes; `sqlcipher-4`,
 * SQLCipher 4's settings (`legacy=4`), what stores were encrypted with before — read only to
 * convert them.
 */
export type DbScheme = 'aegis-256' | 'sqlcipher-4';

export const DB_SCHEME: DbScheme = 'aegis-256';
export const OLD_DB_SCHEME: DbScheme = 'sqlcipher-4';

const SCHEME_PRAGMAS: Record<DbScheme, string[]> = {
  'aegis-256': [`cipher = 'aegis'`, `algorithm = 'aegis-256'`],
  'sqlcipher-4': [`cipher = 'sqlcipher'`, 'legacy = 4'],
};

/** Sets the key on a fresh connection, before anything reads the file. */
export function applyDbKey(db: Database.Database, key: Buffer, scheme = DB_SCHEME): void {
  for (const p of SCHEME_PRAGMAS[scheme]) db.pragma(p);
  db.pragma(`key = "x'${key.toString('hex')}'"`);
}

/**
 * Encrypts the file of a connection in rollback-journal mode in place with the store's scheme:
 * a plaintext one, or (keyed with `applyDbKey(db, key, OLD_DB_SCHEME)` first) one in the
 * earlier scheme.
 */
export function rekeyDb(db: Database.Database, key: Buffer): void {
  for (const p of SCHEME_PRAGMAS[DB_SCHEME]) db.pragma(p);
  db.pragma(`rekey = "x'${key.toString('hex')}'"`);
}

/**
 * Whether `key` opens the file in the earlier scheme (the store's own scheme having failed):
 * read on a read-only connection, nothing written.
 */
export function opensWithOldScheme(file: string, key: Buffer): boolean {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    applyDbKey(db, key, OLD_DB_SCHEME);
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return true;
  } catch {
    return false;
  } finally {
    db?.close();
  }
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

// Turns a plaintext store file into an encrypted one, safely against a kill at any moment; a
// file encrypted in the earlier scheme (cipher.ts, `OLD_DB_SCHEME`) is converted to the store's
// scheme the same way. The original file is never changed: an encrypted copy is made beside
// it, checked against it, and only then swapped in; a step file records how far it got, so the
// next start finishes (or starts over) from exactly there. At no point are both copies gone,
// and a copy is taken for the store only once it has been checked whole.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import {
  applyDbKey,
  isPlaintextDatabase,
  OLD_DB_SCHEME,
  opensWithOldScheme,
  rekeyDb,
} from './cipher';
import { StoreCorruptError } from '../errors';

/**
 * Where a migration stands, written before the next step starts:
 * - `copy`: making and checking the encrypted copy (`<file>.encrypting`); the original file
 *   is the store. A copy found in this step may be partial: it is deleted and made again.
 * - `verified`: the copy is whole and holds what the original file holds.
 * - `aside`: the original file is moved to `<file>.plain`; the copy is (being) moved in.
 * - `swapped`: the encrypted file is the store; the original one is deleted.
 */
export type EncryptStep = 'copy' | 'verified' | 'aside' | 'swapped';

/** Points a test can stop the migration at (after the named action has completed). */
export type EncryptPoint =
  | 'marked'
  | 'checkpointed'
  | 'copied'
  | 'rekeyed'
  | 'verified'
  | 'plain-aside'
  | 'aside-marked'
  | 'swapped'
  | 'swap-marked'
  | 'plain-removed'
  /** After the first attachment file is sealed and its plaintext deleted. */
  | 'file-sealed';

export const ENCRYPT_POINTS: EncryptPoint[] = [
  'marked',
  'checkpointed',
  'copied',
  'rekeyed',
  'verified',
  'plain-aside',
  'aside-marked',
  'swapped',
  'swap-marked',
  'plain-removed',
  'file-sealed',
];

const stepFile = (file: string) => `${file}.encrypt-step`;
const copyOf = (file: string) => `${file}.encrypting`;
const plainOf = (file: string) => `${file}.plain`;

/** Whether a migration has begun and not finished (its step file is there). */
export function encryptionPending(file: string): boolean {
  return fs.existsSync(stepFile(file));
}

function readStep(file: string): EncryptStep | null {
  try {
    const s = (JSON.parse(fs.readFileSync(stepFile(file), 'utf8')) as { step?: string }).step;
    return s === 'copy' || s === 'verified' || s === 'aside' || s === 'swapped' ? s : 'copy';
  } catch (e) {
    // A step file cut short by a kill while it was written: its step was never reached.
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'copy';
  }
}

function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can open a directory (Windows): renames are durable there anyway.
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeStep(file: string, step: EncryptStep): void {
  const tmp = `${stepFile(file)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ step }));
  syncFile(tmp);
  fs.renameSync(tmp, stepFile(file));
  syncDir(path.dirname(file));
}

function removeSide(file: string): void {
  for (const s of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${s}`, { force: true });
}

/**
 * The key the original file is read with: none for a plaintext file, the store key in the
 * earlier scheme otherwise (only such files reach a migration).
 */
function sourceKey(file: string, key: Buffer): Buffer | null {
  return isPlaintextDatabase(file) ? null : key;
}

/** A connection to the original file (read-only: nothing written). */
function openSource(file: string, key: Buffer | null, readonly: boolean): Database.Database {
  const db = new Database(file, { readonly, fileMustExist: true });
  if (key) applyDbKey(db, key, OLD_DB_SCHEME);
  return db;
}

/** Empties the original file's WAL into it, so the file alone holds every edit. */
function checkpointSource(file: string, key: Buffer | null): void {
  const db = openSource(file, key, false);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function tableCounts(db: Database.Database): Map<string, number> {
  const names = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    )
    .all()
    .map((r) => r.name);
  return new Map(
    names.map((n) => [
      n,
      (db.prepare(`SELECT count(*) AS n FROM "${n.replace(/"/g, '""')}"`).get() as { n: number }).n,
    ]),
  );
}

/** The copy opens with the key, passes `quick_check` and holds the same rows as the original. */
function verifyCopy(file: string, copy: string, key: Buffer, from: Buffer | null): void {
  const plain = openSource(file, from, true);
  const enc = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    applyDbKey(enc, key);
    const check = enc.pragma('quick_check(5)') as Record<string, string>[];
    const problems = check.map((r) => String(Object.values(r)[0]));
    if (problems.join() !== 'ok')
      throw new Error(`the encrypted copy fails its check: ${problems}`);
    const v = (db: Database.Database) => db.pragma('user_version', { simple: true }) as number;
    if (v(plain) !== v(enc)) throw new Error('the encrypted copy has another schema version');
    const a = tableCounts(plain);
    const b = tableCounts(enc);
    for (const [name, n] of a) {
      if (b.get(name) !== n) throw new Error(`the encrypted copy differs in table ${name}`);
    }
    if (a.size !== b.size) throw new Error('the encrypted copy has other tables');
  } finally {
    enc.close();
    plain.close();
  }
}

function makeCopy(file: string, key: Buffer, at: (p: EncryptPoint) => void): void {
  const copy = copyOf(file);
  removeSide(copy);
  const from = sourceKey(file, key);
  checkpointSource(file, from);
  at('checkpointed');
  fs.copyFileSync(file, copy);
  syncFile(copy);
  at('copied');
  const db = new Database(copy, { fileMustExist: true });
  try {
    // SQLite3MultipleCiphers re-encrypts a file in place only in rollback-journal mode.
    if (from) applyDbKey(db, from, OLD_DB_SCHEME);
    db.pragma('journal_mode = DELETE');
    db.pragma('temp_store = MEMORY');
    rekeyDb(db, key);
  } finally {
    db.close();
  }
  syncFile(copy);
  at('rekeyed');
  verifyCopy(file, copy, key, from);
}

/**
 * Encrypts `file` with `key` (or finishes an encryption a kill interrupted): a plaintext file,
 * or one in the earlier scheme. `at` is called after each action completes (tests stop a child
 * process there). On return the file is encrypted in the store's scheme, its original, WAL and
 * index are gone, and so is the step file.
 */
export function encryptDatabase(
  file: string,
  key: Buffer,
  at: (p: EncryptPoint) => void = () => {},
): void {
  let step = readStep(file);
  const dir = path.dirname(file);
  if (step === null) {
    if (!isPlaintextDatabase(file) && !opensWithOldScheme(file, key)) return;
    writeStep(file, 'copy');
    at('marked');
    step = 'copy';
  }
  if (step === 'copy') {
    try {
      makeCopy(file, key, at);
    } catch (err) {
      // The plaintext file is still the store, as it was found; the next start tries again.
      removeSide(copyOf(file));
      fs.rmSync(stepFile(file), { force: true });
      throw new StoreCorruptError(file, [`could not be encrypted: ${(err as Error).message}`]);
    }
    writeStep(file, 'verified');
    at('verified');
    step = 'verified';
  }
  if (step === 'verified') {
    if (fs.existsSync(file)) {
      const wal = `${file}-wal`;
      if (fs.existsSync(wal) && fs.statSync(wal).size > 0) {
        // Written to after the copy was made (it cannot be, unless an older version ran in
        // between): the copy is not whole any more. Start over.
        removeSide(copyOf(file));
        writeStep(file, 'copy');
        encryptDatabase(file, key, at);
        return;
      }
      fs.rmSync(`${file}-wal`, { force: true });
      fs.rmSync(`${file}-shm`, { force: true });
      fs.renameSync(file, plainOf(file));
      syncDir(dir);
    }
    at('plain-aside');
    writeStep(file, 'aside');
    at('aside-marked');
    step = 'aside';
  }
  if (step === 'aside') {
    if (fs.existsSync(copyOf(file))) {
      fs.renameSync(copyOf(file), file);
      syncDir(dir);
    }
    at('swapped');
    writeStep(file, 'swapped');
    at('swap-marked');
    step = 'swapped';
  }
  removeSide(plainOf(file));
  at('plain-removed');
  fs.rmSync(stepFile(file), { force: true });
  syncDir(dir);
}

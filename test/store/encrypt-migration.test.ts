// A store from before encryption is encrypted on the first open with a key, and one encrypted
// in the earlier scheme (SQLCipher 4's settings) is converted to the store's scheme the same
// way. A kill at each step of that (a child process that kills itself right after the step: an
// allowed fake of a crash at an exact moment) leaves a store that opens with every edit in it,
// and nothing readable left on disk once it has.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENCRYPT_POINTS,
  countUnsyncedInFile,
  openStore,
  type EncryptPoint,
  type Store,
} from '../../main/store';
import { deriveStoreKeys } from '../../main/store/disk/cipher';
import { filesUnder, hitsOnDisk } from './disk-bytes';
import { M365, acme, clientOf, seededStore, tempDir } from './fixtures';

let childJs = '';
let bundleDir = '';
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
beforeAll(async () => {
  // Its own folder: the fixtures' temporary folders go after each test.
  const dir = (bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-encrypt-child-')));
  childJs = path.join(dir, 'encrypt-child.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'encrypt-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: childJs,
    external: ['better-sqlite3-multiple-ciphers'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  fs.symlinkSync(
    path.join(import.meta.dirname, '../../node_modules'),
    path.join(dir, 'node_modules'),
  );
}, 60_000);

const NOTES = ['Granite Peak renewal', 'Second site at Harbor Point', 'Bulk discount agreed'];

function pdfWith(text: string): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`);
}

/**
 * A plaintext store as an older version leaves it after a crash: edits in the file and in its
 * WAL (copied while the writer still had them uncheckpointed), two attachment files.
 */
function plaintextStore(): { dir: string; ids: string[] } {
  const src = tempDir();
  const store: Store = seededStore({
    file: path.join(src, 'quotedesk.sqlite'),
    filesDir: path.join(src, 'files'),
  });
  const ids: string[] = [];
  NOTES.forEach((note, i) => {
    const q = store.createQuote({ client: clientOf(acme) });
    const [li] = store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 + i },
    ]);
    store.updateLineItems(q.id, [{ id: li!, note }]);
    if (i < 2)
      store.addAttachments(q.id, [{ name: `p${i}.pdf`, bytes: pdfWith(`Harbor file ${i}`) }]);
    ids.push(q.id);
    if (i === 0) store.checkpoint();
  });
  const dir = tempDir();
  fs.cpSync(src, dir, { recursive: true, filter: (f) => !f.endsWith('-shm') });
  store.close();
  expect(fs.statSync(path.join(dir, 'quotedesk.sqlite-wal')).size).toBeGreaterThan(0);
  return { dir, ids };
}

function runChild(dir: string, key: Buffer, point: EncryptPoint | 'none') {
  return spawnSync(
    process.execPath,
    [
      childJs,
      path.join(dir, 'quotedesk.sqlite'),
      path.join(dir, 'files'),
      key.toString('hex'),
      point,
    ],
    { encoding: 'utf8' },
  );
}

function expectWhole(dir: string, ids: string[], key: Buffer): void {
  const store = openStore(path.join(dir, 'quotedesk.sqlite'), {
    filesDir: path.join(dir, 'files'),
    key,
  });
  try {
    ids.forEach((id, i) => {
      const w = store.getWork(id);
      expect(w.lineItems[0]!.note).toBe(NOTES[i]);
      expect(w.lineItems[0]!.quantity).toBe(1 + i);
      if (i < 2) {
        expect(store.readFile(w.attachments[0]!.sha256!).toString('latin1')).toContain(
          `Harbor file ${i}`,
        );
      }
    });
    expect(store.listQuotes({ search: 'Harbor' }).content.map((q) => q.id)).toEqual([ids[1]]);
  } finally {
    store.close();
  }
  const left = filesUnder(dir).map((f) => path.relative(dir, f));
  expect(left.filter((f) => /\.(plain|encrypting|encrypt-step)/.test(f))).toEqual([]);
  expect(hitsOnDisk(dir, [...NOTES, acme.name, 'Harbor file'])).toEqual(new Map());
}

describe('encrypting a store from before encryption', () => {
  it('runs through when nothing stops it', () => {
    const { dir, ids } = plaintextStore();
    const key = crypto.randomBytes(32);
    const r = runChild(dir, key, 'none');
    expect(r.stdout + r.stderr).toContain('finished');
    expectWhole(dir, ids, key);
  });

  for (const point of ENCRYPT_POINTS) {
    it(`keeps every edit through a kill right after "${point}"`, () => {
      const { dir, ids } = plaintextStore();
      const key = crypto.randomBytes(32);
      const r = runChild(dir, key, point);
      expect(r.signal, r.stderr).toBe('SIGKILL');
      expectWhole(dir, ids, key);
    });
  }

  it('never takes a partial encrypted copy for the store (copy cut short, then killed)', () => {
    const { dir, ids } = plaintextStore();
    const key = crypto.randomBytes(32);
    expect(runChild(dir, key, 'rekeyed').signal).toBe('SIGKILL');
    const copy = path.join(dir, 'quotedesk.sqlite.encrypting');
    fs.truncateSync(copy, Math.floor(fs.statSync(copy).size / 2));
    expectWhole(dir, ids, key);
  });
});

/** What stores were encrypted with before the store's scheme changed, set on a fresh connection. */
function keyOldScheme(db: Database.Database, dbKey: Buffer, pragma: 'key' | 'rekey'): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.pragma(`${pragma} = "x'${dbKey.toString('hex')}'"`);
}

/**
 * A store as a build that encrypted with SQLCipher 4's settings leaves it after a crash: its
 * attachment files sealed, the database in that scheme, one more write still in its WAL.
 */
function oldSchemeStore(key: Buffer): { dir: string; ids: string[] } {
  const { dir: plain, ids } = plaintextStore();
  const file = path.join(plain, 'quotedesk.sqlite');
  openStore(file, { filesDir: path.join(plain, 'files'), key }).close();
  const dbKey = deriveStoreKeys(key).db;
  const current = new Database(file, { fileMustExist: true });
  current.pragma(`cipher = 'aegis'`);
  current.pragma(`key = "x'${dbKey.toString('hex')}'"`);
  current.pragma('journal_mode = DELETE');
  keyOldScheme(current, dbKey, 'rekey');
  current.close();
  const old = new Database(file, { fileMustExist: true });
  keyOldScheme(old, dbKey, 'key');
  old.pragma('journal_mode = WAL');
  old.pragma('wal_autocheckpoint = 0');
  old.prepare("INSERT INTO meta (key, value) VALUES ('test.inWal', '\"Harbor mark\"')").run();
  const dir = tempDir();
  fs.cpSync(plain, dir, { recursive: true, filter: (f) => !f.endsWith('-shm') });
  old.close();
  expect(fs.statSync(path.join(dir, 'quotedesk.sqlite-wal')).size).toBeGreaterThan(0);
  return { dir, ids };
}

function opensInOldScheme(file: string, key: Buffer): boolean {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    keyOldScheme(db, deriveStoreKeys(key).db, 'key');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return true;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function expectConverted(dir: string, ids: string[], key: Buffer): void {
  expectWhole(dir, ids, key);
  const file = path.join(dir, 'quotedesk.sqlite');
  const store = openStore(file, { filesDir: path.join(dir, 'files'), key });
  try {
    expect(store.getMeta('test.inWal')).toBe('Harbor mark');
  } finally {
    store.close();
  }
  expect(opensInOldScheme(file, key)).toBe(false);
}

describe('converting a store encrypted in the earlier scheme (SQLCipher 4 settings)', () => {
  it('opens it with every edit, in the store scheme, when nothing stops it', () => {
    const key = crypto.randomBytes(32);
    const { dir, ids } = oldSchemeStore(key);
    expect(opensInOldScheme(path.join(dir, 'quotedesk.sqlite'), key)).toBe(true);
    const r = runChild(dir, key, 'none');
    expect(r.stdout + r.stderr).toContain('finished');
    expectConverted(dir, ids, key);
  });

  it('counts its unsynced drafts while it is not open, without converting it', () => {
    const key = crypto.randomBytes(32);
    const { dir } = oldSchemeStore(key);
    const file = path.join(dir, 'quotedesk.sqlite');
    expect(countUnsyncedInFile(file, key).drafts).toBe(NOTES.length);
    expect(opensInOldScheme(file, key)).toBe(true);
  });

  // Its attachment files were sealed before: the last point is never reached.
  for (const point of ENCRYPT_POINTS.filter((p) => p !== 'file-sealed')) {
    it(`keeps every edit through a kill right after "${point}"`, () => {
      const key = crypto.randomBytes(32);
      const { dir, ids } = oldSchemeStore(key);
      const r = runChild(dir, key, point);
      expect(r.signal, r.stderr).toBe('SIGKILL');
      expectConverted(dir, ids, key);
    });
  }
});

// The chain of a quote's versions (main/store/version-chain.ts): each version records the
// SHA-256 of its content and of the version before it. A version changed, removed or put in
// another order in the SQLite file behind the store breaks the chain at that version, and
// "Verify" names it; a file written before the chain existed is chained when it is upgraded.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store';
import { M365, acme, clientOf, seededStore, tempDir } from './fixtures';

/** A quote with five versions, each after a change of the quantity; the store closed. */
function fiveVersions(): { file: string; quoteId: string } {
  const file = path.join(tempDir(), 'quotedesk.sqlite');
  const store = seededStore({ file });
  const q = store.createQuote({ client: clientOf(acme) });
  const [line] = store.addLineItems(q.id, [
    { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
  ]);
  for (let n = 1; n <= 5; n++) {
    store.updateLineItems(q.id, [{ id: line!, quantity: n * 10 }]);
    store.versions.save(q.id, { reason: 'saved', label: `Seats ${n * 10}`, by: 'Ada' });
  }
  expect(store.versions.verify(q.id).broken).toBeNull();
  store.close();
  return { file, quoteId: q.id };
}

/** Changes the file as another program would, then opens it as the app does. */
function behindTheStore(file: string, sql: string): Store {
  const db = new Database(file);
  const changed = db.prepare(sql).run();
  db.close();
  expect(changed.changes).toBeGreaterThan(0);
  return openStore(file);
}

describe('the chain of versions', () => {
  it('is whole for versions as they were saved, across a restart', () => {
    const { file, quoteId } = fiveVersions();
    const store = openStore(file);
    const check = store.versions.verify(quoteId);
    expect(check.broken).toBeNull();
    expect(check.links.map((l) => [l.number, l.intact])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, true]),
    );
    // Each version's link names the one before it.
    const list = store.versions.list(quoteId);
    expect(new Set(list.map((v) => v.chainSha256)).size).toBe(5);
    store.close();
  });

  it('names the version whose content was changed in the file', () => {
    const { file, quoteId } = fiveVersions();
    const store = behindTheStore(
      file,
      `UPDATE quote_versions SET doc = replace(doc, '"quantity":30', '"quantity":3') WHERE number = 3`,
    );
    const check = store.versions.verify(quoteId);
    expect(check.broken).toEqual({ number: 3, fault: 'altered' });
    expect(check.links.filter((l) => !l.intact).map((l) => l.number)).toEqual([3]);
    store.close();
  });

  it('names a version changed together with its recorded hash (its link no longer matches)', () => {
    const { file, quoteId } = fiveVersions();
    const db = new Database(file);
    const doc = (
      db.prepare('SELECT doc FROM quote_versions WHERE number = 2').pluck().get() as string
    ).replace('"quantity":20', '"quantity":2');
    const sha = createHash('sha256').update(doc, 'utf8').digest('hex');
    db.prepare('UPDATE quote_versions SET doc = ?, sha256 = ? WHERE number = 2').run(doc, sha);
    db.close();
    const store = openStore(file);
    expect(store.versions.verify(quoteId).broken).toEqual({ number: 2, fault: 'altered' });
    store.close();
  });

  it('names a version removed from the middle', () => {
    const { file, quoteId } = fiveVersions();
    const store = behindTheStore(file, 'DELETE FROM quote_versions WHERE number = 2');
    expect(store.versions.verify(quoteId).broken).toEqual({ number: 2, fault: 'removed' });
    store.close();
  });

  it('names a version removed and the ones after it renumbered', () => {
    const { file, quoteId } = fiveVersions();
    const db = new Database(file);
    db.prepare('DELETE FROM quote_versions WHERE number = 2').run();
    for (const n of [3, 4, 5])
      db.prepare('UPDATE quote_versions SET number = ? WHERE number = ?').run(n - 1, n);
    db.close();
    const store = openStore(file);
    expect(store.versions.verify(quoteId).broken).toEqual({ number: 2, fault: 'reordered' });
    store.close();
  });

  it('names the first of two versions put in each other’s place', () => {
    const { file, quoteId } = fiveVersions();
    const db = new Database(file);
    db.prepare('UPDATE quote_versions SET number = 99 WHERE number = 3').run();
    db.prepare('UPDATE quote_versions SET number = 3 WHERE number = 4').run();
    db.prepare('UPDATE quote_versions SET number = 4 WHERE number = 99').run();
    db.close();
    const store = openStore(file);
    expect(store.versions.verify(quoteId).broken).toEqual({ number: 3, fault: 'reordered' });
    store.close();
  });

  it('is computed in order for the versions of a file written before it existed', () => {
    const { file, quoteId } = fiveVersions();
    const db = new Database(file);
    // The file as the version before the chain wrote it (version 1 made before hashes too).
    db.exec(`ALTER TABLE quote_versions DROP COLUMN prev_sha256;
ALTER TABLE quote_versions DROP COLUMN chain_sha256;
UPDATE quote_versions SET sha256 = NULL WHERE number = 1;`);
    db.pragma('user_version = 15');
    db.close();
    const store = openStore(file);
    const check = store.versions.verify(quoteId);
    expect(check.broken).toBeNull();
    expect(check.links.map((l) => l.recorded)).toEqual(check.links.map((l) => l.recomputed));
    // A version saved after the upgrade follows on.
    store.versions.save(quoteId, { reason: 'saved', label: 'Six', by: 'Ada' });
    expect(store.versions.verify(quoteId).links).toHaveLength(6);
    expect(store.versions.verify(quoteId).broken).toBeNull();
    store.close();
  });
});

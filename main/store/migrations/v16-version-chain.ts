import { chainHash, versionHash } from '../local/version-chain';
import type { Migration } from './migration';

// A chain of versions (version-chain.ts): each version records, beside the SHA-256 of its
// content (migration 14), the chain hash of the version before it and its own, so "Verify"
// tells an altered, removed or reordered version. The versions already here are chained now,
// in order, as they are; one made before migration 14 gets its content's hash now too.
export const v16VersionChain: Migration = {
  version: 16,
  name: 'a chain of hashes through the versions of a quote',
  up: (db) => {
    db.exec(`ALTER TABLE quote_versions ADD COLUMN prev_sha256 TEXT;
ALTER TABLE quote_versions ADD COLUMN chain_sha256 TEXT;`);
    const rows = db
      .prepare<[], { qrow: number; number: number; doc: string; sha256: string | null }>(
        'SELECT qrow, number, doc, sha256 FROM quote_versions ORDER BY qrow, number',
      )
      .all();
    const set = db.prepare<[string, string | null, string, number, number]>(
      'UPDATE quote_versions SET sha256 = ?, prev_sha256 = ?, chain_sha256 = ? WHERE qrow = ? AND number = ?',
    );
    let qrow = -1;
    let prev: string | null = null;
    for (const r of rows) {
      if (r.qrow !== qrow) [qrow, prev] = [r.qrow, null];
      const sha = r.sha256 ?? versionHash(r.doc);
      const chain = chainHash(r.number, sha, prev);
      set.run(sha, prev, chain, r.qrow, r.number);
      prev = chain;
    }
  },
};

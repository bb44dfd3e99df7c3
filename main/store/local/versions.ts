// Versions of a quote (`store.versions`, table `quote_versions`): the working copy frozen when
// the salesperson published it (the quote as sent) or saved a version by hand, numbered 1, 2, 3
// per quote, with who, when and the status then, and the proposal PDF made from it. They are
// this computer's record only: the sync engine never reads them, so a sync neither sends nor
// changes them; they go with the quote when it is deleted here for good. Saving one is no
// edit of the quote: no generation, no undo step, no change event (nothing to sync). Each is a
// link of a chain of hashes (version-chain.ts) that "Verify" checks.
import type { VersionReason } from '../../../common/versions';
import { QuoteNotFoundError } from '../errors';
import type { StoreKernel } from '../kernel';
import { notDownloadedError } from '../syncing/stubs';
import { parseDoc } from '../quote/totals';
import type { QuoteStatus } from '../../../common/api';
import type { WorkQuote } from '../types';
import {
  chainHash,
  checkChain,
  versionHash,
  type ChainCheck,
  type ChainRow,
} from './version-chain';

export { versionHash } from './version-chain';

export interface VersionRecord {
  number: number;
  reason: VersionReason;
  label: string;
  createdOn: string;
  createdBy: string;
  status: QuoteStatus;
  /** The working copy as it was, totals included. */
  work: WorkQuote;
  pdf: { sha256: string; size: number } | null;
  /** SHA-256 of the content as stored (`doc`), null for a version made before hashes. */
  sha256: string | null;
  /** Its link in the chain (version-chain.ts): covers its content and the version before. */
  chainSha256: string | null;
}

export interface SaveVersionInput {
  reason: VersionReason;
  label: string;
  /** Who made it: the signed-in user's name ('' when not known yet). */
  by: string;
  /** The copy to freeze (default: the working copy as it is now). */
  work?: WorkQuote;
}

interface Row {
  number: number;
  reason: VersionReason;
  label: string;
  created_on: string;
  created_by: string;
  status: QuoteStatus;
  doc: string;
  pdf_sha256: string | null;
  pdf_size: number | null;
  sha256: string | null;
  prev_sha256: string | null;
  chain_sha256: string | null;
}

export class QuoteVersions {
  private s;

  constructor(private readonly k: StoreKernel) {
    const db = k.db;
    this.s = {
      next: db
        .prepare<[number], number>(
          'SELECT coalesce(max(number), 0) + 1 FROM quote_versions WHERE qrow = ?',
        )
        .pluck(),
      insert: db.prepare(
        `INSERT INTO quote_versions (qrow, number, reason, label, created_on, created_by, status, doc, sha256, prev_sha256, chain_sha256)
         VALUES (@qrow, @number, @reason, @label, @createdOn, @createdBy, @status, @doc, @sha256, @prev, @chain)`,
      ),
      last: db
        .prepare<[number], string | null>(
          'SELECT chain_sha256 FROM quote_versions WHERE qrow = ? ORDER BY number DESC LIMIT 1',
        )
        .pluck(),
      chainRows: db.prepare<[number], ChainRow>(
        'SELECT number, doc, sha256, prev_sha256, chain_sha256 FROM quote_versions WHERE qrow = ? ORDER BY number',
      ),
      relink: db.prepare<[string | null, string, number, number]>(
        'UPDATE quote_versions SET prev_sha256 = ?, chain_sha256 = ? WHERE qrow = ? AND number = ?',
      ),
      list: db.prepare<[number], Row>(
        'SELECT * FROM quote_versions WHERE qrow = ? ORDER BY number',
      ),
      reasons: db.prepare<[number], { number: number; reason: VersionReason }>(
        'SELECT number, reason FROM quote_versions WHERE qrow = ? ORDER BY number',
      ),
      get: db.prepare<[number, number], Row>(
        'SELECT * FROM quote_versions WHERE qrow = ? AND number = ?',
      ),
      setPdf: db.prepare<[string, number, number, number]>(
        'UPDATE quote_versions SET pdf_sha256 = ?, pdf_size = ? WHERE qrow = ? AND number = ?',
      ),
      put: db.prepare(
        `INSERT INTO quote_versions (qrow, number, reason, label, created_on, created_by, status, doc, sha256)
         VALUES (@qrow, @number, @reason, @label, @createdOn, @createdBy, @status, @doc, @sha256)
         ON CONFLICT(qrow, number) DO NOTHING`,
      ),
      all: db.prepare<[], Row & { quote_id: string }>(
        'SELECT v.*, q.id AS quote_id FROM quote_versions v JOIN quotes q USING (qrow) ORDER BY q.id, v.number',
      ),
      pdfs: db
        .prepare<[], string>('SELECT pdf_sha256 FROM quote_versions WHERE pdf_sha256 IS NOT NULL')
        .pluck(),
    };
  }

  /** Freezes the quote's working copy as it is now as its next version. */
  save(quoteId: string, input: SaveVersionInput): VersionRecord {
    return this.k.transaction(() => {
      const r = this.k.row(quoteId);
      if (r.deleted) throw new QuoteNotFoundError(quoteId);
      if (this.k.stubs.has(r.qrow)) throw notDownloadedError();
      const work = input.work ?? parseDoc(this.k.repo.workDoc(r.qrow));
      const number = this.s.next.get(r.qrow)!;
      const createdOn = this.k.now();
      const doc = JSON.stringify(work);
      const sha256 = versionHash(doc);
      const prev = this.s.last.get(r.qrow) ?? null;
      const chainSha256 = chainHash(number, sha256, prev);
      this.s.insert.run({
        qrow: r.qrow,
        number,
        reason: input.reason,
        label: input.label,
        createdOn,
        createdBy: input.by,
        status: work.status,
        doc,
        sha256,
        prev,
        chain: chainSha256,
      });
      return {
        reason: input.reason,
        label: input.label,
        number,
        createdOn,
        createdBy: input.by,
        status: work.status,
        work,
        pdf: null,
        sha256,
        chainSha256,
      };
    });
  }

  /** The quote's versions, oldest first; none for an unknown quote. */
  list(quoteId: string): VersionRecord[] {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.s.list.all(r.qrow).map(record) : [];
  }

  /** Each version's number and why it was made, oldest first: cheap, no content is read. */
  reasons(quoteId: string): { number: number; reason: VersionReason }[] {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.s.reasons.all(r.qrow) : [];
  }

  /** One version, or null. */
  get(quoteId: string, number: number): VersionRecord | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    const row = r ? this.s.get.get(r.qrow, number) : undefined;
    return row ? record(row) : null;
  }

  /** Every version of the quote hashed again as stored, and where the chain breaks. */
  verify(quoteId: string): ChainCheck {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return checkChain(r ? this.s.chainRows.all(r.qrow) : []);
  }

  /** Keeps the proposal PDF made from a version (stored like an attachment file). */
  setPdf(quoteId: string, number: number, bytes: Uint8Array): void {
    this.k.transaction(() => {
      const r = this.k.row(quoteId);
      const blob = this.k.blobs.put(bytes, this.k.now());
      this.s.setPdf.run(blob.sha256, blob.size, r.qrow, number);
    });
  }

  /** Every version of every quote here (an export of what exists only on this computer). */
  all(): (VersionRecord & { quoteId: string })[] {
    this.k.open();
    return this.s.all.all().map((r) => ({ ...record(r), quoteId: r.quote_id }));
  }

  /**
   * Puts back a version read from a file under its own number; false when the quote already
   * has a version of that number (the file imported before). Its PDF is made again on request.
   */
  put(quoteId: string, v: Omit<VersionRecord, 'pdf' | 'sha256' | 'chainSha256'>): boolean {
    return this.k.transaction(() => {
      const r = this.k.row(quoteId);
      const done = this.s.put.run({
        qrow: r.qrow,
        number: v.number,
        reason: v.reason,
        label: v.label,
        createdOn: v.createdOn,
        createdBy: v.createdBy,
        status: v.status,
        doc: JSON.stringify(v.work),
        sha256: versionHash(JSON.stringify(v.work)),
      });
      if (done.changes > 0) this.relink(r.qrow, v.number);
      return done.changes > 0;
    });
  }

  /** Chains the quote's versions again from `from` on, after one was put back among them. */
  private relink(qrow: number, from: number): void {
    let prev: string | null = null;
    for (const row of this.s.chainRows.all(qrow)) {
      if (row.number >= from) {
        const chain = chainHash(row.number, row.sha256 ?? versionHash(row.doc), prev);
        this.s.relink.run(prev, chain, qrow, row.number);
        prev = chain;
      } else prev = row.chain_sha256;
    }
  }

  /** Content addresses of every version's PDF: files the garbage collection must keep. */
  pdfFiles(): string[] {
    return this.s.pdfs.all();
  }
}

function record(row: Row): VersionRecord {
  return {
    number: row.number,
    reason: row.reason,
    label: row.label,
    createdOn: row.created_on,
    createdBy: row.created_by,
    status: row.status,
    work: parseDoc(row.doc),
    pdf: row.pdf_sha256 ? { sha256: row.pdf_sha256, size: row.pdf_size ?? 0 } : null,
    sha256: row.sha256,
    chainSha256: row.chain_sha256,
  };
}

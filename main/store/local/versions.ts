// Versions of a quote (`store.versions`, table `quote_versions`): the working copy frozen when
// the salesperson published it (the quote as sent) or saved a version by hand, numbered 1, 2, 3
// per quote, with who, when and the status then, and the proposal PDF made from it. They are
// this computer's record only: the sync engine never reads them, so a sync neither sends nor
// changes them; they go with the quote when it is deleted here for good. Saving one is no
// edit of the quote: no generation, no undo step, no change event (nothing to sync).
import { createHash } from 'node:crypto';
import type { VersionReason } from '../../../common/versions';
import { QuoteNotFoundError } from '../errors';
import type { StoreKernel } from '../kernel';
import { notDownloadedError } from '../syncing/stubs';
import { parseDoc } from '../quote/totals';
import type { QuoteStatus } from '../../../common/api';
import type { WorkQuote } from '../types';

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
}

/** What "Verify" reads: the content as stored and the hash it was stored with. */
export interface StoredVersion {
  doc: string;
  sha256: string | null;
}

export interface SaveVersionInput {
  reason: VersionReason;
  label: string;
  /** Who made it: the signed-in user's name ('' when not known yet). */
  by: string;
  /** The copy to freeze (default: the working copy as it is now). */
  work?: WorkQuote;
}

/** The hash a version is kept with, of its content exactly as stored. */
export function versionHash(doc: string): string {
  return createHash('sha256').update(doc, 'utf8').digest('hex');
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
        `INSERT INTO quote_versions (qrow, number, reason, label, created_on, created_by, status, doc, sha256)
         VALUES (@qrow, @number, @reason, @label, @createdOn, @createdBy, @status, @doc, @sha256)`,
      ),
      list: db.prepare<[number], Row>(
        'SELECT * FROM quote_versions WHERE qrow = ? ORDER BY number',
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
      stored: db.prepare<[number, number], StoredVersion>(
        'SELECT doc, sha256 FROM quote_versions WHERE qrow = ? AND number = ?',
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
      };
    });
  }

  /** The quote's versions, oldest first; none for an unknown quote. */
  list(quoteId: string): VersionRecord[] {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.s.list.all(r.qrow).map(record) : [];
  }

  /** One version, or null. */
  get(quoteId: string, number: number): VersionRecord | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    const row = r ? this.s.get.get(r.qrow, number) : undefined;
    return row ? record(row) : null;
  }

  /** A version's content exactly as stored and its recorded hash, or null. */
  stored(quoteId: string, number: number): StoredVersion | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return (r && this.s.stored.get(r.qrow, number)) || null;
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
  put(quoteId: string, v: Omit<VersionRecord, 'pdf' | 'sha256'>): boolean {
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
      return done.changes > 0;
    });
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
  };
}

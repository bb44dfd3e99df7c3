// Versions of a quote (`store.versions`, table `quote_versions`): the working copy frozen when
// the salesperson published it (the quote as sent) or saved a version by hand, numbered 1, 2, 3
// per quote, with who, when and the status then, and the proposal PDF made from it. They are
// this computer's record only: the sync engine never reads them, so a sync neither sends nor
// changes them; they go with the quote when it is deleted here for good. Saving one is no
// edit of the quote: no generation, no undo step, no change event (nothing to sync).
import type { VersionReason } from '../../common/versions';
import { QuoteNotFoundError } from './errors';
import type { StoreKernel } from './kernel';
import { notDownloadedError } from './stubs';
import { parseDoc } from './totals';
import type { QuoteStatus } from '../../common/api';
import type { WorkQuote } from './types';

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
}

export interface SaveVersionInput {
  reason: VersionReason;
  label: string;
  /** Who made it: the signed-in user's name ('' when not known yet). */
  by: string;
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
        `INSERT INTO quote_versions (qrow, number, reason, label, created_on, created_by, status, doc)
         VALUES (@qrow, @number, @reason, @label, @createdOn, @createdBy, @status, @doc)`,
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
      const work = parseDoc(this.k.repo.workDoc(r.qrow));
      const number = this.s.next.get(r.qrow)!;
      const createdOn = this.k.now();
      this.s.insert.run({
        qrow: r.qrow,
        number,
        reason: input.reason,
        label: input.label,
        createdOn,
        createdBy: input.by,
        status: work.status,
        doc: JSON.stringify(work),
      });
      return {
        ...input,
        number,
        createdOn,
        createdBy: input.by,
        status: work.status,
        work,
        pdf: null,
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

  /** Keeps the proposal PDF made from a version (stored like an attachment file). */
  setPdf(quoteId: string, number: number, bytes: Uint8Array): void {
    this.k.transaction(() => {
      const r = this.k.row(quoteId);
      const blob = this.k.blobs.put(bytes, this.k.now());
      this.s.setPdf.run(blob.sha256, blob.size, r.qrow, number);
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
  };
}

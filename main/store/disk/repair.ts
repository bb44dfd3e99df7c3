// Repair of a damaged store file: moved aside (never deleted), a fresh file made in its place,
// and every change not yet synced that can still be read put back as pending. The rest comes
// back from the server with the next sync (the fresh file has no pull cursor).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';
import { deriveStoreKeys } from './cipher';
import { openDatabase, openForReading } from './db';
import { damageMark } from './health';
import { readOne, readRows, type Row } from './salvage';
import { SqliteStore, type StoreOptions } from '../store';
import type { Store } from '../surface';
import type { WorkQuote } from '../types';

export interface RepairReport {
  /** Quotes with unsynced changes put back, by client and reference. */
  recovered: string[];
  /** What could not be read back, in words. */
  lost: string[];
  /** Where the damaged file now is. */
  movedTo: string;
}

const DOC_OK = (doc: unknown): doc is string => {
  if (typeof doc !== 'string') return false;
  try {
    const w = JSON.parse(doc) as { id?: unknown; lineItems?: unknown };
    return typeof w.id === 'string' && Array.isArray(w.lineItems);
  } catch {
    return false;
  }
};

/**
 * Moves the damaged `file` (with its WAL) aside, salvages its unsynced changes into a fresh
 * file at the same place, and opens that. The store at `file` must be closed.
 */
export function repairStore(
  file: string,
  opts: StoreOptions = {},
): { store: Store; report: RepairReport } {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = path.join(path.dirname(file), `damaged-${stamp}-${path.basename(file)}`);
  fs.renameSync(file, aside);
  for (const ext of ['-wal', '-shm']) {
    if (fs.existsSync(file + ext)) fs.renameSync(file + ext, aside + ext);
  }
  fs.rmSync(damageMark(file), { force: true });
  const report: RepairReport = { recovered: [], lost: [], movedTo: aside };
  const keys = opts.key ? deriveStoreKeys(opts.key) : null;
  const fresh = openDatabase(file, 'none', keys?.db ?? null).db;
  try {
    let old: Database.Database | null = null;
    try {
      old = openForReading(aside, keys?.db ?? null);
    } catch (err) {
      report.lost.push(`Nothing could be read from the damaged file (${(err as Error).message}).`);
    }
    if (old) {
      try {
        fresh.transaction(() => salvage(old!, fresh, report))();
      } finally {
        old.close();
      }
    }
  } finally {
    fresh.close();
  }
  return { store: new SqliteStore(file, { ...opts, integrityCheck: 'none' }), report };
}

function label(q: Row): string {
  const client = typeof q.client_name === 'string' && q.client_name ? q.client_name : 'A quote';
  const ref =
    typeof q.reference_code === 'string' && q.reference_code ? q.reference_code : 'not yet synced';
  return `${client} (${ref})`;
}

/** Copies rows into the fresh file, column by column as far as both schemas have them. */
class Writer {
  private cols = new Map<string, Set<string>>();
  constructor(readonly db: Database.Database) {}

  has(table: string): boolean {
    return this.columns(table).size > 0;
  }

  insert(table: string, row: Row): void {
    const keep = this.columns(table);
    const names = Object.keys(row).filter((k) => keep.has(k));
    this.db
      .prepare(
        `INSERT OR REPLACE INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      )
      .run(...names.map((n) => row[n]));
  }

  private columns(table: string): Set<string> {
    let c = this.cols.get(table);
    if (!c) {
      c = new Set(
        (this.db.pragma(`table_info(${table})`) as { name: string }[]).map((x) => x.name),
      );
      this.cols.set(table, c);
    }
    return c;
  }
}

/** Tables with one row per quote besides its list row and working copy (base, sync state…),
 * found in the schema so a table added later is carried over too. */
function perQuoteTables(db: Database.Database): string[] {
  const skip = new Set(['quotes', 'quote_work', 'quote_stubs', 'search_pending']);
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'",
    )
    .pluck()
    .all() as string[];
  return tables.filter((t) => {
    if (skip.has(t)) return false;
    const info = db.pragma(`table_info(${t})`) as { name: string; pk: number }[];
    return info.some((c) => c.name === 'qrow' && c.pk === 1);
  });
}

const isPending = (q: Row) =>
  Number(q.generation) > Number(q.synced_generation) ||
  Number(q.deleted) === 1 ||
  Number(q.open_conflicts) > 0;

function salvage(old: Database.Database, fresh: Database.Database, report: RepairReport): void {
  const out = new Writer(fresh);
  // Who the user is: creating quotes and "My quotes" need it before the first sync.
  for (const m of readRows(old, 'meta').rows) if (m.key === 'identity') out.insert('meta', m);

  const quotes = readRows(old, 'quotes');
  if (quotes.gaps > 0)
    report.lost.push(
      `${quotes.gaps} part(s) of the quote list could not be read; changes not yet synced to the quotes listed there are lost (synced ones are downloaded again).`,
    );
  const pending = quotes.rows.filter(isPending);
  if (pending.length === 0) return;
  const conflicts = readTable(
    old,
    'conflicts',
    report,
    'Some open conflicts could not be read back; sync compares those quotes with the server again.',
  );
  const ids = new Set<string>();
  const files = new Map<string, number>();
  const extra = perQuoteTables(fresh);
  for (const q of pending) {
    const work = readOne(old, 'SELECT doc FROM quote_work WHERE qrow = ?', q._rowid_);
    if (!DOC_OK(work?.doc)) {
      report.lost.push(`${label(q)}: the changes not yet synced could not be read.`);
      continue;
    }
    const open = conflicts.filter((c) => c.quote_id === q.id && c.resolved_at == null);
    putQuote(old, out, { ...q, open_conflicts: open.length }, work.doc, extra);
    for (const c of open) out.insert('conflicts', c);
    const w = JSON.parse(work.doc) as WorkQuote;
    for (const a of w.attachments ?? []) if (a.sha256) files.set(a.sha256, a.size ?? 0);
    ids.add(String(q.id));
    report.recovered.push(label(q));
  }
  for (const m of readRows(old, 'id_map').rows) {
    const owner = m.kind === 'quote' ? String(m.local_id) : String(m.quote_id);
    if (ids.has(owner)) out.insert('id_map', m);
  }
  const journal = readTable(
    old,
    'journal',
    report,
    'Some requests waiting for the server could not be read back; sync checks with the server before sending those quotes again.',
  );
  for (const j of journal)
    if (j.state !== 'done' && ids.has(String(j.quote_id))) out.insert('journal', j);
  // The attachment files stay where they are; their rows say they are in use.
  const now = new Date().toISOString();
  for (const [sha256, size] of files)
    out.insert('blobs', { _rowid_: 0, sha256, size, created_at: now });
}

function readTable(
  old: Database.Database,
  table: string,
  report: RepairReport,
  lost: string,
): Row[] {
  const r = readRows(old, table);
  if (r.gaps > 0) report.lost.push(lost);
  return r.rows;
}

/** One quote's list row, working copy and per-quote rows, its search entries to be rebuilt. */
function putQuote(old: Database.Database, out: Writer, q: Row, doc: string, extra: string[]): void {
  const qrow = q._rowid_;
  out.insert('quotes', q);
  out.insert('quote_work', { _rowid_: qrow, qrow, doc });
  for (const t of extra) {
    const row = readOne(old, `SELECT * FROM ${t} WHERE qrow = ?`, qrow);
    if (!row || ('doc' in row && !DOC_OK(row.doc))) continue;
    out.insert(t, row);
  }
  // A state no longer borne out (its conflicts unread) is pending: sync looks again.
  if (out.has('quote_sync')) {
    out.db.prepare('INSERT OR IGNORE INTO quote_sync (qrow) VALUES (?)').run(qrow);
    if (Number(q.open_conflicts) === 0)
      out.db
        .prepare("UPDATE quote_sync SET state = 'pending' WHERE qrow = ? AND state = 'conflict'")
        .run(qrow);
  }
  out.insert('search_pending', { _rowid_: qrow, qrow, codes: 1 });
}

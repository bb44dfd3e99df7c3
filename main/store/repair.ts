// Repair of a damaged store file: moved aside (never deleted), a fresh file made in its place,
// and every change not yet synced that can still be read put back as pending. The rest comes
// back from the server with the next sync (the fresh file has no pull cursor).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';
import { openDatabase, openForReading } from './db';
import { damageMark } from './health';
import { readOne, readRows, type Row } from './salvage';
import { Store, type StoreOptions } from './store';

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
  const fresh = openDatabase(file, 'none');
  try {
    let old: Database.Database | null = null;
    try {
      old = openForReading(aside);
    } catch (err) {
      report.lost.push(`Nothing could be read from the damaged file (${(err as Error).message}).`);
    }
    if (old) {
      try {
        fresh.transaction(() =>
          salvage(old!, fresh, report, opts.filesDir ?? defaultFiles(file)),
        )();
      } finally {
        old.close();
      }
    }
  } finally {
    fresh.close();
  }
  return { store: new Store(file, { ...opts, integrityCheck: 'none' }), report };
}

const defaultFiles = (file: string) => path.join(path.dirname(path.resolve(file)), 'attachments');

function label(q: Row): string {
  const client = typeof q.client_name === 'string' && q.client_name ? q.client_name : 'A quote';
  const ref =
    typeof q.reference_code === 'string' && q.reference_code ? q.reference_code : 'not yet synced';
  return `${client} (${ref})`;
}

function salvage(
  old: Database.Database,
  fresh: Database.Database,
  report: RepairReport,
  filesDir: string,
): void {
  const cols = (table: string) =>
    new Set((fresh.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
  const insert = (table: string, row: Row, keep: Set<string>) => {
    const names = Object.keys(row).filter((k) => keep.has(k));
    fresh
      .prepare(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      )
      .run(...names.map((n) => row[n]));
  };

  // Who the user is: creating quotes and "My quotes" need it before the first sync.
  const meta = readRows(old, 'meta');
  for (const m of meta.rows) if (m.key === 'identity') insert('meta', m, cols('meta'));

  const quotes = readRows(old, 'quotes');
  if (quotes.gaps > 0)
    report.lost.push(
      `${quotes.gaps} part(s) of the quote list could not be read; changes not yet synced to the quotes listed there are lost (synced ones are downloaded again).`,
    );
  const pending = quotes.rows.filter(
    (q) =>
      Number(q.generation) > Number(q.synced_generation) ||
      Number(q.deleted) === 1 ||
      Number(q.open_conflicts) > 0,
  );
  if (pending.length === 0) return;
  const ids = new Set<string>();
  const maps = readRows(old, 'id_map');
  const journal = readRows(old, 'journal');
  const conflicts = readRows(old, 'conflicts');
  if (journal.gaps > 0)
    report.lost.push(
      'Some requests waiting for the server could not be read back; sync checks with the server before sending those quotes again.',
    );
  if (conflicts.gaps > 0)
    report.lost.push(
      'Some open conflicts could not be read back; sync compares those quotes with the server again.',
    );

  const quoteCols = cols('quotes');
  const mapCols = cols('id_map');
  const journalCols = cols('journal');
  const conflictCols = cols('conflicts');
  const referenced = new Set<string>();
  for (const q of pending) {
    const qrow = q._rowid_;
    const work = readOne(old, 'SELECT doc FROM quote_work WHERE qrow = ?', qrow);
    if (!DOC_OK(work?.doc)) {
      report.lost.push(`${label(q)}: the changes not yet synced could not be read.`);
      continue;
    }
    const base = readOne(old, 'SELECT doc FROM quote_base WHERE qrow = ?', qrow);
    const open = conflicts.rows.filter((c) => c.quote_id === q.id && c.resolved_at == null);
    const row: Row = { ...q, open_conflicts: open.length };
    if (row.sync_state === 'conflict' && open.length === 0) row.sync_state = 'pending';
    insert('quotes', row, quoteCols);
    fresh.prepare('INSERT INTO quote_work (qrow, doc) VALUES (?, ?)').run(qrow, work.doc);
    if (DOC_OK(base?.doc))
      fresh.prepare('INSERT INTO quote_base (qrow, doc) VALUES (?, ?)').run(qrow, base.doc);
    fresh.prepare('INSERT INTO search_pending (qrow, codes) VALUES (?, 1)').run(qrow);
    for (const c of open) insert('conflicts', c, conflictCols);
    for (const m of work.doc.matchAll(/"sha256":"([0-9a-f]{64})"/g)) referenced.add(m[1]!);
    ids.add(String(q.id));
    report.recovered.push(label(q));
  }
  for (const m of maps.rows) {
    const owner = m.kind === 'quote' ? String(m.local_id) : String(m.quote_id);
    if (ids.has(owner)) insert('id_map', m, mapCols);
  }
  for (const j of journal.rows) {
    if (j.state !== 'done' && ids.has(String(j.quote_id))) insert('journal', j, journalCols);
  }
  // The attachment files stay where they are; their rows say they are in use.
  const now = new Date().toISOString();
  for (const sha of referenced) {
    const f = path.join(filesDir, sha.slice(0, 2), sha);
    if (!fs.existsSync(f)) continue;
    fresh
      .prepare('INSERT OR IGNORE INTO blobs (sha256, size, created_at) VALUES (?, ?, ?)')
      .run(sha, fs.statSync(f).size, now);
  }
}

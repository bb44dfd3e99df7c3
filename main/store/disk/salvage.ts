// Reading what can still be read from a damaged SQLite file. SQLite's own `.recover` is a
// shell command, not reachable through the driver, so rows are read one at a time by rowid:
// a damaged page fails only the rows stored on it, and the reader steps over it to the
// next rowid that reads.
import type Database from 'better-sqlite3-multiple-ciphers';

export type Row = Record<string, unknown> & { _rowid_: number };

export interface Salvaged {
  rows: Row[];
  /** Runs of rows that could not be read (a damaged page each, or the table's root). */
  gaps: number;
}

/** Every readable row of `table` (rowid order), with the damaged stretches counted. */
export function readRows(db: Database.Database, table: string): Salvaged {
  const q = `"${table.replace(/"/g, '""')}"`;
  let next: Database.Statement<[number], Row>;
  try {
    next = db.prepare(
      `SELECT rowid AS _rowid_, * FROM ${q} WHERE rowid > ? ORDER BY rowid LIMIT 1`,
    );
  } catch {
    return { rows: [], gaps: 1 };
  }
  const read = (after: number): { ok: true; row: Row | undefined } | { ok: false } => {
    try {
      return { ok: true, row: next.get(after) };
    } catch {
      return { ok: false };
    }
  };
  const max = maxRowid(db, q);
  const rows: Row[] = [];
  let gaps = 0;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const r = read(after);
    if (r.ok) {
      if (!r.row) break;
      rows.push(r.row);
      after = r.row._rowid_;
      continue;
    }
    gaps++;
    const good = firstReadable(after, max, (start) => read(start).ok);
    if (good === null) break;
    after = good;
  }
  return { rows, gaps };
}

/**
 * The first start past `bad` (a start that failed) from which rows read again: doubling
 * steps, then halving back so no readable row right after the damaged page is skipped.
 */
function firstReadable(bad: number, max: number, reads: (start: number) => boolean): number | null {
  let good: number | null = null;
  for (let step = 1; bad + step <= max; step *= 2) {
    if (reads(bad + step)) {
      good = bad + step;
      break;
    }
    bad += step;
  }
  if (good === null) return null;
  while (good - bad > 1) {
    const mid: number = bad + Math.floor((good - bad) / 2);
    if (reads(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/** One row by rowid, or null when it is missing or cannot be read. */
export function readOne(db: Database.Database, sql: string, rowid: number): Row | null {
  try {
    return (db.prepare(sql).get(rowid) as Row | undefined) ?? null;
  } catch {
    return null;
  }
}

function maxRowid(db: Database.Database, q: string): number {
  try {
    const m = db.prepare(`SELECT max(rowid) AS m FROM ${q}`).get() as { m: number | null };
    return m.m ?? Number.MIN_SAFE_INTEGER;
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}

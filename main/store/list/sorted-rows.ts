/**
 * Row ids in the order of one sort key, held in memory in place of a SQLite index (list-facts.ts
 * says which keys and why): ascending by (key, row id), exactly SQLite's `ORDER BY key, qrow`,
 * so the descending order is the same rows read from the end.
 *
 * Kept lazily: a row whose key changed, or a new row, is only noted; the next read mends the
 * order for a few such rows (taken out in one pass, each put back where a binary search says) and sorts it afresh after many (a first sign-in's thousands of new rows). Rows
 * that are gone stay in the order until the next sort: a reader skips rows that are not live.
 */
export class SortedRows {
  private rows: number[] | null = null;
  private moved = new Set<number>();

  constructor(
    /** Orders two rows by key, then by row id. */
    private readonly compare: (a: number, b: number) => number,
    /** Above this many noted rows the order is sorted again rather than mended. */
    private readonly maxMended = 256,
  ) {}

  /** A row's key changed, or the row is new. */
  touch(qrow: number): void {
    if (this.rows === null) return;
    this.moved.add(qrow);
    if (this.moved.size > this.maxMended) this.reset();
  }

  /** Every key may have changed (the order is sorted again on the next read). */
  reset(): void {
    this.rows = null;
    this.moved.clear();
  }

  /** The rows in ascending order; `live` lists the rows to sort when it must be sorted. */
  order(live: () => number[]): readonly number[] {
    if (this.rows === null) {
      this.rows = live().sort(this.compare);
      this.moved.clear();
      return this.rows;
    }
    // Every noted row out first: one still in its old place, under its new key, would mislead
    // the binary search of another.
    const moved = this.moved;
    const rows = moved.size ? this.rows.filter((q) => !moved.has(q)) : this.rows;
    this.rows = rows;
    for (const q of moved) {
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(rows[mid]!, q) < 0) lo = mid + 1;
        else hi = mid;
      }
      rows.splice(lo, 0, q);
    }
    this.moved.clear();
    return rows;
  }
}

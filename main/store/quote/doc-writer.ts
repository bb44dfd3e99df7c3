import type { WorkLineItem, WorkQuote } from '../types';

/**
 * Writes the stored form of one working copy edit after edit (`storedDoc`, for a copy whose
 * lines carry no totals), reusing the text of every line item that did not change: turning
 * numbers into text is most of the cost of writing a full quote, and an edit changes a line
 * or two. A line's text is reused only when the line still equals, value for value, the copy
 * taken when that text was written. The result is built in one piece (no joined fragments
 * left for the database driver to copy again).
 */
export class DocWriter {
  private lines = new Map<WorkLineItem, { json: string; copy: unknown }>();

  write(w: WorkQuote): string {
    const parts: string[] = [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    let seen = false;
    for (const k in w) {
      if (k === 'lineItems') seen = true;
      else if (k !== 'totals') (seen ? after : before)[k] = w[k as keyof WorkQuote];
    }
    const head = JSON.stringify(before);
    parts.push(head.slice(0, -1), head === '{}' ? '"lineItems":[' : ',"lineItems":[');
    const next = new Map<WorkLineItem, { json: string; copy: unknown }>();
    for (let i = 0; i < w.lineItems.length; i++) {
      const li = w.lineItems[i]!;
      let line = this.lines.get(li);
      if (line === undefined || !sameValue(line.copy, li)) {
        const json = JSON.stringify(li);
        line = { json, copy: JSON.parse(json) };
      }
      next.set(li, line);
      if (i > 0) parts.push(',');
      parts.push(line.json);
    }
    this.lines = next;
    const tail = JSON.stringify(after);
    parts.push(']', tail === '{}' ? '}' : `,${tail.slice(1)}`);
    return parts.join('');
  }
}

/** Whether `b` would be written as JSON the same as `a` (a parsed JSON value). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      // JSON writes undefined in an array as null.
      if (!sameValue(a[i], b[i] === undefined ? null : b[i])) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in y) {
    const v = y[k];
    if (v === undefined || typeof v === 'function') continue;
    n++;
    if (!(k in x) || !sameValue(x[k], v)) return false;
  }
  let m = 0;
  for (const k in x) if (x[k] !== undefined) m++;
  return n === m;
}

/**
 * Undo / redo entries. An entry turns one stored working copy into another: either the whole
 * target document (a JSON object, `{…`) or, when smaller, a patch of it (`@…`). A patch is
 * far smaller than a full quote and keeps each edit's history row within one database page;
 * it applies to exactly the document it was made from, so every entry of a stack is made from
 * the document the entry above it restores, the top one from the current working copy.
 *
 * Patch text: `@` + `at,cut,length` per hunk (`;` between) + a newline + every hunk's new
 * text, in order, unescaped. Stored documents are single-line JSON, so the first newline
 * ends the header, and a file address (`"sha256":"…"`) in a restored document is always
 * written whole, so the garbage collector still finds every file the history refers to.
 */

/** Starts of the JSON objects that begin with an id: quote parts, line items, products… */
const ENTITY = '{"id":';
const FILE_REF = '"sha256":"';

function chunks(doc: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = doc.indexOf(ENTITY, 1); i > 0; i = doc.indexOf(ENTITY, i + 1)) {
    out.push(doc.slice(start, i));
    start = i;
  }
  out.push(doc.slice(start));
  return out;
}

interface Hunk {
  at: number;
  cut: number;
  text: string;
}

/** One replaced region, trimmed to what differs (whole when it restores a file address). */
function hunk(at: number, from: string, to: string): Hunk {
  if (to.includes(FILE_REF)) return { at, cut: from.length, text: to };
  const max = Math.min(from.length, to.length);
  let p = 0;
  while (p < max && from.charCodeAt(p) === to.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && from.charCodeAt(from.length - 1 - s) === to.charCodeAt(to.length - 1 - s)) {
    s++;
  }
  return { at: at + p, cut: from.length - p - s, text: to.slice(p, to.length - s) };
}

/** The entry that turns `from` into `to`. */
export function historyEntry(from: string, to: string): string {
  if (from === to) return '@\n';
  const a = chunks(from);
  const b = chunks(to);
  const hunks: Hunk[] = [];
  let pos = 0;
  if (a.length === b.length) {
    // Same shape (an edit of fields, a move): pair the parts in order.
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== b[i]) hunks.push(hunk(pos, a[i]!, b[i]!));
      pos += a[i]!.length;
    }
  } else {
    // Parts added or removed: the head (which carries updatedOn) on its own, then one
    // region between the parts both sides share at the start and at the end.
    if (a[0] !== b[0]) hunks.push(hunk(0, a[0]!, b[0]!));
    pos = a[0]!.length;
    let lo = 1;
    while (lo < a.length && lo < b.length && a[lo] === b[lo]) pos += a[lo++]!.length;
    let ea = a.length;
    let eb = b.length;
    while (ea > lo && eb > lo && a[ea - 1] === b[eb - 1]) {
      ea--;
      eb--;
    }
    hunks.push(hunk(pos, a.slice(lo, ea).join(''), b.slice(lo, eb).join('')));
  }
  let head = '@';
  let body = '';
  for (const h of hunks) {
    if (h.cut === 0 && h.text.length === 0) continue;
    head += `${head.length > 1 ? ';' : ''}${h.at},${h.cut},${h.text.length}`;
    body += h.text;
  }
  return head.length + 1 + body.length < to.length ? `${head}\n${body}` : to;
}

/** The document an entry restores, given the document it was made from. */
export function applyEntry(from: string, entry: string): string {
  if (!entry.startsWith('@')) return entry;
  const nl = entry.indexOf('\n');
  const head = entry.slice(1, nl);
  let text = nl + 1;
  let last = 0;
  let out = '';
  if (head) {
    for (const h of head.split(';')) {
      const [at, cut, len] = h.split(',').map(Number) as [number, number, number];
      out += from.slice(last, at) + entry.slice(text, text + len);
      text += len;
      last = at + cut;
    }
  }
  return out + from.slice(last);
}

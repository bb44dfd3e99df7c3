// Fields only the server assigns (reference code, creator, links…): a server read that moved
// only these keeps the undo history, and undo snapshots take them over.
import type { WorkQuote } from '../types';

/** Fields the server assigns, which undo snapshots take over from a fresh server read. */
export function overlayServerFields(snapshot: WorkQuote, fresh: WorkQuote): void {
  snapshot.referenceCode = fresh.referenceCode;
  snapshot.partner = fresh.partner;
  snapshot.createdBy = fresh.createdBy;
  snapshot.createdByEmail = fresh.createdByEmail;
  snapshot.createdOn = fresh.createdOn;
  // A quote made here has no owner until its create round: the server makes its creator the
  // owner. Only an owner where there was none is the server's; a change of owner is an edit.
  if (snapshot.ownedBy === null) snapshot.ownedBy = fresh.ownedBy;
  const att = new Map(fresh.attachments.map((a) => [a.id, a]));
  for (const a of snapshot.attachments) {
    const f = att.get(a.id);
    if (f) Object.assign(a, { url: f.url, createdOn: f.createdOn, createdBy: f.createdBy });
  }
  const acc = new Map(fresh.accessList.map((e) => [e.id, e]));
  for (const e of snapshot.accessList) {
    const f = acc.get(e.id);
    if (f) e.link = f.link;
  }
}

/**
 * The document with every field only the server assigns blanked (as `overlayServerFields` would
 * take them from a blank copy), keys sorted: one copy of the quote, not three.
 */
export function withoutServerFields(w: WorkQuote): string {
  const c = JSON.parse(JSON.stringify(w)) as WorkQuote;
  c.referenceCode = '';
  c.partner = null;
  c.createdBy = '';
  c.createdByEmail = '';
  c.createdOn = '';
  c.updatedOn = '';
  for (const a of c.attachments) Object.assign(a, { url: null, createdOn: '', createdBy: null });
  for (const e of c.accessList) e.link = '';
  return canonical(c);
}

/**
 * Whether `next` (a server read) moved only what the server assigns from `cur`, the copy here:
 * then the undo history stays (its copies take those fields over).
 */
export function onlyServerFieldsMoved(cur: WorkQuote, next: WorkQuote): boolean {
  // What `overlayServerFields` would take over from `next` and the blanking leaves: an owner
  // where there was none.
  const ownedBy = cur.ownedBy === null ? next.ownedBy : cur.ownedBy;
  return withoutServerFields({ ...cur, ownedBy }) === withoutServerFields(next);
}

/**
 * Whether two working copies hold lists of the same lengths: when not, they differ however
 * they are compared, with or without the server's fields (which keep every list whole).
 */
export function sameShape(a: WorkQuote, b: WorkQuote): boolean {
  return (
    a.lineItems.length === b.lineItems.length &&
    a.sections.length === b.sections.length &&
    a.accessList.length === b.accessList.length &&
    a.attachments.length === b.attachments.length
  );
}

/** JSON with keys sorted, so equal documents compare equal whatever built them. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

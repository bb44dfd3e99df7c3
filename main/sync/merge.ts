// Three-way merge of one quote: base (last state read from the server), local (work) and
// remote (the server now). Changed on one side → take it; same change on both → take it;
// different changes → a conflict that keeps all three values, and the quote stops syncing.
import {
  ACCESS_FROZEN_STATUSES,
  COLLECTIONS,
  EDITABLE_STATUSES,
  type Collection,
  type HeaderState,
  type QuoteState,
  clone,
  same,
  splitPlacementKey,
} from './model';

export type ConflictKind =
  /** The same field changed differently on both sides. */
  | 'field'
  /** An entity deleted on one side and edited on the other. */
  | 'delete-edit'
  /** The remote status no longer allows the local changes. */
  | 'status'
  /** The quote was deleted remotely while it has local changes. */
  | 'deleted';

export interface Conflict {
  kind: ConflictKind;
  /** `header.<field>`, `<collection>.<key>.<field>`, `<collection>.<key>`, `quote`. */
  path: string;
  base: unknown;
  local: unknown;
  remote: unknown;
}

export interface MergeResult {
  /** null: the quote is gone for good (deleted remotely, no local change). */
  merged: QuoteState | null;
  conflicts: Conflict[];
}

type Obj = Record<string, unknown>;

/** The user's choice for a conflict seen before, if it still applies. */
export type Decide = (c: Conflict) => 'local' | 'remote' | undefined;
const undecided: Decide = () => undefined;

function mergeFields(
  b: Obj,
  l: Obj,
  r: Obj,
  path: string,
  conflicts: Conflict[],
  decide: Decide,
  skip: ReadonlySet<string> = new Set(),
): Obj {
  const out: Obj = {};
  const keys = new Set([...Object.keys(b), ...Object.keys(l), ...Object.keys(r)]);
  for (const k of keys) {
    if (skip.has(k)) continue;
    const bv = b[k];
    const lv = l[k];
    const rv = r[k];
    if (same(lv, rv)) out[k] = clone(lv);
    else if (same(bv, lv)) out[k] = clone(rv);
    else if (same(bv, rv)) out[k] = clone(lv);
    else {
      const c: Conflict = {
        kind: 'field',
        path: `${path}.${k}`,
        base: bv ?? null,
        local: lv,
        remote: rv,
      };
      const d = decide(c);
      // Undecided: keep the remote value in the merged view; the local one lives in the conflict.
      out[k] = clone(d === 'local' ? lv : rv);
      if (!d) conflicts.push(c);
    }
  }
  return out;
}

function mergeHeader(
  b: HeaderState,
  l: HeaderState,
  r: HeaderState,
  conflicts: Conflict[],
  decide: Decide,
) {
  // status and published move together: taking one side's status takes its published flag.
  const h = mergeFields(
    b as unknown as Obj,
    l as unknown as Obj,
    r as unknown as Obj,
    'header',
    conflicts,
    decide,
    new Set(['status', 'published']),
  );
  const bs = { status: b.status, published: b.published };
  const ls = { status: l.status, published: l.published };
  const rs = { status: r.status, published: r.published };
  let pick = rs;
  if (same(ls, rs) || same(bs, ls)) pick = rs;
  else if (same(bs, rs)) pick = ls;
  else {
    const c: Conflict = { kind: 'field', path: 'header.status', base: bs, local: ls, remote: rs };
    const d = decide(c);
    if (d === 'local') pick = ls;
    if (!d) conflicts.push(c);
  }
  return { ...(h as unknown as HeaderState), status: pick.status, published: pick.published };
}

function mergeCollection(
  name: Collection,
  b: Record<string, unknown>,
  l: Record<string, unknown>,
  r: Record<string, unknown>,
  conflicts: Conflict[],
  decide: Decide,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(b), ...Object.keys(l), ...Object.keys(r)]);
  for (const key of keys) {
    const bv = b[key] as Obj | undefined;
    const lv = l[key] as Obj | undefined;
    const rv = r[key] as Obj | undefined;
    const path = `${name}.${key}`;
    if (lv && rv) {
      // Present on both sides. Without a base (created here, its base not yet recorded)
      // the remote copy stands in for it, so the local values win.
      out[key] = mergeFields(bv ?? rv, lv, rv, path, conflicts, decide);
    } else if (lv && !rv) {
      if (!bv)
        out[key] = clone(lv); // added locally
      else if (!same(bv, lv)) {
        const c: Conflict = { kind: 'delete-edit', path, base: bv, local: lv, remote: null };
        const d = decide(c);
        if (d === 'local') out[key] = clone(lv); // added again
        if (!d) conflicts.push(c);
      } // else: deleted remotely, untouched locally → gone
    } else if (!lv && rv) {
      if (!bv)
        out[key] = clone(rv); // added remotely
      else if (!same(bv, rv)) {
        const c: Conflict = { kind: 'delete-edit', path, base: bv, local: null, remote: rv };
        const d = decide(c);
        if (d !== 'local') out[key] = clone(rv);
        if (!d) conflicts.push(c);
      } // else: deleted locally, untouched remotely → gone
    }
  }
  return out;
}

/** True when `a` and `b` differ in anything that needs an editable status to change. */
export function contentDiffers(a: QuoteState, b: QuoteState): boolean {
  const { status: _s1, published: _p1, ...ha } = a.header;
  const { status: _s2, published: _p2, ...hb } = b.header;
  return (
    !same(ha, hb) ||
    !same(a.items, b.items) ||
    !same(a.sections, b.sections) ||
    !same(a.placements, b.placements) ||
    !same(a.attachments, b.attachments)
  );
}

/**
 * A line item sits in one section at most (the server refuses more). When both sides moved
 * the same item to different sections, the local move wins; the remote one is dropped.
 */
export function oneSectionPerItem(merged: QuoteState, local: QuoteState): void {
  const byItem = new Map<string, string[]>();
  for (const k of Object.keys(merged.placements).sort()) {
    const { item } = splitPlacementKey(k);
    byItem.set(item, [...(byItem.get(item) ?? []), k]);
  }
  for (const keys of byItem.values()) {
    if (keys.length < 2) continue;
    const keep = keys.find((k) => local.placements[k]) ?? keys[0]!;
    for (const k of keys) if (k !== keep) delete merged.placements[k];
  }
}

/**
 * An add-on needs its parent on the quote. When the merge keeps an add-on (e.g. the user
 * kept their edited add-on after a remote delete) but not its parent, the parent comes back
 * from the local side.
 */
export function keepParents(merged: QuoteState, local: QuoteState): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const it of Object.values(merged.items)) {
      const p = it.parent;
      if (p && !merged.items[p] && local.items[p]) {
        merged.items[p] = clone(local.items[p]);
        changed = true;
      }
    }
  }
}

/** Removes placements whose section or line item no longer exists. */
export function dropDanglingPlacements(q: QuoteState): void {
  for (const k of Object.keys(q.placements)) {
    const { section, item } = splitPlacementKey(k);
    if (!q.sections[section] || !q.items[item]) delete q.placements[k];
  }
}

export function merge(
  base: QuoteState | null,
  local: QuoteState,
  remote: QuoteState | null,
  decide: Decide = undecided,
): MergeResult {
  const conflicts: Conflict[] = [];
  if (!remote) {
    if (!base) return { merged: clone(local), conflicts }; // never created remotely yet
    if (same(base, local)) return { merged: null, conflicts };
    const c: Conflict = { kind: 'deleted', path: 'quote', base, local, remote: null };
    // Taking mine means creating it again, which the engine does before merging.
    return { merged: null, conflicts: decide(c) === 'remote' ? [] : [c] };
  }
  // A quote created from here whose base was not yet recorded: the server's defaults of a
  // new quote stand as the base header, and the server's entities count as its additions.
  const b: QuoteState = base ?? {
    header: remote.header,
    items: {},
    sections: {},
    placements: {},
    access: {},
    attachments: {},
  };
  const merged = {
    header: mergeHeader(b.header, local.header, remote.header, conflicts, decide),
  } as QuoteState;
  for (const c of COLLECTIONS) {
    (merged as unknown as Record<string, unknown>)[c] = mergeCollection(
      c,
      b[c],
      local[c],
      remote[c],
      conflicts,
      decide,
    );
  }
  keepParents(merged, local);
  dropDanglingPlacements(merged);
  oneSectionPerItem(merged, local);

  if (!conflicts.length) {
    const needsEdit = contentDiffers(merged, remote);
    const statusBlocks =
      !EDITABLE_STATUSES.has(remote.header.status) &&
      (!EDITABLE_STATUSES.has(merged.header.status) ||
        merged.header.status === remote.header.status);
    const accessBlocks =
      ACCESS_FROZEN_STATUSES.has(remote.header.status) && !same(merged.access, remote.access);
    if ((needsEdit && statusBlocks) || accessBlocks) {
      const c: Conflict = {
        kind: 'status',
        path: 'quote.status',
        base: b.header.status,
        local: local.header.status,
        remote: remote.header.status,
      };
      const d = decide(c);
      if (d === 'remote') return { merged: clone(remote), conflicts: [] };
      if (d === 'local') {
        // Mine: move the quote back to my status (e.g. revoke a sent quote) and edit it.
        merged.header.status =
          local.header.status === remote.header.status ? 'draft' : local.header.status;
        merged.header.published = merged.header.status === 'sent';
      } else conflicts.push(c);
    }
  }
  return { merged, conflicts };
}

// The next call that moves the server's known state one step toward the merged state.
// The executor applies each answer to `known` and asks again, so a plan is never stale:
// after a failure the engine re-reads the server and starts from what is really there.
// Dependency order: create quote → (status change that re-opens editing) → delete items →
// add items (add-ons together with their parents) → update items → header → sections →
// access list → attachments → (a status change that closes editing, e.g. publish).
import {
  EDITABLE_STATUSES,
  ITEM_IMMUTABLE_FIELDS,
  type ItemState,
  type QuoteState,
  same,
} from './model';

export type Step =
  | { kind: 'createQuote'; clientId: string }
  | { kind: 'updateHeader' }
  | { kind: 'deleteItems'; keys: string[] }
  | { kind: 'addItems'; keys: string[] }
  | { kind: 'updateItems'; keys: string[] }
  | { kind: 'createSection'; key: string }
  | { kind: 'putSections' }
  | { kind: 'deleteAccess'; key: string }
  | { kind: 'addAccess'; keys: string[] }
  | { kind: 'deleteAttachment'; key: string }
  | { kind: 'uploadAttachments'; keys: string[] }
  | { kind: 'updateAttachments' };

function headerDiffers(a: QuoteState, b: QuoteState): boolean {
  const { clientId: _a, ...ha } = a.header;
  const { clientId: _b, ...hb } = b.header;
  return !same(ha, hb);
}

function mustReplace(want: ItemState, have: ItemState): boolean {
  return ITEM_IMMUTABLE_FIELDS.some((f) => !same(want[f], have[f]));
}

/** Items on the server that must go: gone from the merged state, or changed in a way the
 * API cannot update, plus every add-on whose parent goes (a parent cannot leave alone). */
export function itemsToDelete(merged: QuoteState, known: QuoteState): string[] {
  const out = new Set<string>();
  for (const [k, have] of Object.entries(known.items)) {
    const want = merged.items[k];
    if (!want || mustReplace(want, have)) out.add(k);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [k, have] of Object.entries(known.items)) {
      if (!out.has(k) && have.parent && out.has(have.parent)) {
        out.add(k);
        grew = true;
      }
    }
  }
  return [...out].sort();
}

/** New items in an order where every parent precedes its add-ons. */
export function itemsToAdd(
  merged: QuoteState,
  known: QuoteState,
  order: readonly string[] = [],
): string[] {
  // In the order the salesperson sees them (the server keeps items in the order they were
  // added); items not in that order after them, by key, so a plan is always the same.
  const at = new Map(order.map((k, i) => [k, i]));
  const rank = (k: string) => at.get(k) ?? Infinity;
  const fresh = Object.keys(merged.items)
    .filter((k) => !known.items[k])
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const freshSet = new Set(fresh);
  const out: string[] = [];
  const placed = new Set<string>();
  const visit = (k: string, depth: number) => {
    if (placed.has(k) || depth > fresh.length) return;
    const p = merged.items[k]?.parent;
    if (p && freshSet.has(p)) visit(p, depth + 1);
    placed.add(k);
    out.push(k);
  };
  for (const k of fresh) visit(k, 0);
  return out;
}

export function itemsToUpdate(merged: QuoteState, known: QuoteState): string[] {
  return Object.keys(merged.items)
    .filter((k) => known.items[k] && !same(merged.items[k], known.items[k]))
    .sort();
}

export function sectionsDiffer(merged: QuoteState, known: QuoteState): boolean {
  return !same(merged.sections, known.sections) || !same(merged.placements, known.placements);
}

function accessChanged(merged: QuoteState, known: QuoteState, k: string): boolean {
  return !merged.access[k] || !same(merged.access[k], known.access[k]);
}

export interface PlanOptions {
  /** The server does not take new section ids in PUT sections: create each one first. */
  createSections?: boolean;
  /** Local keys of the line items in the working copy's order: new items are added so. */
  itemOrder?: readonly string[];
}

export function nextStep(
  merged: QuoteState,
  known: QuoteState | null,
  opts: PlanOptions = {},
): Step | null {
  if (!known) return { kind: 'createQuote', clientId: merged.header.clientId };

  const header = headerDiffers(merged, known);
  const reopens =
    !EDITABLE_STATUSES.has(known.header.status) && EDITABLE_STATUSES.has(merged.header.status);
  if (header && reopens) return { kind: 'updateHeader' };

  const del = itemsToDelete(merged, known);
  if (del.length) return { kind: 'deleteItems', keys: del };
  const add = itemsToAdd(merged, known, opts.itemOrder);
  if (add.length) return { kind: 'addItems', keys: add };
  const upd = itemsToUpdate(merged, known);
  if (upd.length) return { kind: 'updateItems', keys: upd };

  if (opts.createSections) {
    const newSection = Object.keys(merged.sections)
      .sort()
      .find((k) => !known.sections[k]);
    if (newSection) return { kind: 'createSection', key: newSection };
  }
  if (sectionsDiffer(merged, known)) return { kind: 'putSections' };

  const goneAccess = Object.keys(known.access)
    .sort()
    .find((k) => accessChanged(merged, known, k));
  if (goneAccess) return { kind: 'deleteAccess', key: goneAccess };
  const newAccess = Object.keys(merged.access)
    .filter((k) => !known.access[k])
    .sort();
  if (newAccess.length) return { kind: 'addAccess', keys: newAccess };

  const goneAtt = Object.keys(known.attachments)
    .sort()
    .find((k) => !merged.attachments[k]);
  if (goneAtt) return { kind: 'deleteAttachment', key: goneAtt };
  const newAtt = Object.keys(merged.attachments)
    .filter((k) => !known.attachments[k])
    .sort(
      (a, b) => merged.attachments[a]!.order - merged.attachments[b]!.order || (a < b ? -1 : 1),
    );
  if (newAtt.length) return { kind: 'uploadAttachments', keys: newAtt };
  if (!same(merged.attachments, known.attachments)) return { kind: 'updateAttachments' };

  // The header last (a status that closes editing must come after the content anyway): its
  // answer is the whole quote as it stands after every other call, so it is the read-back's
  // read of the quote too.
  if (header) return { kind: 'updateHeader' };
  return null;
}

// What this device created on the server since the base was last recorded: part of the base
// until the next commit (after a crash between an answer and the commit, for example).
import type { EntityKind, PushedEntity, SyncCollection } from '../store';
import { type QuoteState, clone, emptyQuote } from './model';
import type { SyncStore } from './ports';

/** An entity this device created on the server, as it was sent, for the base to show. */
export type Pushed = PushedEntity;

/**
 * Entities this device created on the server since the base was last recorded (their
 * answers recorded, the commit not yet, e.g. after a crash). They count as part of the base:
 * deleted here since → delete there; deleted there → gone here; never "added" again.
 */
export function pushedOf(store: SyncStore, quoteId: string): Pushed[] {
  return store.sync.syncRecord(quoteId)?.pushed ?? [];
}

/** Called inside the transaction that records the mappings. */
export function markPushed(store: SyncStore, quoteId: string, entries: Pushed[]): void {
  if (!entries.length) return;
  const all = new Map(pushedOf(store, quoteId).map((p) => [`${p.collection}:${p.key}`, p]));
  for (const e of entries) all.set(`${e.collection}:${e.key}`, e);
  store.sync.setBookkeeping(quoteId, { pushed: [...all.values()] });
}

/** The base with what this device created since: null stays null when nothing was. */
export function withPushed(
  base: QuoteState | null,
  pushed: Pushed[],
  remote: QuoteState | null,
): QuoteState | null {
  if (!pushed.length || (!base && !remote)) return base;
  const b: QuoteState = base ? clone(base) : { ...emptyQuote(remote!.header) };
  for (const p of pushed) {
    const col = b[p.collection] as Record<string, unknown>;
    if (!(p.key in col)) col[p.key] = clone(p.value);
  }
  return b;
}

const COLLECTION_OF_KIND: Partial<Record<EntityKind, SyncCollection>> = {
  lineItem: 'items',
  section: 'sections',
  accessEntry: 'access',
  attachment: 'attachments',
};

export function pushedEntries(
  merged: QuoteState,
  mappings: { kind: EntityKind; localId: string }[],
): Pushed[] {
  return mappings.flatMap((m) => {
    const collection = COLLECTION_OF_KIND[m.kind];
    const value = collection
      ? (merged[collection] as Record<string, unknown>)[m.localId]
      : undefined;
    return collection && value !== undefined ? [{ collection, key: m.localId, value }] : [];
  });
}

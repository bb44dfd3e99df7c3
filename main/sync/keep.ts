// The safety net: a round never removes from the server, nor commits, a state without an
// entity the salesperson has here — unless the user deleted it here, or the server deleted it
// after a base that had it. It does not depend on why a plan or a read-back would lose it
// (ids spelled two ways, an answer shaped unexpectedly, a bug of ours): the round stops, the
// quote is parked with an error naming what would have been lost, and the working copy keeps
// everything. The entities named are kept in the quote's sync bookkeeping (`kept`) and are taken out
// of the base until a round commits with them: so the next round sends them again instead of
// reading their absence as a remote delete.
import type { WorkQuote } from '../store';
import type { QuoteState } from './model';
import type { SyncStore } from './ports';
import type { Stop } from './stops';

/** The collections of entities a round must not lose (placements follow their section). */
export const KEPT = ['items', 'sections', 'access', 'attachments'] as const;
export type Kept = (typeof KEPT)[number];

export interface Lost {
  collection: Kept;
  key: string;
}

const tag = (l: Lost) => `${l.collection}:${l.key}`;

export function keptOf(store: SyncStore, quoteId: string): Lost[] {
  return store.sync.syncRecord(quoteId)?.kept ?? [];
}

/** The base without the entities kept from an earlier stopped round (a new object). */
export function withoutKept(base: QuoteState | null, kept: Lost[]): QuoteState | null {
  if (!base || !kept.length) return base;
  const b: QuoteState = { ...base };
  for (const c of KEPT) b[c] = { ...base[c] } as never;
  for (const l of kept) delete (b[l.collection] as Record<string, unknown>)[l.key];
  return b;
}

/** What the salesperson calls each entity, for the error message. */
function describe(work: WorkQuote, l: Lost): string {
  switch (l.collection) {
    case 'items': {
      const li = work.lineItems.find((x) => x.id === l.key);
      return `line item “${li?.product.name ?? l.key}”`;
    }
    case 'sections':
      return `section “${work.sections.find((x) => x.id === l.key)?.name ?? l.key}”`;
    case 'access':
      return `recipient ${work.accessList.find((x) => x.id === l.key)?.email ?? l.key}`;
    case 'attachments':
      return `attachment “${work.attachments.find((x) => x.id === l.key)?.name ?? l.key}”`;
  }
}

/**
 * Entities out of the base until a round commits with them: stopped rounds' losses, and
 * entities a round removes on the server to add them again (a replacement). A later attempt
 * then sees them as still to add, never as deleted remotely.
 */
export function keep(store: SyncStore, quoteId: string, entities: Lost[]): void {
  if (!entities.length) return;
  const all = new Map([...keptOf(store, quoteId), ...entities].map((l) => [tag(l), l]));
  store.sync.setBookkeeping(quoteId, { kept: [...all.values()] });
}

/** Back in the base: a removal the server refused. */
export function unkeep(store: SyncStore, quoteId: string, entities: Lost[]): void {
  if (!entities.length) return;
  const gone = new Set(entities.map(tag));
  const rest = keptOf(store, quoteId).filter((l) => !gone.has(tag(l)));
  store.sync.setBookkeeping(quoteId, { kept: rest });
}

/** The round would lose local entities: it stops, and the quote is parked with this message. */
export function wouldLose(store: SyncStore, quoteId: string, work: WorkQuote, lost: Lost[]): Stop {
  const what = lost.map((l) => describe(work, l)).join(', ');
  // Recorded at once (not with the commit that will not happen): the next round re-adds them.
  keep(store, quoteId, lost);
  return {
    stop: 'lose',
    message: `Sync stopped to keep your work: the server's answers would have removed ${what}. Everything is still here; sync this quote again, or tell your administrator if this comes back.`,
  };
}

/** What one round did and saw, for the checks. */
export class RoundTrack {
  /** Entities this round removed on the server (`collection:key`). */
  readonly removed = new Set<string>();
  /** Entities the round saw on the server, in its first read or after one of its calls. */
  readonly seen = new Set<string>();

  see(state: QuoteState | null): void {
    if (!state) return;
    for (const c of KEPT) for (const k of Object.keys(state[c])) this.seen.add(`${c}:${k}`);
  }
}

/**
 * Before a call that removes `keys` of `collection` on the server: every one the salesperson
 * still has here must be in the merged state too (a replacement, added again next), or the
 * call would delete their work. Returns the ones that would be lost.
 */
export function removalLoses(
  collection: Kept,
  keys: readonly string[],
  local: QuoteState,
  merged: QuoteState,
): Lost[] {
  return keys
    .filter((k) => k in local[collection] && !(k in merged[collection]))
    .map((key) => ({ collection, key }));
}

export type CommitVerdict =
  | { ok: true }
  /** Someone else removed an entity while the round ran: merge again from a fresh read. */
  | { ok: false; reread: true; lost: Lost[] }
  | { ok: false; reread: false; lost: Lost[] };

/**
 * The state about to be committed (`final`, read back from the server) against what the
 * salesperson has here (`local`, at the round's start, and still here now: `stillHere`).
 * A local entity may be missing from it only when the server deleted it after a base that had
 * it (`base`: the base the round merged with, what this device created counted in).
 */
export function checkCommit(
  local: QuoteState,
  stillHere: QuoteState,
  final: QuoteState,
  base: QuoteState | null,
  track: RoundTrack,
): CommitVerdict {
  const lost: Lost[] = [];
  let reread = true;
  for (const collection of KEPT) {
    for (const key of Object.keys(local[collection])) {
      if (key in final[collection] || !(key in stillHere[collection])) continue;
      const t = `${collection}:${key}`;
      if (track.removed.has(t)) reread = false;
      else if (track.seen.has(t)) {
        // On the server during this round, not removed by it: someone else did. The next
        // attempt merges that delete like any other (a conflict when it was edited here).
      } else if (base && key in base[collection])
        continue; // deleted remotely, merged away
      else reread = false;
      lost.push({ collection, key });
    }
  }
  if (!lost.length) return { ok: true };
  return { ok: false, reread, lost };
}

// A deleted quote's delete is held back from the server for the undo window: a quote the
// salesperson takes back within it is the same quote again (same reference code), not a new
// copy. Kept as meta, so a restart after the window simply sends the delete.
import type { SyncStore } from './ports';

const key = (quoteId: string) => `sync.deleteHeldUntil.${quoteId}`;

export function holdDelete(
  store: Pick<SyncStore, 'setMeta'>,
  quoteId: string,
  untilMs: number,
): void {
  store.setMeta(key(quoteId), new Date(untilMs).toISOString());
}

export function releaseDelete(store: Pick<SyncStore, 'setMeta'>, quoteId: string): void {
  store.setMeta(key(quoteId), null);
}

/** True while the delete of this quote is still held back. */
export function deleteHeld(
  store: Pick<SyncStore, 'getMeta'>,
  quoteId: string,
  nowMs = Date.now(),
): boolean {
  const until = store.getMeta<string>(key(quoteId));
  return !!until && Date.parse(until) > nowMs;
}

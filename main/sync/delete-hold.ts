// A deleted quote's delete is held back from the server for the undo window: a quote the
// salesperson takes back within it is the same quote again (same reference code), not a new
// copy. Kept in the quote's sync bookkeeping (store.sync), so a restart after the window
// simply sends the delete.
import type { SyncStore } from './ports';

type Bookkeeping = Pick<SyncStore, 'sync'>;

export function holdDelete(store: Bookkeeping, quoteId: string, untilMs: number): void {
  store.sync.setBookkeeping(quoteId, { deleteHeldUntil: new Date(untilMs).toISOString() });
}

/** The hold is over (restored, or the delete was sent); nothing to do for a quote gone. */
export function releaseDelete(store: Bookkeeping, quoteId: string): void {
  if (store.sync.syncRecord(quoteId)?.deleteHeldUntil)
    store.sync.setBookkeeping(quoteId, { deleteHeldUntil: null });
}

/** True while the delete of this quote is still held back. */
export function deleteHeld(store: Bookkeeping, quoteId: string, nowMs = Date.now()): boolean {
  const until = store.sync.syncRecord(quoteId)?.deleteHeldUntil;
  return !!until && Date.parse(until) > nowMs;
}

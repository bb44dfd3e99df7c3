// The sync engine's way into the store: the store as main/sync sees it — the public surface
// (surface.ts) and its sync side (`store.sync`: the id map written, server state in and out,
// the request journal, the conflicts; syncing/sync-side.ts), and the purge of a quote the
// server no longer has. Only main/sync imports this file (ESLint, eslint.config.js): the
// salesperson's edits and every other caller go through the public surface, so none of them
// can write sync's bookkeeping by mistake.
import { StoreError } from './errors';
import type { Store } from './surface';
import type { StoreSync } from './syncing/sync-side';

export type { StoreSync };

/** The store with its sync side: what the sync engine works with. */
export interface EngineStore extends Store {
  /** The sync engine's side: id map, server state in and out, journal, conflicts. */
  readonly sync: StoreSync;
  /** Forgets a quote entirely (its remote delete is done, or it was deleted remotely). */
  purgeQuote(quoteId: string): void;
}

/**
 * The sync side of a store opened by `openStore` (or of a wrapper of one that keeps it, as the
 * simulation's crash injector): the store handed down by the core or a service, seen whole.
 */
export function engineStore<S extends Store | Pick<EngineStore, 'sync'>>(
  store: S,
): S & Pick<EngineStore, 'sync' | 'purgeQuote'> {
  if (!('sync' in store) || !store.sync) {
    throw new StoreError('NO_SYNC_SIDE', 'This store has no sync side.');
  }
  return store as S & Pick<EngineStore, 'sync' | 'purgeQuote'>;
}

// Before a connection is removed: what exists only on this computer, counted from its store
// (the open one, or another connection's read with its key) and put in words, so "Remove
// anyway" is a choice made knowing what it loses.
import type { RemovalCheck } from '../../common/ipc';
import type { UnsyncedCounts } from '../store';
import { unsyncedOfClosedStore } from '../vault';
import type { ServiceContext } from './context';
import { storeDirOf } from './profile-wipe';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function unsyncedSummary(c: UnsyncedCounts): string | null {
  const parts = [
    c.drafts > 0 && plural(c.drafts, 'draft not yet synced', 'drafts not yet synced'),
    c.deletes > 0 && plural(c.deletes, 'delete not yet synced', 'deletes not yet synced'),
    c.conflicts > 0 && plural(c.conflicts, 'unresolved conflict', 'unresolved conflicts'),
    c.files > 0 && plural(c.files, 'file not uploaded', 'files not uploaded'),
  ].filter((p): p is string => typeof p === 'string');
  return parts.length > 0 ? parts.join(', ') : null;
}

export async function removalCheck(ctx: ServiceContext, profileId: string): Promise<RemovalCheck> {
  const none = { counted: false, drafts: 0, deletes: 0, conflicts: 0, files: 0, summary: null };
  if (ctx.activeProfileId() === profileId) {
    // The store in use: counted where it is open (a locked one cannot be read).
    if (ctx.storeAccess().state !== 'open') return none;
    const counts = ctx.store().unsynced();
    return { counted: true, ...counts, summary: unsyncedSummary(counts) };
  }
  // Another connection's store: read-only with its key from the keychain, never opened for use.
  const counts = await unsyncedOfClosedStore(ctx.vault, storeDirOf(ctx, profileId));
  return counts ? { counted: true, ...counts, summary: unsyncedSummary(counts) } : none;
}

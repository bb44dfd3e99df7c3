// Before a connection is removed: what exists only on this computer, counted from the open
// store and put in words, so "Remove anyway" is a choice made knowing what it loses.
import type { RemovalCheck } from '../../common/ipc';
import type { UnsyncedCounts } from '../store';
import type { ServiceContext } from './context';

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

export function removalCheck(ctx: ServiceContext, profileId: string): RemovalCheck {
  // Only the active profile's store is open (and unlocked); another one's is not opened just
  // to count it.
  if (ctx.activeProfileId() !== profileId || ctx.storeAccess().state !== 'open') {
    return { counted: false, drafts: 0, deletes: 0, conflicts: 0, files: 0, summary: null };
  }
  const counts = ctx.store().unsynced();
  return { counted: true, ...counts, summary: unsyncedSummary(counts) };
}

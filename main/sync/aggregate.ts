// The server's aggregate of one quote (quote, sections, access list). The push keeps a copy up
// to date from the answers of its own calls to plan the next call; what becomes the base is
// always read fresh (`readAggregate`), after the last call — the parts a round did not touch
// and whose stamp says nobody else did either are taken from the base, marked behind.
import type { RemoteAggregate } from '../store';
import { isGone } from './errors';
import type { SyncApi } from './ports';

/** The parts of an aggregate read apart from the quote. */
export type Part = 'sections' | 'accessList';
export const PARTS: readonly Part[] = ['sections', 'accessList'];

/** Parts taken from an aggregate already held instead of read again. */
export interface Reuse {
  from: RemoteAggregate;
  parts: readonly Part[];
  /** The result's `partsBehind` (none when empty). */
  behind: readonly Part[];
}

/**
 * The quote's aggregate as the server holds it; null when the quote is gone (deleted, or never
 * visible to this partner).
 *
 * The quote is read first, then its sections and access list together: the quote's
 * `updatedOn` is the stamp the pull compares with the list to decide whether a quote changed
 * since, so it must be no newer than what the other two reads saw. (Read all three at once,
 * a change landing between them could carry the stamp while the part it changed was read
 * before it, and the pull would never look again.) Parts named in `reuse` are not read; the
 * result says which of its parts are behind the stamp.
 */
export async function readAggregate(
  api: SyncApi,
  serverId: string,
  /** The quote as a call just answered it (after every other change): not read again. */
  answered?: RemoteAggregate['quote'],
  reuse?: Reuse,
  /** Waited for before the parts are asked for (the background fill's turns: turns.ts). */
  pace?: () => Promise<void>,
): Promise<RemoteAggregate | null> {
  let quote: RemoteAggregate['quote'];
  try {
    quote = answered ?? (await api.getQuote(serverId));
  } catch (e) {
    if (isGone(e)) return null;
    throw e;
  }
  await pace?.();
  const kept = new Set(reuse?.parts ?? []);
  // Two reads of one quote may run together: they change nothing.
  const settled = await Promise.allSettled([
    kept.has('sections') ? { sections: reuse!.from.sections } : api.getSections(serverId),
    kept.has('accessList') ? { accessList: reuse!.from.accessList } : api.getAccessList(serverId),
  ]);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    if (settled.some((s) => s.status === 'rejected' && isGone(s.reason))) return null;
    throw (failed as PromiseRejectedResult).reason;
  }
  const [s, a] = settled as [
    PromiseFulfilledResult<{ sections: RemoteAggregate['sections'] }>,
    PromiseFulfilledResult<{ accessList: RemoteAggregate['accessList'] }>,
  ];
  const behind = PARTS.filter((p) => reuse?.behind.includes(p) && kept.has(p));
  return {
    quote,
    sections: s.value.sections,
    accessList: a.value.accessList,
    ...(behind.length ? { partsBehind: behind } : {}),
  };
}

/** The parts a fresh read of the aggregate must fetch to bring `agg` up to its stamp. */
export function behindOf(agg: RemoteAggregate | null | undefined): Part[] {
  return PARTS.filter((p) => agg?.partsBehind?.includes(p));
}

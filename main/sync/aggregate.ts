// The server's aggregate of one quote (quote, sections, access list). The push keeps a copy up
// to date from the answers of its own calls to plan the next call; what becomes the base is
// always read fresh (`readAggregate`), after the last call.
import type { RemoteAggregate } from '../store/types';
import { isGone } from './errors';
import type { SyncApi } from './ports';

/**
 * The quote's aggregate as the server holds it; null when the quote is gone (deleted, or never
 * visible to this partner).
 *
 * The quote is read first, then its sections and access list together: the quote's
 * `updatedOn` is the stamp the pull compares with the list to decide whether a quote changed
 * since, so it must be no newer than what the other two reads saw. (Read all three at once,
 * a change landing between them could carry the stamp while the part it changed was read
 * before it, and the pull would never look again.)
 */
export async function readAggregate(
  api: SyncApi,
  serverId: string,
  /** The quote as a call just answered it (after every other change): not read again. */
  answered?: RemoteAggregate['quote'],
): Promise<RemoteAggregate | null> {
  let quote: RemoteAggregate['quote'];
  try {
    quote = answered ?? (await api.getQuote(serverId));
  } catch (e) {
    if (isGone(e)) return null;
    throw e;
  }
  // Two reads of one quote may run together: they change nothing.
  const settled = await Promise.allSettled([
    api.getSections(serverId),
    api.getAccessList(serverId),
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
  return { quote, sections: s.value.sections, accessList: a.value.accessList };
}

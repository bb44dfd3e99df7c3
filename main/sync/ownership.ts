// Take ownership (spec: POST /v2/quotes/{id}/take-ownership), made offline like any edit: the
// working copy names the new owner, and a round sends the call when that owner differs both
// from the last server state read here (so the user really changed it) and from the server's
// owner now (so it is still to do). Idempotent in effect: QUOTE_ALREADY_OWNED means done.
import { ApiError } from '../api';
import type { RemoteAggregate, WorkQuote } from '../store/types';
import type { SyncApi } from './ports';

const sameId = (a: string | undefined | null, b: string | undefined | null) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

export function ownershipWanted(
  work: WorkQuote,
  base: RemoteAggregate | null,
  remote: RemoteAggregate,
): boolean {
  const want = work.ownedBy?.id;
  if (!want || !base) return false; // a quote created here is its creator's already
  return !sameId(want, base.quote.ownedBy?.id) && !sameId(want, remote.quote.ownedBy?.id);
}

/** Sends the call; answers the quote as the server holds it after. */
export async function takeOwnership(
  api: Pick<SyncApi, 'takeOwnership' | 'getQuote'>,
  remote: RemoteAggregate,
): Promise<RemoteAggregate> {
  try {
    return { ...remote, quote: await api.takeOwnership(remote.quote.id) };
  } catch (e) {
    if (e instanceof ApiError && e.outcome === 'refused' && e.hasCode('QUOTE_ALREADY_OWNED')) {
      return { ...remote, quote: await api.getQuote(remote.quote.id) };
    }
    throw e;
  }
}

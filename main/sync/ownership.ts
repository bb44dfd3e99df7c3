// Take ownership (spec: POST /v2/quotes/{id}/take-ownership), made offline like any edit: the
// working copy names the new owner, and a round sends the call when that owner differs both
// from the last server state read here (so the user really changed it) and from the server's
// owner now (so it is still to do). Idempotent in effect: QUOTE_ALREADY_OWNED means done.
//
// The spec has no "who am I" call. Where the app does not know the signed-in user yet, the
// edit names the owner `ME` and the call's answer (whose owner is the caller) teaches the
// store who that is; so does the answer of a quote create (its owner is its creator).
import { ApiError } from '../api';
import type { QuoteResponse } from '../../common/api';
import { OWNER_ME as ME } from '../store';
import type { RemoteAggregate, WorkQuote } from '../store';
import type { SyncApi, SyncStore } from './ports';

const sameId = (a: string | undefined | null, b: string | undefined | null) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

export function ownershipWanted(
  work: WorkQuote,
  base: RemoteAggregate | null,
  remote: RemoteAggregate,
): boolean {
  const want = work.ownedBy?.id;
  if (!want || !base) return false; // a quote created here is its creator's already
  if (want === ME) return true;
  return !sameId(want, base.quote.ownedBy?.id) && !sameId(want, remote.quote.ownedBy?.id);
}

/**
 * The API has no "who am I" call, but an answer whose owner is the caller (a quote the server
 * has just created for us, or one we took over) names the signed-in user. Learned once, it
 * lets "My quotes" and new offline quotes name the user.
 */
export function learnIdentity(
  store: Pick<SyncStore, 'identity' | 'setIdentity'>,
  q: QuoteResponse,
): void {
  if (store.identity()) return;
  const user = q.ownedBy ?? {
    id: '',
    displayName: q.createdBy,
    email: q.createdByEmail,
    fullName: q.createdBy,
  };
  if (!user.email && !user.id) return;
  store.setIdentity({ user, partner: q.partner ?? null, currency: q.totals.initialTotal.currency });
}

/** Sends the call; answers the quote as the server holds it after. */
export async function takeOwnership(
  api: Pick<SyncApi, 'takeOwnership' | 'getQuote'>,
  store: Pick<SyncStore, 'identity' | 'setIdentity'>,
  remote: RemoteAggregate,
): Promise<RemoteAggregate> {
  try {
    const quote = await api.takeOwnership(remote.quote.id);
    learnIdentity(store, quote);
    return { ...remote, quote };
  } catch (e) {
    if (e instanceof ApiError && e.outcome === 'refused' && e.hasCode('QUOTE_ALREADY_OWNED')) {
      const quote = await api.getQuote(remote.quote.id);
      learnIdentity(store, quote);
      return { ...remote, quote };
    }
    throw e;
  }
}

import { refuse } from '../../errors';
import type { WorkQuote } from '../../types';
import type { EditContext } from './context';

/** Owner id of a quote taken over before the app knew who the user is (main/sync/ownership.ts). */
export const ME = '@me';

/**
 * Makes the signed-in user the quote's owner (the spec's take-ownership). Allowed in every
 * status: ownership is not content. The sync engine sends it when the working copy's owner
 * differs from the last server state's (`main/sync/ownership.ts`).
 */
export function takeOwnership(w: WorkQuote, ctx: EditContext): void {
  const me = ctx.identity()?.user;
  if (me && w.ownedBy?.id && w.ownedBy.id.toLowerCase() === me.id.toLowerCase()) {
    refuse('quoteId', 'You already own this quote.', 'QUOTE_ALREADY_OWNED');
  }
  if (!me && w.ownedBy?.id === ME) {
    refuse('quoteId', 'You already own this quote.', 'QUOTE_ALREADY_OWNED');
  }
  // Not knowing who the user is yet (a connection that never created or took a quote), the
  // owner is "me" until the server's answer names them (main/sync/ownership.ts).
  w.ownedBy = me ?? { id: ME, displayName: 'You', email: '', fullName: 'You' };
}

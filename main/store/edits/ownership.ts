import { UserModel } from '../../../common/api';
import { refuse } from '../errors';
import type { WorkQuote } from '../types';
import { check } from '../validate';
import type { EditContext } from './context';

/**
 * Makes the signed-in user the quote's owner (the spec's take-ownership). Allowed in every
 * status: ownership is not content. The sync engine sends it when the working copy's owner
 * differs from the last server state's (`main/sync/ownership.ts`).
 */
export function takeOwnership(w: WorkQuote, ctx: EditContext): void {
  const me = ctx.identity()?.user;
  if (!me) {
    refuse(
      'quoteId',
      'Quotedesk does not know who you are yet: connect to the Quoting API once, then take ownership.',
      'USER_NOT_FOUND',
    );
  }
  if (w.ownedBy?.id && w.ownedBy.id.toLowerCase() === me.id.toLowerCase()) {
    refuse('quoteId', 'You already own this quote.', 'QUOTE_ALREADY_OWNED');
  }
  w.ownedBy = check(UserModel, me, 'ownedBy');
}

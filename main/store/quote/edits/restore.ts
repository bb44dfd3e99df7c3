import type { WorkQuote } from '../../types';
import { assertEditable } from '../validate';
import type { EditContext } from './context';
import { updateHeader } from './header';

/**
 * Makes a version's content the working copy again: its header texts and expiry (an expiry
 * that has passed since is not brought back: the quote keeps its own), its line items and its
 * sections, each with the local id it had. The status, recipients and attachments stay as they
 * are. Nothing is sent here: the sync engine compares the working copy with the server's as
 * after any edit, so lines the version lacks are deleted on the server, lines it has and the
 * server no longer has are added (an add-on in the same call as its parent), changed lines are
 * updated and sections put as they were.
 */
export function restoreVersion(w: WorkQuote, from: WorkQuote, ctx: EditContext): void {
  assertEditable(w);
  const expired = Date.parse(from.expiresOn) <= Date.parse(ctx.now);
  updateHeader(
    w,
    {
      expiresOn: expired ? w.expiresOn : from.expiresOn,
      introMessage: from.introMessage,
      termsAndDisclaimers: from.termsAndDisclaimers,
    },
    ctx,
  );
  w.lineItems = structuredClone(from.lineItems);
  w.sections = structuredClone(from.sections);
}

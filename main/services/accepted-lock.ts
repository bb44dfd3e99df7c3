// An accepted version is locked: once the client accepted the quote at the desk
// (main/services/desk.ts froze that version and signed it), the salesperson's next edit of any
// kind — every call of the edit registry (main/services/edits.ts), the option marks and the
// expiry extended from "Needs attention" — is refused before anything changes, with its own
// code, until they agree to edit it as a new version (`versions.startAfterAccepted`): a version
// "Edited after acceptance" is then saved after the accepted one, so the Versions panel shows
// where the signed state ends, and edits go through again until the next acceptance. Whatever
// the salesperson saved after the accepted version (a version by hand, a publish, that one)
// lifts the lock the same way, and so does a restore, which asks first like any edit. Declined
// and changes-requested answers lock nothing. While the quote's status is accepted no edit is
// possible anyway (the store's own rule); the lock matters once the acceptance was taken back
// here: undone before the sync, kept here only after a colleague's change, or refused by the
// server. Sync writes through its own side of the store, never through these calls: what
// arrives from the server is never refused here.
import type { Store, VersionRecord } from '../store';
import type { ServiceContext } from './context';
import { ServiceError } from './errors';

const EDITED_AFTER_ACCEPTANCE = 'Edited after acceptance';

/** The number of the version the client accepted while it is locked; null when edits go through. */
export function lockedVersion(store: Store, quoteId: string): number | null {
  const answer = store.desk.latest(quoteId);
  if (answer?.kind !== 'accepted') return null;
  // The server's copy that sync kept beside it (desk-guard.ts) is not the salesperson's edit.
  const after = store.versions
    .reasons(quoteId)
    .some((v) => v.number > answer.version && v.reason !== 'server');
  if (after) return null;
  // Still accepted: the store refuses every edit itself, so asking first would only lead there.
  return store.getQuote(quoteId)?.work.status === 'accepted' ? null : answer.version;
}

/** Refuses an edit of a quote whose accepted version is locked, in words that name it. */
export function assertNotLocked(ctx: ServiceContext, quoteId: string): void {
  const number = lockedVersion(ctx.store(), quoteId);
  if (number === null) return;
  throw new ServiceError(
    'ACCEPTED_LOCKED',
    `The client accepted version ${number} at the desk. Editing starts a new version; the accepted one stays as signed.`,
    { field: 'quoteId' },
  );
}

/**
 * The salesperson agreed to edit an accepted quote: the version that ends the accepted state,
 * or null when nothing was locked (asked twice, or lifted meanwhile): nothing is saved then.
 */
export function startAfterAccepted(ctx: ServiceContext, quoteId: string): VersionRecord | null {
  const store = ctx.store();
  return store.transaction(() => {
    if (lockedVersion(store, quoteId) === null) return null;
    return store.versions.save(quoteId, {
      reason: 'saved',
      label: EDITED_AFTER_ACCEPTANCE,
      by: store.identity()?.user.fullName ?? '',
    });
  }, 'user');
}

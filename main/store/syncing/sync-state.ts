// A quote's sync state and every way it moves, in one table. Each writer of the state names
// an event; `nextSyncState` is the only place that says where the event leads, and refuses
// one that makes no sense in the current state. The table is typed by both lists, so a new
// state or event does not compile until every cell of its row or column is filled in.
// A quote's first state is not an event: created here it starts `pending`, written from the
// server (a pull, a list entry) `synced`.
import { StoreError } from '../errors';

/** Every state a quote can be in, as the list and the status bar show it. */
export const SYNC_STATES = ['synced', 'pending', 'syncing', 'conflict', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** Every event that moves a quote's sync state, and who raises it. */
export const SYNC_EVENTS = [
  'edited', //         the salesperson changed the working copy (edit, undo, redo, take theirs)
  'deleted', //        the salesperson deleted the quote (a tombstone until its delete is sent)
  'restored', //       the salesperson took a deleted quote back
  'imported', //       a pull or the background fill wrote the server's copy of a clean quote
  'roundStarted', //   the engine began a round of this quote
  'held', //           the round found the quote's delete held back for the undo window
  'committed', //      the round's read-back is the quote now: nothing left to push
  'committedBehind', // the round committed, but edits made meanwhile are still to push
  'conflictsFound', // conflicts are open (a merge, a parked lost create)
  'conflictsCleared', // no conflict is open any more
  'failed', //         the server refused the changes for good: parked with its message
  'deferred', //       a transient failure (offline, 5xx, 429): tried again later
] as const;
export type SyncEvent = (typeof SYNC_EVENTS)[number];

/** Where an event leads from each state; `null`: refused (the event cannot happen there). */
type Row = Record<SyncState, SyncState | null>;

/**
 * What an event does to the message shown with the state (the server's refusal, why the
 * quote is parked): `kept` (a local edit says nothing about the last round), or `set` to the
 * event's own message (none: cleared).
 */
type Message = 'kept' | 'set';

/** Every state to one place. */
const all = (to: SyncState): Row => ({
  synced: to,
  pending: to,
  syncing: to,
  conflict: to,
  error: to,
});

/**
 * The transitions. Why the permissive rows are permissive:
 * - a round's journal recovery runs before `roundStarted`, so its failures (`failed`,
 *   `deferred`) and a parked lost create (`conflictsFound`) come from any state;
 * - a state of `syncing` is still in the file after a crash mid-round, so every event that
 *   does not need a round in progress is taken there too;
 * - the salesperson may delete or restore a quote while its round runs, which makes it
 *   `pending` before the round ends (`committedBehind`, `failed`, `deferred` from `pending`).
 */
export const SYNC_TRANSITIONS: Readonly<Record<SyncEvent, { to: Row; message: Message }>> = {
  edited: {
    to: {
      synced: 'pending',
      pending: 'pending',
      syncing: 'syncing',
      conflict: 'conflict',
      error: 'error',
    },
    message: 'kept',
  },
  deleted: { to: all('pending'), message: 'kept' },
  restored: { to: all('pending'), message: 'kept' },
  imported: { to: all('synced'), message: 'set' },
  roundStarted: { to: all('syncing'), message: 'set' },
  held: {
    to: { synced: null, pending: null, syncing: 'pending', conflict: null, error: null },
    message: 'set',
  },
  committed: {
    to: { synced: null, pending: null, syncing: 'synced', conflict: null, error: null },
    message: 'set',
  },
  committedBehind: {
    to: { synced: null, pending: 'pending', syncing: 'pending', conflict: null, error: null },
    message: 'set',
  },
  conflictsFound: { to: all('conflict'), message: 'set' },
  conflictsCleared: {
    to: {
      synced: 'synced',
      pending: 'pending',
      syncing: 'syncing',
      conflict: 'pending',
      error: 'error',
    },
    message: 'kept',
  },
  failed: { to: all('error'), message: 'set' },
  deferred: { to: all('pending'), message: 'set' },
};

/** A writer raised an event its quote's state does not allow: a bug, nothing was written. */
export class IllegalSyncTransition extends StoreError {
  constructor(
    readonly quoteId: string,
    readonly from: SyncState,
    readonly event: SyncEvent,
  ) {
    super(
      'ILLEGAL_SYNC_TRANSITION',
      `Quote ${quoteId}: the sync event “${event}” cannot happen in state “${from}”.`,
    );
  }
}

/** The state `event` leads to from `from`, or null when the table refuses it. */
export function nextSyncState(from: SyncState, event: SyncEvent): SyncState | null {
  return SYNC_TRANSITIONS[event].to[from];
}

/** As `nextSyncState`, refusing an illegal transition with `IllegalSyncTransition`. */
export function transition(quoteId: string, from: SyncState, event: SyncEvent): SyncState {
  const to = nextSyncState(from, event);
  if (to === null) throw new IllegalSyncTransition(quoteId, from, event);
  return to;
}

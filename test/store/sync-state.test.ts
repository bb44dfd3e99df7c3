import { describe, expect, it } from 'vitest';
import {
  IllegalSyncTransition,
  SYNC_EVENTS,
  SYNC_STATES,
  nextSyncState,
  type SyncEvent,
  type SyncState,
} from '../../main/store';
import { acme, clientOf, seededStore } from './fixtures';

// Every (state, event) pair, written out here apart from the table it checks: the state each
// event leads to from synced / pending / syncing / conflict / error, `-` where it is refused.
const EXPECTED: Record<SyncEvent, string> = {
  edited: '          pending  pending  syncing  conflict error',
  deleted: '         pending  pending  pending  pending  pending',
  restored: '        pending  pending  pending  pending  pending',
  imported: '        synced   synced   synced   synced   synced',
  roundStarted: '    syncing  syncing  syncing  syncing  syncing',
  held: '            -        -        pending  -        -',
  committed: '       -        -        synced   -        -',
  committedBehind: ' -        pending  pending  -        -',
  conflictsFound: '  conflict conflict conflict conflict conflict',
  conflictsCleared: 'synced   pending  syncing  pending  error',
  failed: '          error    error    error    error    error',
  deferred: '        pending  pending  pending  pending  pending',
};

const expected = (state: SyncState, event: SyncEvent): SyncState | null => {
  const cell = EXPECTED[event].trim().split(/\s+/)[SYNC_STATES.indexOf(state)]!;
  return cell === '-' ? null : (cell as SyncState);
};

const pairs = SYNC_STATES.flatMap((state) => SYNC_EVENTS.map((event) => ({ state, event })));

describe('the sync state machine', () => {
  it('lists five states and twelve events, each pair written out above', () => {
    expect(SYNC_STATES).toEqual(['synced', 'pending', 'syncing', 'conflict', 'error']);
    expect(Object.keys(EXPECTED).sort()).toEqual([...SYNC_EVENTS].sort());
    expect(pairs).toHaveLength(60);
  });

  it.each(pairs)('$event in $state: as the table says', ({ state, event }) => {
    expect(nextSyncState(state, event)).toBe(expected(state, event));
  });

  it('refuses the events that need a round in progress (held, committed…) outside one', () => {
    expect(pairs.filter((p) => expected(p.state, p.event) === null)).toHaveLength(11);
  });
});

describe('store.sync.transition', () => {
  // The store's own writer, pair by pair: the quote is put in the state, the event raised.
  it.each(pairs)('$event in $state: lands or is refused, nothing written', ({ state, event }) => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.database
      .prepare(
        "UPDATE quote_sync SET state = ?, last_error = 'before' WHERE qrow = (SELECT qrow FROM quotes WHERE id = ?)",
      )
      .run(state, q.id);
    const want = expected(state, event);
    if (want === null) {
      let err: unknown;
      try {
        store.sync.transition(q.id, event, { message: 'after' });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(IllegalSyncTransition);
      expect(err).toMatchObject({ code: 'ILLEGAL_SYNC_TRANSITION', from: state, event });
      expect(store.getQuote(q.id)).toMatchObject({ syncState: state, syncMessage: 'before' });
    } else {
      expect(store.sync.transition(q.id, event, { message: 'after' })).toBe(want);
      expect(store.getQuote(q.id)!.syncState).toBe(want);
      expect(store.listQuotes({}).content[0]!.syncState).toBe(want);
    }
    store.close();
  });

  it('keeps the message through a local edit, and sets it with a round’s outcome', () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.sync.transition(q.id, 'failed', { message: 'QUOTE_INVALID_STATUS: sent meanwhile' });
    store.updateHeader(q.id, { introMessage: 'typed after the refusal' });
    expect(store.getQuote(q.id)).toMatchObject({
      syncState: 'error',
      syncMessage: 'QUOTE_INVALID_STATUS: sent meanwhile',
    });
    store.sync.transition(q.id, 'roundStarted');
    store.sync.transition(q.id, 'deferred', {
      message: 'offline',
      retryAt: '2030-01-01T00:00:00.000Z',
    });
    expect(store.sync.syncRecord(q.id)).toMatchObject({
      state: 'pending',
      lastError: 'offline',
      retryAt: '2030-01-01T00:00:00.000Z',
    });
    store.close();
  });
});

// The one owner of a quote's sync state (table `quote_sync`, one row per quote): the state,
// the message shown with it, when a transient failure asked to be tried again, and the sync
// engine's per-quote bookkeeping. The state is written only by `apply`, through the
// transition table of sync-state.ts; the bookkeeping only by `setBookkeeping`.
import type Database from 'better-sqlite3-multiple-ciphers';
import { SYNC_TRANSITIONS, transition, type SyncEvent, type SyncState } from './sync-state';
import type { KeptEntity, PushedEntity, QuoteSyncRecord, SyncBookkeeping } from '../types';

interface Row {
  state: SyncState;
  last_error: string | null;
  retry_at: string | null;
  delete_held_until: string | null;
  conflicts_settled: number;
  pushed: string | null;
  kept: string | null;
  publish_refused: string | null;
}

/** What an event carries besides its name. */
export interface SyncEventDetail {
  /** Shown with the state (the server's refusal, why the quote is parked). */
  message?: string | null;
  /** A transient failure's Retry-After, as an instant. */
  retryAt?: string | null;
}

export class QuoteSyncTable {
  private s;

  constructor(db: Database.Database) {
    this.s = {
      insert: db.prepare<[number, SyncState]>('INSERT INTO quote_sync (qrow, state) VALUES (?, ?)'),
      state: db.prepare<[number], SyncState>('SELECT state FROM quote_sync WHERE qrow = ?').pluck(),
      row: db.prepare<[number], Row>('SELECT * FROM quote_sync WHERE qrow = ?'),
      summary: db.prepare<[number], Pick<Row, 'state' | 'last_error' | 'publish_refused'>>(
        'SELECT state, last_error, publish_refused FROM quote_sync WHERE qrow = ?',
      ),
      // Upserts: a quote always has its row (written with the quote, or by migration 7), but
      // a missing one must not swallow a state.
      set: db.prepare<[number, SyncState, string | null, string | null]>(
        `INSERT INTO quote_sync (qrow, state, last_error, retry_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(qrow) DO UPDATE SET state = excluded.state, last_error = excluded.last_error, retry_at = excluded.retry_at`,
      ),
      setState: db.prepare<[number, SyncState]>(
        'INSERT INTO quote_sync (qrow, state) VALUES (?, ?) ON CONFLICT(qrow) DO UPDATE SET state = excluded.state',
      ),
      ensure: db.prepare<[number]>(
        'INSERT INTO quote_sync (qrow) VALUES (?) ON CONFLICT DO NOTHING',
      ),
      held: db.prepare<[string | null, number]>(
        'UPDATE quote_sync SET delete_held_until = ? WHERE qrow = ?',
      ),
      settled: db.prepare<[number, number]>(
        'UPDATE quote_sync SET conflicts_settled = ? WHERE qrow = ?',
      ),
      pushed: db.prepare<[string | null, number]>(
        'UPDATE quote_sync SET pushed = ? WHERE qrow = ?',
      ),
      kept: db.prepare<[string | null, number]>('UPDATE quote_sync SET kept = ? WHERE qrow = ?'),
      publishRefused: db.prepare<[string | null, number]>(
        'UPDATE quote_sync SET publish_refused = ? WHERE qrow = ?',
      ),
    };
  }

  /** A new quote's row: `pending` when made here, `synced` when written from the server. */
  insert(qrow: number, state: 'pending' | 'synced'): void {
    this.s.insert.run(qrow, state);
  }

  state(qrow: number): SyncState {
    return this.s.state.get(qrow) ?? 'pending';
  }

  /**
   * Hears every change of a quote's state or its message, as the transition writes it: the
   * store turns it into the one announcement of the quote's sync state (event `syncState`).
   */
  onChange: (qrow: number) => void = () => {};

  /**
   * The one writer of a quote's sync state: moves it as the transition table says, or
   * throws IllegalSyncTransition (nothing written). Returns the new state.
   */
  apply(
    qrow: number,
    event: SyncEvent,
    detail: SyncEventDetail = {},
    quoteId = `#${qrow}`,
  ): SyncState {
    const from = this.state(qrow);
    const to = transition(quoteId, from, event);
    if (SYNC_TRANSITIONS[event].message === 'kept') {
      // An edit of a quote already pending writes nothing here (the edit path stays as cheap).
      if (to !== from) {
        this.s.setState.run(qrow, to);
        this.onChange(qrow);
      }
    } else {
      const said = to !== from || (detail.message ?? null) !== this.summary(qrow).lastError;
      this.s.set.run(qrow, to, detail.message ?? null, detail.retryAt ?? null);
      if (said) this.onChange(qrow);
    }
    return to;
  }

  /** The state and its message, and a refused publish's reason: what a view of the quote shows. */
  summary(qrow: number): {
    state: SyncState;
    lastError: string | null;
    publishRefused: string | null;
  } {
    const r = this.s.summary.get(qrow);
    return {
      state: r?.state ?? 'pending',
      lastError: r?.last_error ?? null,
      publishRefused: r?.publish_refused ?? null,
    };
  }

  record(qrow: number): QuoteSyncRecord | null {
    const r = this.s.row.get(qrow);
    if (!r) return null;
    return {
      state: r.state,
      lastError: r.last_error,
      retryAt: r.retry_at,
      deleteHeldUntil: r.delete_held_until,
      conflictsSettled: r.conflicts_settled,
      pushed: r.pushed ? (JSON.parse(r.pushed) as PushedEntity[]) : [],
      kept: r.kept ? (JSON.parse(r.kept) as KeptEntity[]) : [],
      publishRefused: r.publish_refused,
    };
  }

  /** Writes the fields given (null or an empty list clears one). */
  setBookkeeping(qrow: number, patch: Partial<SyncBookkeeping>): void {
    this.s.ensure.run(qrow);
    if (patch.deleteHeldUntil !== undefined) this.s.held.run(patch.deleteHeldUntil, qrow);
    if (patch.conflictsSettled !== undefined) this.s.settled.run(patch.conflictsSettled, qrow);
    if (patch.pushed !== undefined)
      this.s.pushed.run(patch.pushed.length ? JSON.stringify(patch.pushed) : null, qrow);
    if (patch.kept !== undefined)
      this.s.kept.run(patch.kept.length ? JSON.stringify(patch.kept) : null, qrow);
    if (patch.publishRefused !== undefined) this.s.publishRefused.run(patch.publishRefused, qrow);
  }
}

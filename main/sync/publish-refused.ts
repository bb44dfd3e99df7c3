// A publish made offline is queued like any edit and goes out as the header's status change
// (PUT with status sent and published: true), the round's last call. When the server refuses
// that change for good, the quote goes back to the status the server holds (a draft) with
// everything else the salesperson made kept and sent, and it says why until it is published
// again: a refused publish never leaves a quote stuck as "sent" here and never loses an edit.
// The refusal is kept in the quote's sync bookkeeping (`publishRefused`, a column of the
// store's quote_sync), so it goes with the quote.
import { StoreError, type Store } from '../store';
import { engineStore } from '../store/engine';
import type { QuoteStatus } from '../../common/api';
import type { QuoteState } from './model';
import type { Step } from './plan';
import type { SyncStore } from './ports';
import type { Stop } from './stops';

/** The server refused the publish: the round withdraws it locally and goes on. */
export type PublishRefused = Extract<Stop, { stop: 'publishRefused' }>;

type Bookkeeping = Store | Pick<SyncStore, 'sync'>;

/**
 * The refusal of a publish in how the step that sends it stopped; null for anything else (a
 * transient failure, a refusal of another change, a publish the server already holds).
 */
export function refusedPublish(
  step: Step,
  merged: QuoteState,
  known: QuoteState | null,
  stop: Stop,
): PublishRefused | null {
  if (step.kind !== 'updateHeader' || !known) return null;
  if (merged.header.status !== 'sent' || known.header.status === 'sent') return null;
  if (stop.stop !== 'reread' || stop.failure?.kind !== 'refused' || stop.failure.transient)
    return null;
  return {
    stop: 'publishRefused',
    failure: stop.failure,
    from: known.header.status as QuoteStatus,
  };
}

/** Takes the publish back locally: the status the server holds, not published, and why. */
export function withdrawPublish(store: SyncStore, quoteId: string, r: PublishRefused): void {
  const q = store.getQuote(quoteId);
  if (!q) return;
  if (q.work.status === 'sent' && q.work.published) {
    try {
      store.sync.replaceWork(
        quoteId,
        { ...q.work, status: r.from, published: false },
        q.generation,
      );
    } catch (e) {
      // Changed here meanwhile (the salesperson undid the publish): theirs stands.
      if (!(e instanceof StoreError && e.code === 'STALE')) throw e;
    }
  }
  store.sync.setBookkeeping(quoteId, { publishRefused: r.failure.message });
}

/** Why the server refused this quote's last publish, until it is published again. */
export function publishRefusal(store: Bookkeeping, quoteId: string): string | null {
  return engineStore(store).sync.syncRecord(quoteId)?.publishRefused ?? null;
}

/** Published again: the last refusal no longer applies (nothing written when there is none). */
export function clearPublishRefusal(store: Bookkeeping, quoteId: string): void {
  if (publishRefusal(store, quoteId) !== null)
    engineStore(store).sync.setBookkeeping(quoteId, { publishRefused: null });
}

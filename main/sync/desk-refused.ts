// The server refused the status change an answer given at the desk asked for (accepted,
// declined, changes requested — or the publish before it) for good. The answer stays recorded
// on this computer with the server's words, the signed PDF stays attached (attachments go
// before the status, plan.ts), and the quote goes back to the status the server holds, so
// everything else syncs and nothing is left pending for ever.
import { DESK_RESPONSE_KINDS } from '../../common/ipc/desk';
import type { QuoteStatus } from '../../common/api';
import { StoreError } from '../store';
import type { QuoteState } from './model';
import type { Step } from './plan';
import type { SyncStore } from './ports';
import type { Stop } from './stops';

export type AnswerRefused = Extract<Stop, { stop: 'answerRefused' }>;

const ANSWERS: ReadonlySet<string> = new Set(DESK_RESPONSE_KINDS);

/** The refusal of an answer's status change in how the step stopped; null for anything else. */
export function refusedAnswer(
  store: SyncStore,
  quoteId: string,
  step: Step,
  merged: QuoteState,
  known: QuoteState | null,
  stop: Stop,
): AnswerRefused | null {
  if (step.kind !== 'updateHeader' || !known) return null;
  if (!ANSWERS.has(merged.header.status) || known.header.status === merged.header.status)
    return null;
  if (stop.stop !== 'reread' || stop.failure?.kind !== 'refused' || stop.failure.transient)
    return null;
  if (store.desk?.latest(quoteId)?.state !== 'queued') return null;
  return { stop: 'answerRefused', failure: stop.failure, from: known.header.status as QuoteStatus };
}

/** Keeps the answer here as refused, and the quote at the server's status. */
export function keepRefusedAnswer(store: SyncStore, quoteId: string, r: AnswerRefused): void {
  const q = store.getQuote(quoteId);
  const answer = store.desk?.latest(quoteId);
  if (!q || !answer) return;
  const words = r.failure.message.trim().replace(/[.!]?$/, '.');
  const message = `The partner API refused to change the status (${words.slice(0, -1)}).`;
  store.transaction(() => {
    try {
      store.sync.replaceWork(
        quoteId,
        {
          ...q.work,
          status: r.from,
          published: r.from === 'sent',
          respondedOn: null,
          acceptedBy: null,
          declinedBy: null,
        },
        q.generation,
      );
    } catch (e) {
      // Changed here meanwhile: the salesperson's newer edit stands.
      if (!(e instanceof StoreError && e.code === 'STALE')) throw e;
    }
    store.desk!.setState(quoteId, answer.version, 'refused', message);
  });
}

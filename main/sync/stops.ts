// How a round stops early, as a value its phases return (never thrown): read the server
// again, try again later, or stop before something the salesperson has here would be lost.
import type { QuoteStatus } from '../../common/api';
import { failureOf, type Failure } from './errors';

export type Stop =
  /** Read the server again and recompute from what is really there (a refusal, a gone entity). */
  | { stop: 'reread'; failure: Failure | null; why: string }
  /** A transient failure (offline, 5xx, 429, timeout): the round is tried again later. */
  | { stop: 'later'; failure: Failure }
  /** The round would lose local entities (keep.ts): the quote is parked with this message. */
  | { stop: 'lose'; message: string }
  /** The server refused a publish for good (publish-refused.ts): withdrawn here, then again. */
  | { stop: 'publishRefused'; failure: Failure; from: QuoteStatus }
  /** The server refused an answer given at the desk (desk-refused.ts): kept here as refused. */
  | { stop: 'answerRefused'; failure: Failure; from: QuoteStatus };

export const reread = (failure: Failure | null, why: string): Stop => ({
  stop: 'reread',
  failure,
  why,
});

export function isStop<T extends object>(x: T | Stop): x is Stop {
  return 'stop' in x;
}

/**
 * A failed call as a stop: transient or unknown → later, refused → read again. Anything that
 * is not a failure of a call is a real error and goes on as one.
 */
export function stopOf(e: unknown): Stop {
  const f = failureOf(e);
  if (!f) throw e;
  if (f.kind === 'unknown' || f.transient) return { stop: 'later', failure: f };
  return reread(f, f.message);
}

// An answer given at the desk is the client's answer to the quote as they saw it. Before a
// round sends it, the server's copy is compared with the one this computer last read (the
// base): where someone else changed the quote there since (a colleague's edit of a line, a
// section, the texts), the round does not mark that changed quote answered. It stops, keeps
// the server's copy as a version beside the one the client saw (the compare view shows the
// difference), and the salesperson decides (main/services/desk.ts, `desk.decide`).
import { workFromRemote } from '../store';
import type { EntityKind, RemoteAggregate, WorkQuote } from '../store';
import { COLLECTIONS, same, type QuoteState } from './model';
import type { SyncStore } from './ports';

const TEXTS = ['expiresOn', 'introMessage', 'termsAndDisclaimers'] as const;

export const CHANGED_MESSAGE =
  'Not sent: the quote changed on the server after the client saw it. Compare the two and decide.';

/** True when the server's copy changed since `base` in something this computer did not change alike. */
export function changedElsewhere(base: QuoteState, local: QuoteState, remote: QuoteState): boolean {
  const theirs = (r: unknown, b: unknown, l: unknown) => !same(r, b) && !same(r, l);
  if (TEXTS.some((f) => theirs(remote.header[f], base.header[f], local.header[f]))) return true;
  // Attachments are left out: the answer's own signed PDF may be there from an earlier round.
  for (const c of COLLECTIONS) {
    if (c === 'attachments') continue;
    const keys = new Set([...Object.keys(base[c]), ...Object.keys(remote[c])]);
    for (const k of keys) if (theirs(remote[c][k], base[c][k], local[c][k])) return true;
  }
  return false;
}

export interface GuardInput {
  quoteId: string;
  base: QuoteState | null;
  local: QuoteState;
  remote: QuoteState | null;
  agg: RemoteAggregate | null;
  work: WorkQuote;
  idOf: (kind: EntityKind, serverId: string) => string;
}

/** Stops the round before an answer reaches a quote changed elsewhere: the message, or null. */
export function stopForChangedQuote(store: SyncStore, g: GuardInput): string | null {
  const answer = store.desk?.latest(g.quoteId);
  // Stopped already: it waits for the salesperson's decision, whatever "Sync now" asks.
  if (answer?.state === 'stopped') return answer.message ?? CHANGED_MESSAGE;
  if (!answer || answer.state !== 'queued') return null;
  // Stopped once already and the salesperson chose to send it: it goes.
  if (answer.serverVersion !== null) return null;
  if (!g.base || !g.remote || !g.agg) return null;
  // Undone here before it went out: nothing of it is sent, nothing to stop.
  if (g.local.header.status !== answer.kind) return null;
  if (g.remote.header.status === answer.kind) return null;
  if (!changedElsewhere(g.base, g.local, g.remote)) return null;
  const agg = g.agg;
  store.transaction(() => {
    const v = store.versions!.save(g.quoteId, {
      reason: 'server',
      label: 'On the server, changed after the client saw it',
      by: '',
      work: workFromRemote(agg, g.idOf, g.work),
    });
    store.desk!.setState(g.quoteId, answer.version, 'stopped', CHANGED_MESSAGE, v.number);
  });
  return CHANGED_MESSAGE;
}

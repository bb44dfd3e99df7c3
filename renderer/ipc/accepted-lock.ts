// An edit refused because the client accepted the quote at the desk (`ACCEPTED_LOCKED`,
// main/services/accepted-lock.ts) is asked about here, whichever screen sent it: the
// salesperson is asked first (the app's dialog registers how), and when they agree the
// accepted state is ended in one call (`versions.startAfterAccepted`) and the refused call is
// sent again once, so what they typed or chose is not lost. Cancelled, the refusal is the
// answer (the editor then shows the quote's values again).
import type { Bridge } from '../../common/ipc/client';
import type { IpcResult } from '../../common/ipc/result';

export interface AcceptedLockAsker {
  /** Asks the salesperson, in the words main gave; true: edit it as a new version. */
  ask(quoteId: string, message: string): Promise<boolean>;
  /** A new version ended the accepted state (the Versions panel reads its list again). */
  started(quoteId: string): void;
}

let asker: AcceptedLockAsker | null = null;

/** Who asks (the dialog, while it is mounted); answers the function that unregisters it. */
export function setAcceptedLockAsker(a: AcceptedLockAsker): () => void {
  asker = a;
  return () => {
    if (asker === a) asker = null;
  };
}

/** One question a quote at a time: every call refused meanwhile waits for the same answer. */
const asking = new Map<string, Promise<IpcResult<unknown> | null>>();

/** The answer to the question: null cancelled, else the result of ending the accepted state. */
function agreed(bridge: Bridge, a: AcceptedLockAsker, quoteId: string, message: string) {
  let answer = asking.get(quoteId);
  if (!answer) {
    answer = (async () => {
      try {
        if (!(await a.ask(quoteId, message))) return null;
        const started = await bridge.invoke('versions.startAfterAccepted', { quoteId });
        if (started.ok) a.started(quoteId);
        return started;
      } finally {
        asking.delete(quoteId);
      }
    })();
    asking.set(quoteId, answer);
  }
  return answer;
}

/** The bridge with the question asked on the way back of a refused call. */
export function askingBridge(bridge: Bridge): Bridge {
  return {
    on: (event, handler) => bridge.on(event, handler),
    invoke: async (name, input) => {
      const first = await bridge.invoke(name, input);
      const a = asker;
      if (first.ok || first.error.code !== 'ACCEPTED_LOCKED' || !a) return first;
      const quoteId = (input as { quoteId?: unknown } | undefined)?.quoteId;
      if (typeof quoteId !== 'string') return first;
      const started = await agreed(bridge, a, quoteId, first.error.message);
      if (!started) return first;
      if (!started.ok) return started;
      return bridge.invoke(name, input);
    },
  };
}

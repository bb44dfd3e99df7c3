// The question asked when the salesperson's edit of a quote the client accepted at the desk was
// refused (renderer/ipc/accepted-lock.ts asks it; editor/accepted-lock-dialog.tsx shows it),
// and how many times a new version ended an accepted state (the Versions panel reads its list
// again then: saving a version is no edit of the quote, so no change event tells it).
import { create } from 'zustand';
import type { AcceptedLockAsker } from '../ipc';

interface AcceptedLockState {
  /** The question on screen: main's words, naming the accepted version. */
  question: { quoteId: string; message: string } | null;
  started: number;
}

export const useAcceptedLock = create<AcceptedLockState>(() => ({ question: null, started: 0 }));

let reply: ((yes: boolean) => void) | null = null;

/** The salesperson's answer: true, edit it as a new version; false, keep it as accepted. */
export function answerAcceptedLock(yes: boolean): void {
  const r = reply;
  reply = null;
  useAcceptedLock.setState({ question: null });
  r?.(yes);
}

export const acceptedLockAsker: AcceptedLockAsker = {
  ask: (quoteId, message) => {
    // Only one question at a time: one still open (another quote's) counts as cancelled.
    reply?.(false);
    useAcceptedLock.setState({ question: { quoteId, message } });
    return new Promise<boolean>((resolve) => {
      reply = resolve;
    });
  },
  started: () => useAcceptedLock.setState((s) => ({ started: s.started + 1 })),
};

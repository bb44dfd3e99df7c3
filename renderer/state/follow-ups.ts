// "Needs attention": the due follow-ups as main computes them from the store (the navigation's
// count and the screen), read again when quotes change in ways that can move them.
import { create } from 'zustand';
import type { FollowUpList } from '../../common/ipc/follow-ups';
import { errorOf, ipc } from '../ipc';

interface FollowUpsState {
  list: FollowUpList | null;
  error: string | null;
  load: () => Promise<void>;
  /** Hides the quote's reminders for a week. */
  snooze: (quoteId: string) => Promise<void>;
}

let seq = 0;

export const useFollowUps = create<FollowUpsState>((set) => ({
  list: null,
  error: null,
  load: async () => {
    const mine = ++seq;
    try {
      const list = await ipc().call('followUps.list');
      if (mine === seq) set({ list, error: null });
    } catch (e) {
      if (mine === seq) set({ error: errorOf(e).message });
    }
  },
  snooze: async (quoteId) => {
    const mine = ++seq;
    const list = await ipc().call('followUps.snooze', { quoteId });
    if (mine === seq) set({ list, error: null });
  },
}));

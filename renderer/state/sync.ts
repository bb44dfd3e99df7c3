import { create } from 'zustand';
import type { SyncStatus } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { toast } from '../ui/toast';

interface SyncState {
  status: SyncStatus | null;
  /** What the status bar says while the embedded demo server is being restarted. */
  serverNotice: string | null;
  setServerNotice: (notice: string | null) => void;
  load: () => Promise<void>;
  runNow: (quoteId?: string) => Promise<void>;
  setStatus: (s: SyncStatus) => void;
  setProgress: (p: { done: number; total: number }) => void;
}

export const useSync = create<SyncState>((set, get) => ({
  status: null,
  serverNotice: null,
  setServerNotice: (serverNotice) => set({ serverNotice }),
  load: async () => {
    try {
      set({ status: await ipc().call('sync.status') });
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  },
  runNow: async (quoteId) => {
    try {
      set({ status: await ipc().call('sync.runNow', quoteId ? { quoteId } : undefined) });
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  },
  setStatus: (status) => set({ status }),
  setProgress: (p) => {
    const s = get().status;
    if (s) set({ status: { ...s, progress: p } });
  },
}));

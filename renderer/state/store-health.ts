import { create } from 'zustand';
import type { RecoveryReport, StoreHealth } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { toast } from '../ui/toast';

interface StoreHealthState {
  health: StoreHealth | null;
  /** The last repair's outcome, until the user has read it. */
  report: RecoveryReport | null;
  repairing: boolean;
  load: () => Promise<void>;
  set: (h: StoreHealth) => void;
  repair: () => Promise<void>;
  dismissReport: () => void;
}

export const useStoreHealth = create<StoreHealthState>((set, get) => ({
  health: null,
  report: null,
  repairing: false,
  load: async () => {
    try {
      const health = await ipc().call('store.health');
      set({ health, report: health.lastRepair ?? null });
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  },
  set: (health) => set({ health }),
  repair: async () => {
    if (get().repairing) return;
    set({ repairing: true });
    try {
      const report = await ipc().call('store.recover');
      set({ report, health: { damaged: false, full: false, readOnly: false, message: null } });
    } catch (e) {
      toast.error(errorOf(e).message);
    } finally {
      set({ repairing: false });
    }
  },
  dismissReport: () => set({ report: null }),
}));

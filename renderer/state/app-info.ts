import { create } from 'zustand';
import type { AppInfo } from '../../common/ipc/shapes';
import { ipc } from '../ipc';

export const useAppInfo = create<{ info: AppInfo | null; load: () => Promise<void> }>((set) => ({
  info: null,
  load: async () => {
    try {
      set({ info: await ipc().call('app.info') });
    } catch {
      /* shown as missing; the status bar already says when the core is unreachable */
    }
  },
}));

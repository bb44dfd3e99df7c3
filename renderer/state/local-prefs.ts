// The salesperson's own preferences for this profile (follow-up days, notifications, the
// margin floor), read once and after a profile switch: the editor flags margins from this copy
// as the user types, with no call per keystroke.
import { create } from 'zustand';
import type { LocalPreferences } from '../../common/ipc/follow-ups';
import { LOCAL_PREFERENCES_DEFAULT } from '../../common/ipc/local-preferences-default';
import { ipc } from '../ipc';

interface LocalPrefsState {
  prefs: LocalPreferences;
  loaded: boolean;
  load: () => Promise<void>;
  /** Saves a change; the answer (with every preference) replaces the copy. Throws its error. */
  save: (patch: Partial<LocalPreferences>) => Promise<LocalPreferences>;
}

export const useLocalPrefs = create<LocalPrefsState>((set) => ({
  prefs: LOCAL_PREFERENCES_DEFAULT,
  loaded: false,
  load: async () => {
    try {
      set({ prefs: await ipc().call('localPreferences.get'), loaded: true });
    } catch {
      /* no profile or a locked store: the defaults stand until it opens */
    }
  },
  save: async (patch) => {
    const prefs = await ipc().call('localPreferences.update', patch);
    set({ prefs, loaded: true });
    return prefs;
  },
}));

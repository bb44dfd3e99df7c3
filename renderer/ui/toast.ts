import { create } from 'zustand';

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error' | 'success';
  action?: { label: string; run: () => void; shortcut?: string };
}

interface ToastState {
  toasts: Toast[];
  push: (t: Omit<Toast, 'id'>, ttlMs?: number) => number;
  dismiss: (id: number) => void;
  /** Words a shown notice anew (its count went down); nothing when it is gone. */
  reword: (id: number, message: string) => void;
  /** Keeps a notice while the pointer or focus is on it; `release` starts its time again. */
  hold: (id: number) => void;
  release: (id: number) => void;
}

/** A few notices at most: a new one takes the place of the oldest. */
export const MAX_TOASTS = 3;

let nextId = 1;
const timers = new Map<number, { ttl: number; timer: ReturnType<typeof setTimeout> | null }>();

export const useToasts = create<ToastState>((set, get) => {
  const start = (id: number) => {
    const t = timers.get(id);
    if (!t || t.ttl <= 0) return;
    if (t.timer) clearTimeout(t.timer);
    t.timer = setTimeout(() => get().dismiss(id), t.ttl);
  };
  return {
    toasts: [],
    push: (t, ttlMs = 6000) => {
      // The same notice again refreshes the one shown (newest, its time anew), never a copy.
      const same = get().toasts.find((x) => x.message === t.message && x.kind === t.kind);
      const id = same?.id ?? nextId++;
      const others = get().toasts.filter((x) => x !== same);
      const kept = others.slice(-(MAX_TOASTS - 1));
      for (const old of others) {
        if (kept.includes(old)) continue;
        const gone = timers.get(old.id);
        if (gone?.timer) clearTimeout(gone.timer);
        timers.delete(old.id);
      }
      set({ toasts: [...kept, { ...t, id }] });
      const was = timers.get(id);
      if (was?.timer) clearTimeout(was.timer);
      timers.set(id, { ttl: ttlMs, timer: null });
      start(id);
      return id;
    },
    dismiss: (id) => {
      const t = timers.get(id);
      if (t?.timer) clearTimeout(t.timer);
      timers.delete(id);
      set({ toasts: get().toasts.filter((x) => x.id !== id) });
    },
    reword: (id, message) =>
      set({ toasts: get().toasts.map((x) => (x.id === id ? { ...x, message } : x)) }),
    hold: (id) => {
      const t = timers.get(id);
      if (t?.timer) clearTimeout(t.timer);
      if (t) t.timer = null;
    },
    release: start,
  };
});

/**
 * Runs the newest notice's action that answers to `shortcut` (Ctrl+Z for a delete's Undo)
 * and removes the notice; false when there is none.
 */
export function runToastShortcut(shortcut: string): boolean {
  const s = useToasts.getState();
  const hit = [...s.toasts].reverse().find((t) => t.action?.shortcut === shortcut);
  if (!hit?.action) return false;
  s.dismiss(hit.id);
  hit.action.run();
  return true;
}

export const toast = {
  info: (message: string, action?: Toast['action']) =>
    useToasts.getState().push({ message, kind: 'info', action }, action ? 8000 : 5000),
  success: (message: string) => useToasts.getState().push({ message, kind: 'success' }),
  error: (message: string) => useToasts.getState().push({ message, kind: 'error' }, 9000),
};

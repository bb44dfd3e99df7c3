import { create } from 'zustand';

/** Requests that a screen opens a dialog it owns (set by app commands, cleared by the screen). */
export const useCommandRequest = create<{ newQuote: number; request: () => void }>((set, get) => ({
  newQuote: 0,
  request: () => set({ newQuote: get().newQuote + 1 }),
}));

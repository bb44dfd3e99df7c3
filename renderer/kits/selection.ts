// Which line items of the open quote are selected (to save as a kit). Its own small store, so
// ticking a box re-renders only that row and the kit buttons, and typing in a row (the
// editor's store) never touches it.
import { create } from 'zustand';

interface SelectionState {
  quoteId: string | null;
  ids: ReadonlySet<string>;
  toggle: (quoteId: string, itemId: string, on: boolean) => void;
  /** Selects (or clears) several at once, e.g. every item of a section. */
  setMany: (quoteId: string, itemIds: string[], on: boolean) => void;
  clear: () => void;
}

const none: ReadonlySet<string> = new Set();

export const useSelection = create<SelectionState>((set, get) => ({
  quoteId: null,
  ids: none,
  toggle: (quoteId, itemId, on) => get().setMany(quoteId, [itemId], on),
  setMany: (quoteId, itemIds, on) =>
    set((s) => {
      const ids = new Set(s.quoteId === quoteId ? s.ids : none);
      for (const id of itemIds) {
        if (on) ids.add(id);
        else ids.delete(id);
      }
      return { quoteId, ids };
    }),
  clear: () => set({ quoteId: null, ids: none }),
}));

/** The selected items that are still on the quote, in the given order. */
export function selectedOf(quoteId: string, itemIds: readonly string[]): string[] {
  const { quoteId: q, ids } = useSelection.getState();
  return q === quoteId ? itemIds.filter((id) => ids.has(id)) : [];
}

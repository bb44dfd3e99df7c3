import { create } from 'zustand';

export type Route =
  | { screen: 'quotes' }
  | { screen: 'followUps' }
  | { screen: 'quote'; quoteId: string }
  /** Present mode: the quote on the whole screen for the client, without the app around it. */
  | { screen: 'present'; quoteId: string }
  | { screen: 'conflicts'; quoteId?: string }
  | { screen: 'library' }
  | { screen: 'kits' }
  | { screen: 'preferences' }
  | { screen: 'settings' };

interface NavState {
  route: Route;
  go: (route: Route) => void;
}

export const useNav = create<NavState>((set) => ({
  route: { screen: 'quotes' },
  go: (route) => set({ route }),
}));

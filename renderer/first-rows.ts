// The list's first rows are what the window shows first. main.tsx imports this module before
// any other, so the request leaves as the bundle starts to run — before React, react-dom and
// the screens' modules are evaluated (about a tenth of a second on a busy laptop) — and its
// answer is usually there for React's first render, which then draws the rows at once.
import { useQuoteList } from './state/quote-list';

useQuoteList.getState().prefetch();

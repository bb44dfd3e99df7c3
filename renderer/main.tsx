import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/app.css';
import { App } from './app/app';
import { useQuoteList } from './state/quote-list';

// react-aria adds one <style> for its pressable elements unless an element with this id is
// already there; our CSP refuses inline styles, so app.css carries that rule and this marker
// tells react-aria it is taken care of.
const marker = document.createElement('meta');
marker.id = 'react-aria-pressable-style';
document.head.append(marker);

// The list's first rows are what the window shows first: asked for before React renders.
useQuoteList.getState().prefetch();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

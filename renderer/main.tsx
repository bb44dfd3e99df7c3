// First: it asks for the list's first rows (see its comment).
import { firstRowsOrSoon } from './first-rows';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/app.css';
import { App } from './app/app';

// react-aria adds one <style> for its pressable elements unless an element with this id is
// already there; our CSP refuses inline styles, so app.css carries that rule and this marker
// tells react-aria it is taken care of.
const marker = document.createElement('meta');
marker.id = 'react-aria-pressable-style';
document.head.append(marker);

// The first render draws the rows when they are there by then (see first-rows.ts).
void firstRowsOrSoon().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

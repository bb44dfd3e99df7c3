// The list's first rows are what the window shows first. main.tsx imports this module before
// any other, so the request leaves as the bundle starts to run — before React, react-dom and
// the screens' modules are evaluated (about a tenth of a second on a busy laptop).
//
// The first render then waits a moment for the answer (`firstRowsOrSoon`): an answer that
// arrived while the bundle ran is only read once the page's script yields, so a render started
// at once drew the window without rows, and the rows came with a second render of the list
// (tens of ms of script and layout more before they were on screen). Where the core is slower
// than that moment, the window is drawn without them and they follow as before.
import { useQuoteList } from './state/quote-list';

/** The longest the window's first render waits for its first rows. */
const FIRST_ROWS_WAIT_MS = 200;

const asked = useQuoteList.getState().prefetch();

/** Resolves once the first rows are in the list's state (or failed), or after a moment. */
export function firstRowsOrSoon(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    asked,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_ROWS_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
}

// The quote as present mode shows it: read from main (present.view, which holds no cost,
// profit or margin) and read again whenever the quote changes — a colleague's edit arriving by
// sync, or the salesperson's own edit in the editor behind — so the client never reads stale
// figures.
import { useEffect, useState } from 'react';
import type { PresentView } from '../../common/ipc/present';
import { errorOf, ipc } from '../ipc';

export type PresentState =
  | { state: 'loading' }
  | { state: 'ready'; view: PresentView }
  | { state: 'failed'; message: string };

export function usePresentView(quoteId: string): PresentState {
  const [s, setS] = useState<PresentState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let asked = 0;
    const load = () => {
      const mine = ++asked;
      ipc()
        .call('present.view', { quoteId })
        .then(
          (view) => live && mine === asked && setS({ state: 'ready', view }),
          (e: unknown) =>
            live && mine === asked && setS({ state: 'failed', message: errorOf(e).message }),
        );
    };
    load();
    const off = ipc().on('quote.changed', (e) => {
      if (e.quoteId === quoteId) load();
    });
    return () => {
      live = false;
      off();
    };
  }, [quoteId]);
  return s;
}

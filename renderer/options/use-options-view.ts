// A quote's options and alternatives as main holds them (options.view: prices only, no cost),
// read again on every change of the quote — a choice, an undo, an edit in the editor behind.
import { useCallback, useEffect, useState } from 'react';
import type { OptionsView } from '../../common/ipc';
import { errorOf, ipc } from '../ipc';

export function useOptionsView(quoteId: string): {
  view: OptionsView | null;
  error: string | null;
  setError: (m: string | null) => void;
} {
  const [view, setView] = useState<OptionsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      ipc()
        .call('options.view', { quoteId })
        .then(setView, (e: unknown) => setError(errorOf(e).message)),
    [quoteId],
  );
  useEffect(() => {
    void load();
    return ipc().on('quote.changed', (e) => {
      if (e.quoteId === quoteId) void load();
    });
  }, [quoteId, load]);
  return { view, error, setError };
}

/** Runs a call that changes options or choices; its refusal is said in words. */
export async function attempt(
  run: () => Promise<unknown>,
  setError: (m: string | null) => void,
): Promise<void> {
  try {
    await run();
    setError(null);
  } catch (e) {
    setError(errorOf(e).message);
  }
}

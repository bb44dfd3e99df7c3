import { useEffect } from 'react';
import { ipc } from '../ipc';
import { useNav } from '../state/nav';
import { openEditor } from '../state/open-editor';
import { useQuoteList } from '../state/quote-list';
import { useStoreHealth } from '../state/store-health';
import { useSync } from '../state/sync';
import { toast } from '../ui/toast';
import { runCommand } from './commands';

/**
 * `fn` once events pause for `wait` ms — but no later than `maxWait` ms after the first event
 * it has not run for: a sync that sends events without a pause (thousands of quotes pushed)
 * would otherwise hold the re-read back until it ends.
 */
function debounced(fn: () => void, wait: number, maxWait: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = 0;
  const run = () => {
    timer = undefined;
    first = 0;
    fn();
  };
  return {
    schedule() {
      const now = Date.now();
      if (first === 0) first = now;
      clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, Math.min(wait, first + maxWait - now)));
    },
    cancel: () => clearTimeout(timer),
  };
}

/** Subscribes to main's change events; the UI re-reads what it shows, debounced. */
export function useEvents(): void {
  useEffect(() => {
    const list = debounced(() => useQuoteList.getState().refresh(), 150, 600);
    const refreshList = list.schedule;
    // The editor reads the quote again only if it does not hold the newest generation yet:
    // a local edit's event names the generation its own answer carries (Infinity: anything
    // else, e.g. a sync, whose state only a read shows).
    let wanted = -1;
    const editor = debounced(
      () => {
        const g = wanted;
        wanted = -1;
        void openEditor()?.catchUp(g);
      },
      60,
      400,
    );
    const reloadEditor = (generation = Infinity) => {
      wanted = Math.max(wanted, generation);
      editor.schedule();
    };
    // A local edit changes the pending count even when no sync round follows (paused,
    // offline): the footer re-reads the status instead of waiting for the engine to speak.
    const status = debounced(() => void useSync.getState().load(), 200, 1000);
    const reloadStatus = status.schedule;
    const client = ipc();
    const offs = [
      client.on('quote.changed', (e) => {
        refreshList();
        if (e.source !== 'sync') reloadStatus();
        const ed = openEditor();
        if (ed && ed.quoteId === e.quoteId) {
          if (e.deleted && e.source === 'sync') void ed.reload();
          else reloadEditor(e.source === 'sync' ? Infinity : (e.generation ?? Infinity));
        }
      }),
      client.on('quotes.changed', () => {
        refreshList();
        if (openEditor()?.quoteId) reloadEditor();
      }),
      client.on('sync.state', (s) => useSync.getState().setStatus(s)),
      client.on('sync.progress', (p) => useSync.getState().setProgress(p)),
      // The state itself is the payload: the row and the open quote show it, nothing is read.
      client.on('sync.quoteState', (e) => {
        useQuoteList.getState().applySync(e.quoteId, e.sync);
        openEditor()?.applySync(e.quoteId, e.sync);
      }),
      client.on('profile.changed', () => {
        refreshList();
        void useSync.getState().load();
        const screen = useNav.getState().route.screen;
        if (screen === 'quote' || screen === 'present') useNav.getState().go({ screen: 'quotes' });
      }),
      client.on('store.health', (h) => useStoreHealth.getState().set(h)),
      client.on('app.command', (e) => runCommand(e.command)),
      // Main kept running past a fault (or is restarting its core): said once, calmly.
      client.on('app.fault', (e) => toast.info(e.message)),
      client.on('embedded.state', (e) =>
        useSync.getState().setServerNotice(e.state === 'running' ? null : e.message),
      ),
    ];
    return () => {
      list.cancel();
      editor.cancel();
      status.cancel();
      offs.forEach((off) => off());
    };
  }, []);
}

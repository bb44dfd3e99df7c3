import { useEffect } from 'react';
import { ipc } from '../ipc';
import { useEditor } from '../state/editor';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quote-list';
import { useStoreHealth } from '../state/store-health';
import { useSync } from '../state/sync';
import { runCommand } from './commands';

/** Subscribes to main's change events; the UI re-reads what it shows, debounced. */
export function useEvents(): void {
  useEffect(() => {
    let listTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshList = () => {
      clearTimeout(listTimer);
      listTimer = setTimeout(() => useQuoteList.getState().refresh(), 150);
    };
    let editorTimer: ReturnType<typeof setTimeout> | undefined;
    const reloadEditor = () => {
      clearTimeout(editorTimer);
      editorTimer = setTimeout(() => void useEditor.getState().reload(), 60);
    };
    // A local edit changes the pending count even when no sync round follows (paused,
    // offline): the footer re-reads the status instead of waiting for the engine to speak.
    let statusTimer: ReturnType<typeof setTimeout> | undefined;
    const reloadStatus = () => {
      clearTimeout(statusTimer);
      statusTimer = setTimeout(() => void useSync.getState().load(), 200);
    };
    const client = ipc();
    const offs = [
      client.on('quote.changed', (e) => {
        refreshList();
        if (e.source !== 'sync') reloadStatus();
        const ed = useEditor.getState();
        if (ed.quoteId === e.quoteId) {
          if (e.deleted && e.source === 'sync') void ed.reload();
          else if (
            e.source === 'sync' ||
            (e.generation ?? Infinity) > (ed.detail?.generation ?? -1)
          )
            reloadEditor();
        }
      }),
      client.on('quotes.changed', () => {
        refreshList();
        if (useEditor.getState().quoteId) reloadEditor();
      }),
      client.on('sync.state', (s) => useSync.getState().setStatus(s)),
      client.on('sync.progress', (p) => useSync.getState().setProgress(p)),
      client.on('sync.quoteState', (e) => {
        refreshList();
        if (useEditor.getState().quoteId === e.quoteId) reloadEditor();
      }),
      client.on('profile.changed', () => {
        refreshList();
        void useSync.getState().load();
        if (useNav.getState().route.screen === 'quote') useNav.getState().go({ screen: 'quotes' });
      }),
      client.on('store.health', (h) => useStoreHealth.getState().set(h)),
      client.on('app.command', (e) => runCommand(e.command)),
      client.on('embedded.state', (e) =>
        useSync.getState().setServerNotice(e.state === 'running' ? null : e.message),
      ),
    ];
    return () => {
      clearTimeout(listTimer);
      clearTimeout(editorTimer);
      clearTimeout(statusTimer);
      offs.forEach((off) => off());
    };
  }, []);
}

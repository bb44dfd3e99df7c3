import type { AppCommand } from '../../common/ipc/shapes';
import { useNav } from '../state/nav';
import { openEditor } from '../state/open-editor';
import { useSync } from '../state/sync';
import { useCommandRequest } from '../state/command-request';
import { deleteQuote, duplicateQuote } from '../quotes/actions';
import { runToastShortcut } from '../ui/toast';

export function runCommand(command: AppCommand): void {
  const nav = useNav.getState();
  const editor = openEditor();
  switch (command) {
    case 'newQuote':
      nav.go({ screen: 'quotes' });
      useCommandRequest.getState().request();
      break;
    case 'duplicateQuote':
      if (editor?.quoteId) void duplicateQuote(editor.quoteId);
      break;
    case 'deleteQuote':
      if (editor?.detail) {
        const h = editor.detail.header;
        void deleteQuote({ id: h.id, referenceCode: h.referenceCode, client: h.client }).then(
          (ok) => ok && nav.go({ screen: 'quotes' }),
        );
      }
      break;
    case 'find':
      nav.go({ screen: 'quotes' });
      setTimeout(() => document.querySelector<HTMLInputElement>('[data-find-target]')?.focus(), 0);
      break;
    case 'undo':
      // Outside the editor, Ctrl+Z takes back what the newest notice offers to undo (a delete).
      if (nav.route.screen !== 'quote' && runToastShortcut('Control+Z')) break;
      // Undo and redo are the open quote's: their module is the editor's, loaded with it.
      if (editor?.quoteId) void import('../state/undo').then((m) => m.undo());
      break;
    case 'redo':
      if (editor?.quoteId) void import('../state/undo').then((m) => m.redo());
      break;
    case 'syncNow':
      void useSync.getState().runNow();
      break;
    case 'openSettings':
      nav.go({ screen: 'settings' });
      break;
    case 'openLibrary':
      nav.go({ screen: 'library' });
      break;
    case 'openPreferences':
      nav.go({ screen: 'preferences' });
      break;
    case 'openConflicts':
      nav.go({ screen: 'conflicts' });
      break;
    case 'openNeedsAttention':
      nav.go({ screen: 'followUps' });
      break;
    case 'presentQuote':
      if (nav.route.screen === 'quote') nav.go({ screen: 'present', quoteId: nav.route.quoteId });
      break;
  }
}

/** Keyboard shortcuts for browser mode (the desktop menu sends the same commands). */
export function shortcutFor(e: KeyboardEvent): AppCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  const t = e.target as HTMLElement | null;
  const typing =
    !!t &&
    (t.tagName === 'INPUT' ||
      t.tagName === 'TEXTAREA' ||
      t.tagName === 'SELECT' ||
      t.isContentEditable);
  if (mod && key === 'z' && !typing) return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y' && !typing) return 'redo';
  if (mod && key === 'n' && !e.shiftKey) return 'newQuote';
  if (mod && key === 'f') return 'find';
  if (e.key === 'F5') return 'syncNow';
  if (mod && key === ',') return 'openSettings';
  if (mod && e.shiftKey && key === 'p') return 'presentQuote';
  return null;
}

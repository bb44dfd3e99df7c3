// What the core asks of the desktop: native open and save dialogs over the window, links
// opened in the OS browser (through the one check every link passes: `external-links.ts`), and
// notifications (a click brings the window to the front).
import { BrowserWindow, dialog, Notification } from 'electron';
import type { Platform } from '../core/types';
import type { LinkOpener } from './external-links';

export function electronPlatform(window: () => BrowserWindow | null, leave: LinkOpener): Platform {
  // Shown notifications are held until clicked or closed: one collected early loses its click.
  const shown = new Set<Notification>();
  return {
    mode: 'electron',
    async choosePdfFiles(multiple) {
      const opts: Electron.OpenDialogOptions = {
        title: 'Add PDF attachments',
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
      };
      const win = window();
      const res = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
      return res.canceled ? [] : res.filePaths;
    },
    async chooseSavePath(defaultName) {
      const opts: Electron.SaveDialogOptions = { defaultPath: defaultName };
      const win = window();
      const res = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
      return res.canceled || !res.filePath ? null : res.filePath;
    },
    async chooseCaFile() {
      const opts: Electron.OpenDialogOptions = {
        title: 'Choose the CA certificate',
        properties: ['openFile'],
        filters: [{ name: 'Certificates (PEM)', extensions: ['pem', 'crt', 'cer'] }],
      };
      const win = window();
      const res = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
      return res.canceled ? null : (res.filePaths[0] ?? null);
    },
    async chooseDraftsFile(kind = 'drafts') {
      const opts: Electron.OpenDialogOptions = {
        title: kind === 'kit' ? 'Import kit' : 'Import drafts',
        properties: ['openFile'],
        filters: [
          kind === 'kit'
            ? { name: 'Quotedesk kits (JSON)', extensions: ['json'] }
            : { name: 'Quotedesk drafts (JSON)', extensions: ['json'] },
        ],
      };
      const win = window();
      const res = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
      return res.canceled ? null : (res.filePaths[0] ?? null);
    },
    notify(n, onClick) {
      if (!Notification.isSupported()) return;
      const note = new Notification({ title: n.title, body: n.body });
      note.on('click', () => {
        shown.delete(note);
        const win = window();
        if (win) {
          if (win.isMinimized()) win.restore();
          win.show();
          win.focus();
        }
        onClick();
      });
      note.on('close', () => shown.delete(note));
      shown.add(note);
      note.show();
    },
    async openExternal(url) {
      const refusal = leave(url, 'openExternal');
      if (refusal) throw new Error(refusal);
    },
  };
}

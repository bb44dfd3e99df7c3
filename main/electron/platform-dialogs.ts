// What the core asks of the desktop: native open and save dialogs over the window, and links
// opened in the OS browser (through the one check every link passes: `external-links.ts`).
import { BrowserWindow, dialog } from 'electron';
import type { Platform } from '../core/types';
import type { LinkOpener } from './external-links';

export function electronPlatform(window: () => BrowserWindow | null, leave: LinkOpener): Platform {
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
    async openExternal(url) {
      const refusal = leave(url, 'openExternal');
      if (refusal) throw new Error(refusal);
    },
  };
}

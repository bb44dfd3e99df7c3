// What the core asks of the desktop: native open and save dialogs over the window, and links
// opened in the OS browser (https only, and only right after the user's own click or key press).
import { BrowserWindow, dialog, shell } from 'electron';
import type { Platform } from '../core/types';
import { isOpenableExternal } from './navigation';
import type { GestureGate } from './user-gesture';

export function electronPlatform(
  window: () => BrowserWindow | null,
  gestures: GestureGate,
): Platform {
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
    async openExternal(url) {
      if (!isOpenableExternal(url)) throw new Error('Only https links open outside Quotedesk.');
      if (!gestures.consume(Date.now()))
        throw new Error('A link opens only when you click it or press a key.');
      await shell.openExternal(url);
    },
  };
}

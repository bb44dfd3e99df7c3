// The app's one window: its remembered place, and a watch for the faults a user would
// otherwise meet as a blank or frozen window (renderer gone, page unresponsive).
import { BrowserWindow, dialog, screen } from 'electron';
import path from 'node:path';
import type { Core } from '../core/types';
import type { Logger } from '../core/log';
import {
  CRASH_PAGE_URL,
  isExpectedExit,
  rendererGoneAction,
  UNRESPONSIVE_BUTTONS,
  unresponsiveAction,
} from './faults';
import { APP_ENTRY_URL } from './protocol-paths';
import { isGestureInput, type GestureGate } from './user-gesture';
import { buildWindowOptions } from './window-options';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-state';

export interface WindowDeps {
  outDir: string;
  core: Core;
  log: Logger;
  gestures: GestureGate;
  /** Why the renderer died last, for the crash page. */
  setCrashReason(reason: string): void;
  onClosed(win: BrowserWindow): void;
}

/** Opens the window where it was last (on a screen that still exists) and loads the app. */
export function createMainWindow(deps: WindowDeps): BrowserWindow {
  const stateFile = deps.core.paths.windowStateFile;
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const state = fitToDisplays(loadWindowState(stateFile), workAreas);
  const win = new BrowserWindow(
    buildWindowOptions({
      preloadPath: path.join(deps.outDir, 'preload', 'index.cjs'),
      state,
      platform: process.platform,
    }),
  );
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  const remember = () => {
    if (win.isDestroyed()) return;
    const b = win.getNormalBounds();
    saveWindowState(stateFile, { ...b, maximized: win.isMaximized() });
  };
  win.on('resized', remember);
  win.on('moved', remember);
  win.on('close', remember);
  win.on('closed', () => deps.onClosed(win));
  noteGestures(win, deps.gestures);
  watchRenderer(win, deps);
  watchResponsive(win, deps.log, () => markHungReload(win));
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

function noteGestures(win: BrowserWindow, gestures: GestureGate): void {
  win.webContents.on('before-input-event', (_e, input) => {
    if (isGestureInput(input.type)) gestures.note(Date.now());
  });
  win.webContents.on('before-mouse-event', (_e, mouse) => {
    if (isGestureInput(mouse.type)) gestures.note(Date.now());
  });
}

// A window whose hung renderer we end on purpose: its `render-process-gone` is ours, not a crash.
const reloadingHung = new WeakSet<BrowserWindow>();
const markHungReload = (win: BrowserWindow) => reloadingHung.add(win);

/** A crashed page reloads once; a second crash within the minute shows the error page. */
function watchRenderer(win: BrowserWindow, deps: WindowDeps): void {
  const contents = win.webContents;
  let lastReloadAt: number | null = null;
  contents.on('render-process-gone', (_e, details) => {
    if (win.isDestroyed() || isExpectedExit(details.reason)) return;
    deps.log.error('window.renderer_gone', { reason: details.reason, exitCode: details.exitCode });
    if (reloadingHung.delete(win)) return;
    const now = Date.now();
    if (rendererGoneAction(lastReloadAt, now) === 'reload') {
      lastReloadAt = now;
      contents.reload();
    } else {
      deps.setCrashReason(details.reason);
      void win.loadURL(CRASH_PAGE_URL);
    }
  });
}

/** A hung page asks Wait or Reload; Reload ends its process and loads it again. */
function watchResponsive(win: BrowserWindow, log: Logger, markHung: () => void): void {
  const contents = win.webContents;
  win.on('unresponsive', () => {
    log.warn('window.unresponsive');
    void dialog
      .showMessageBox(win, {
        type: 'warning',
        title: 'Quotedesk is not responding',
        message: 'Quotedesk’s window is not responding.',
        detail:
          'You can wait for it, or reload the window. Your edits are kept on this computer either way.',
        buttons: [...UNRESPONSIVE_BUTTONS],
        defaultId: 0,
        cancelId: 0,
      })
      .then(({ response }) => {
        if (unresponsiveAction(response) !== 'reload' || win.isDestroyed()) return;
        log.info('window.reload_after_unresponsive');
        // A hung page cannot reload itself: end its process, then load it again.
        markHung();
        contents.forcefullyCrashRenderer();
        contents.reload();
      });
  });
  win.on('responsive', () => log.info('window.responsive'));
}

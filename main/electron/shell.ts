// The desktop shell: thin on purpose. Everything it decides is in plain, tested functions
// (window options, CSP, protocol paths, navigation and sender checks, menu, what to do on a
// fault); this file only puts the app's life in order: guards, core, channels, window, quit.
import { app, type BrowserWindow } from 'electron';
import path from 'node:path';
import type { Core, Platform } from '../core/types';
import type { Logger } from '../core/log';
import { errorFields } from '../core/log';
import { connectIpc, installMenu, registerAppScheme, serveAppProtocol } from './core-channels';
import { errorShower, guardNavigation, lockDownSession, reportUncaughtErrors } from './main-guards';
import { linkOpener } from './external-links';
import { createMainWindow } from './main-window';
import { electronPlatform } from './platform-dialogs';
import { GestureGate } from './user-gesture';

export interface ShellOptions {
  /** Folder holding `renderer/` and `preload/` of the build (`out/`). */
  outDir: string;
  dataDir: string;
  /** The app log (also the core's); named in every error box. */
  log: Logger;
  logFile: string;
  startCore(platform: Platform): Promise<Core>;
}

export function runShell(options: ShellOptions): void {
  const { log } = options;
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    // Another Quotedesk is running: it gets focus (its `second-instance`), this one ends.
    log.info('app.second_instance_quits');
    app.quit();
    return;
  }
  app.enableSandbox();
  // Chromium's own profile goes inside our data directory, so one folder holds everything.
  app.setPath('userData', path.join(options.dataDir, 'chromium'));

  let window: BrowserWindow | null = null;
  let core: Core | null = null;
  let quitting = false;
  let crashReason = '';
  const gestures = new GestureGate();
  const leave = linkOpener(gestures, log);
  const showError = errorShower(options.logFile);
  reportUncaughtErrors(log, showError, () => core);
  guardNavigation(leave);

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  const openWindow = (started: Core) =>
    createMainWindow({
      outDir: options.outDir,
      core: started,
      log,
      gestures,
      setCrashReason: (reason) => (crashReason = reason),
      onClosed: (win) => {
        if (window === win) window = null;
      },
    });

  const start = async () => {
    lockDownSession();
    core = await options.startCore(electronPlatform(() => window, leave));
    serveAppProtocol(core, options.outDir, () => crashReason);
    connectIpc(core, () => window);
    installMenu(() => window);
    window = openWindow(core);
  };

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // No window, no silent nothing: the user is told why, and where the log is.
      log.error('app.start_failed', errorFields(error));
      showError('Quotedesk could not start', error);
      quitting = true;
      const closing = core ? core.close().catch(() => {}) : Promise.resolve();
      void closing.finally(() => app.quit());
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!window && core) window = openWindow(core);
  });

  app.on('before-quit', (event) => {
    if (quitting || !core) return;
    // Let a sync step that already started finish, so no request is left "in flight".
    event.preventDefault();
    quitting = true;
    void core
      .close()
      .catch((error) => core?.log.error('quit.close_failed', { error: String(error) }))
      .finally(() => app.quit());
  });
}

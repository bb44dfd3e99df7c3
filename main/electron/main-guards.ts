// What the shell guards before any window exists: errors in main are logged and shown, every
// page's navigation stays on the app, and the page's session gets no permission and no network.
import { app, dialog, session } from 'electron';
import { installFaultGuard, type FaultGuard } from '../core/fault-guard';
import type { Logger } from '../core/log';
import type { Core } from '../core/types';
import { errorBox, ShownErrors } from './faults';
import type { LinkOpener } from './external-links';
import { isAppEntry, isAppUrl } from './navigation';

/** Shows an error box naming the log; before `ready` some platforms cannot, and the log has it. */
export function errorShower(logFile: string): (what: string, error: unknown) => void {
  return (what, error) => {
    const box = errorBox(what, error, logFile);
    try {
      dialog.showErrorBox(box.title, box.content);
    } catch {
      // Before `ready` on some platforms the box cannot show; the log has it.
    }
  };
}

/**
 * Nothing fails silently in main, and nothing ends it (docs/architecture.md#faults): an error that
 * escaped every guard is logged without its words, and said once — in the window once the core
 * runs (the `app.fault` event), in an error box before that (there is no window to tell yet).
 * The same fault again and again: the app closes its core and starts anew, saying why.
 */
export function reportUncaughtErrors(
  log: Logger,
  show: (what: string, error: unknown) => void,
  core: () => Core | null,
): FaultGuard {
  const shown = new ShownErrors();
  return installFaultGuard({
    log,
    notify: (notice) => {
      const running = core();
      if (running) running.hub.emit('app.fault', notice);
      else if (shown.firstTime(notice.message))
        show('An unexpected error happened', notice.message);
    },
    restart: (reason) => {
      const running = core();
      void (running ? running.close().catch(() => {}) : Promise.resolve()).finally(() => {
        log.warn('app.relaunch', { reason });
        app.relaunch();
        app.exit(0);
      });
    },
  });
}

/** Every page's navigation stays on the app; an https link the user clicked opens in their browser. */
export function guardNavigation(leave: LinkOpener): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      // Only the app's own start page (the crash page's Reload); a link the user clicked to
      // an https page opens in their browser; nothing else leaves.
      if (isAppEntry(url)) return;
      event.preventDefault();
      if (!isAppUrl(url)) leave(url, 'navigation');
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      leave(url, 'new-window');
      return { action: 'deny' };
    });
  });
}

/** The page asks for no permission and reaches no network: the core talks to the server. */
export function lockDownSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (_d, cb) => cb({ cancel: true }),
  );
}

// The desktop shell: thin on purpose. Everything it decides is in plain, tested functions
// (window options, CSP, protocol paths, navigation and sender checks, menu, what to do on a
// fault); this file only hands them to Electron.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type AppCommand } from '../../common/ipc';
import type { Core, Platform } from '../core/types';
import type { Logger } from '../core/log';
import { errorFields } from '../core/log';
import { securityHeaders } from '../core/csp';
import {
  CRASH_PAGE_URL,
  crashPageHtml,
  errorBox,
  isExpectedExit,
  rendererGoneAction,
  ShownErrors,
  UNRESPONSIVE_BUTTONS,
  unresponsiveAction,
} from './faults';
import { isAppEntry, isAppUrl, isOpenableExternal, isTrustedSender } from './navigation';
import { buildMenuTemplate } from './menu-template';
import { APP_ENTRY_URL, APP_SCHEME, resolveProtocolRequest } from './protocol-paths';
import { GestureGate, isGestureInput } from './user-gesture';
import { buildWindowOptions } from './window-options';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-state';

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
  // Must happen before `ready`: our scheme behaves like https (secure origin, fetch, CSP).
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        stream: true,
        codeCache: true,
      },
    },
  ]);
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
  const shown = new ShownErrors();

  const showError = (what: string, error: unknown) => {
    const box = errorBox(what, error, options.logFile);
    try {
      dialog.showErrorBox(box.title, box.content);
    } catch {
      // Before `ready` on some platforms the box cannot show; the log has it.
    }
  };

  // Nothing fails silently in main: logged with its stack, and shown. The store commits
  // every edit as it is made, so the user's work is on disk whatever happens next.
  process.on('uncaughtException', (error) => {
    log.error('main.uncaught_exception', errorFields(error));
    if (shown.firstTime(error)) showError('An unexpected error happened', error);
  });
  process.on('unhandledRejection', (reason) => {
    log.error('main.unhandled_rejection', errorFields(reason));
    if (shown.firstTime(reason)) showError('An unexpected error happened', reason);
  });

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      // Only the app's own start page (the crash page's Reload); a link the user clicked to
      // an https page opens in their browser; nothing else leaves.
      if (isAppEntry(url)) return;
      event.preventDefault();
      if (!isAppUrl(url) && isOpenableExternal(url)) void shell.openExternal(url);
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isOpenableExternal(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  const platform: Platform = {
    mode: 'electron',
    async choosePdfFiles(multiple) {
      const opts: Electron.OpenDialogOptions = {
        title: 'Add PDF attachments',
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
      };
      const res = window
        ? await dialog.showOpenDialog(window, opts)
        : await dialog.showOpenDialog(opts);
      return res.canceled ? [] : res.filePaths;
    },
    async chooseSavePath(defaultName) {
      const opts: Electron.SaveDialogOptions = { defaultPath: defaultName };
      const res = window
        ? await dialog.showSaveDialog(window, opts)
        : await dialog.showSaveDialog(opts);
      return res.canceled || !res.filePath ? null : res.filePath;
    },
    async openExternal(url) {
      if (!isOpenableExternal(url)) throw new Error('Only https links open outside Quotedesk.');
      if (!gestures.consume(Date.now()))
        throw new Error('A link opens only when you click it or press a key.');
      await shell.openExternal(url);
    },
  };

  const sendCommand = (command: AppCommand) => {
    window?.webContents.send(EVENT_CHANNEL, { event: 'app.command', payload: { command } });
  };

  const start = async () => {
    const ses = session.defaultSession;
    ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    ses.setDevicePermissionHandler(() => false);
    // The UI has no business on the network: the core talks to the server, not the page.
    ses.webRequest.onBeforeRequest(
      { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
      (_d, cb) => cb({ cancel: true }),
    );

    core = await options.startCore(platform);
    const started = core;
    const rendererDir = path.join(options.outDir, 'renderer');
    protocol.handle(APP_SCHEME, async (request) => {
      if (request.url === CRASH_PAGE_URL) {
        return new Response(crashPageHtml(crashReason), {
          status: 200,
          headers: { ...securityHeaders(), 'content-type': 'text/html; charset=utf-8' },
        });
      }
      const answer = resolveProtocolRequest(request.url, request.method, {
        rendererDir,
        readBlob: (sha) => started.readBlob(sha),
      });
      if (answer.kind === 'refused') return new Response(null, { status: answer.status });
      const body =
        request.method === 'HEAD'
          ? null
          : answer.kind === 'bytes'
            ? answer.bytes
            : await fs.promises.readFile(answer.path);
      return new Response(body, {
        status: 200,
        headers: { ...securityHeaders(), 'content-type': answer.mimeType },
      });
    });

    ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
      const frame = event.senderFrame;
      const trusted = isTrustedSender(
        frame ? { url: frame.url, isMainFrame: frame === event.sender.mainFrame } : null,
      );
      if (!trusted || !window || event.sender !== window.webContents) {
        started.log.warn('ipc.refused_sender', { url: frame?.url });
        return {
          ok: false,
          error: {
            code: 'AUTH',
            message: 'Refused: the call did not come from the Quotedesk window.',
          },
        };
      }
      return started.dispatch(String(name), input, { via: 'electron' });
    });
    started.hub.subscribe((event, payload) => {
      if (window && !window.isDestroyed())
        window.webContents.send(EVENT_CHANNEL, { event, payload });
    });

    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          platform: process.platform,
          appName: 'Quotedesk',
          send: sendCommand,
          isDev: !app.isPackaged,
        }),
      ),
    );
    window = createWindow(options.outDir, started);
  };

  /** Watches the window for the faults a user would otherwise meet as a blank or frozen window. */
  const watchWindow = (win: BrowserWindow) => {
    const contents = win.webContents;
    let lastReloadAt: number | null = null;
    let reloadingHung = false;
    contents.on('before-input-event', (_e, input) => {
      if (isGestureInput(input.type)) gestures.note(Date.now());
    });
    contents.on('before-mouse-event', (_e, mouse) => {
      if (isGestureInput(mouse.type)) gestures.note(Date.now());
    });
    contents.on('render-process-gone', (_e, details) => {
      if (win.isDestroyed() || isExpectedExit(details.reason)) return;
      log.error('window.renderer_gone', { reason: details.reason, exitCode: details.exitCode });
      if (reloadingHung) {
        reloadingHung = false;
        return;
      }
      const now = Date.now();
      if (rendererGoneAction(lastReloadAt, now) === 'reload') {
        lastReloadAt = now;
        contents.reload();
      } else {
        crashReason = details.reason;
        void win.loadURL(CRASH_PAGE_URL);
      }
    });
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
          reloadingHung = true;
          contents.forcefullyCrashRenderer();
          contents.reload();
        });
    });
    win.on('responsive', () => log.info('window.responsive'));
  };

  const createWindow = (outDir: string, started: Core): BrowserWindow => {
    const stateFile = started.paths.windowStateFile;
    const workAreas = screen.getAllDisplays().map((d) => d.workArea);
    const state = fitToDisplays(loadWindowState(stateFile), workAreas);
    const win = new BrowserWindow(
      buildWindowOptions({
        preloadPath: path.join(outDir, 'preload', 'index.cjs'),
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
    win.on('closed', () => {
      if (window === win) window = null;
    });
    watchWindow(win);
    void win.loadURL(APP_ENTRY_URL);
    return win;
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
    if (!window && core) window = createWindow(options.outDir, core);
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

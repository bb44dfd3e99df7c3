// The desktop shell: thin on purpose. Everything it decides is in plain, tested functions
// (window options, CSP, protocol paths, navigation and sender checks, menu); this file only
// hands them to Electron.
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
import { securityHeaders } from '../core/csp';
import { isAppUrl, isOpenableExternal, isTrustedSender } from './navigation';
import { buildMenuTemplate } from './menu-template';
import { APP_ENTRY_URL, APP_SCHEME, resolveProtocolRequest } from './protocol-paths';
import { buildWindowOptions } from './window-options';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-state';

export interface ShellOptions {
  /** Folder holding `renderer/` and `preload/` of the build (`out/`). */
  outDir: string;
  dataDir: string;
  startCore(platform: Platform): Promise<Core>;
}

export function runShell(options: ShellOptions): void {
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
    app.quit();
    return;
  }
  app.enableSandbox();
  // Chromium's own profile goes inside our data directory, so one folder holds everything.
  app.setPath('userData', path.join(options.dataDir, 'chromium'));

  let window: BrowserWindow | null = null;
  let core: Core | null = null;
  let quitting = false;

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      // A link the user clicked to an https page opens in their browser; nothing else leaves.
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
      await shell.openExternal(url);
    },
  };

  const sendCommand = (command: AppCommand) => {
    window?.webContents.send(EVENT_CHANNEL, { event: 'app.command', payload: { command } });
  };

  void app.whenReady().then(async () => {
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
      const answer = resolveProtocolRequest(request.url, request.method, {
        rendererDir,
        blobPath: (sha) => started.blobPath(sha),
      });
      if (answer.kind === 'refused') return new Response(null, { status: answer.status });
      const body = request.method === 'HEAD' ? null : await fs.promises.readFile(answer.path);
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

function createWindow(outDir: string, core: Core): BrowserWindow {
  const stateFile = core.paths.windowStateFile;
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
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

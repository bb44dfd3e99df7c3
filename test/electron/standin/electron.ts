// A recording stand-in for the `electron` module: the one fake of the packaged-start tests,
// because the Electron runtime cannot be downloaded on every machine that runs them. It
// does what the shell asks and writes down every call (window options, protocol and IPC
// handlers, dialogs, quit); `utilityProcess.fork` starts a real process with Node's
// `child_process.fork`, which is what Electron's utility process is.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import https from 'node:https';
import os from 'node:os';

export interface StandinOptions {
  /** What `requestSingleInstanceLock` answers (false: another instance runs). */
  singleInstance?: boolean;
  /** Button index `showMessageBox` answers with. */
  messageBoxResponse?: number;
  /** Paths the open dialog answers with; the save dialog's path. */
  openPaths?: string[];
  savePath?: string | null;
  /** What `app.getVersion` answers. */
  version?: string;
  /** What `app.isPackaged` answers (default true: an installed app). */
  packaged?: boolean;
  /** A CA certificate (PEM) `net.request` trusts, as Chromium would trust the OS store. */
  trustedCa?: string;
}

export type Call = { what: string; args: unknown[] };

export class StandinWebContents extends EventEmitter {
  url = '';
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  readonly mainFrame: { url: string };
  reloads = 0;
  crashes = 0;
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
  constructor() {
    super();
    const url = () => this.url;
    this.mainFrame = {
      get url() {
        return url();
      },
    };
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  reload(): void {
    this.reloads++;
  }
  forcefullyCrashRenderer(): void {
    this.crashes++;
  }
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }): void {
    this.windowOpenHandler = fn;
  }
  /** The renderer's main frame as an IPC sender sees it. */
  frame(url = this.url, isMainFrame = true): { url: string } {
    return isMainFrame ? this.mainFrame : { url };
  }
}

export function createElectronStandin(opts: StandinOptions = {}) {
  const calls: Call[] = [];
  const record = (what: string, ...args: unknown[]) => calls.push({ what, args });
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((r) => (resolveReady = r));
  const windows: StandinBrowserWindow[] = [];
  const forks: ChildProcess[] = [];
  const protocolHandlers = new Map<string, (req: Request) => Promise<Response> | Response>();
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  let quitState: 'running' | 'quit' = 'running';
  const paths = new Map<string, string>();

  class App extends EventEmitter {
    isPackaged = opts.packaged ?? true;
    whenReady(): Promise<void> {
      record('app.whenReady');
      return readyPromise;
    }
    /** The test's "Electron is ready". */
    emitReady(): void {
      resolveReady();
      this.emit('ready');
    }
    requestSingleInstanceLock(): boolean {
      record('app.requestSingleInstanceLock');
      return opts.singleInstance ?? true;
    }
    enableSandbox(): void {
      record('app.enableSandbox');
    }
    setPath(name: string, value: string): void {
      record('app.setPath', name, value);
      paths.set(name, value);
    }
    getVersion(): string {
      return opts.version ?? '0.0.0-standin';
    }
    getName(): string {
      return 'Quotedesk';
    }
    getAppPath(): string {
      return process.cwd();
    }
    getPath(name: string): string {
      return paths.get(name) ?? os.tmpdir();
    }
    relaunch(): void {
      record('app.relaunch');
    }
    quit(): void {
      record('app.quit');
      let prevented = false;
      this.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) {
        quitState = 'quit';
        record('app.quitted');
        this.emit('will-quit');
      }
    }
    exit(code?: number): void {
      record('app.exit', code);
      quitState = 'quit';
    }
    get hasQuit(): boolean {
      return quitState === 'quit';
    }
  }
  const app = new App();

  class StandinBrowserWindow extends EventEmitter {
    readonly webContents = new StandinWebContents();
    destroyed = false;
    focused = 0;
    minimized = false;
    shown = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      record('BrowserWindow.new', options);
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string): Promise<void> {
      record('BrowserWindow.loadURL', url);
      this.webContents.url = url;
      return Promise.resolve();
    }
    show(): void {
      this.shown = true;
    }
    maximize(): void {}
    isMaximized(): boolean {
      return false;
    }
    isMinimized(): boolean {
      return this.minimized;
    }
    restore(): void {
      this.minimized = false;
    }
    focus(): void {
      this.focused++;
      record('BrowserWindow.focus');
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1280, height: 800 };
    }
    close(): void {
      this.emit('close');
      this.destroyed = true;
      this.emit('closed');
    }
  }

  const notifications: StandinNotification[] = [];
  /** Electron's `Notification`: shown ones are kept, and a test may click one. */
  class StandinNotification extends EventEmitter {
    static isSupported(): boolean {
      return true;
    }
    constructor(readonly options: { title: string; body: string }) {
      super();
    }
    show(): void {
      record('Notification.show', this.options);
      notifications.push(this);
    }
    click(): void {
      this.emit('click', {});
    }
  }

  const electron = {
    app,
    BrowserWindow: StandinBrowserWindow,
    Notification: StandinNotification,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) =>
        record('protocol.registerSchemesAsPrivileged', schemes),
      handle: (scheme: string, fn: (req: Request) => Promise<Response>) => {
        record('protocol.handle', scheme);
        protocolHandlers.set(scheme, fn);
      },
    },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => {
        record('ipcMain.handle', channel);
        ipcHandlers.set(channel, fn);
      },
    },
    dialog: {
      showErrorBox: (title: string, content: string) =>
        record('dialog.showErrorBox', title, content),
      showMessageBox: async (_win: unknown, options: unknown) => {
        record('dialog.showMessageBox', options);
        return { response: opts.messageBoxResponse ?? 0, checkboxChecked: false };
      },
      showOpenDialog: async (...args: unknown[]) => {
        record('dialog.showOpenDialog', args.at(-1));
        const paths = opts.openPaths ?? [];
        return { canceled: paths.length === 0, filePaths: paths };
      },
      showSaveDialog: async (...args: unknown[]) => {
        record('dialog.showSaveDialog', args.at(-1));
        const p = opts.savePath ?? null;
        return { canceled: p === null, filePath: p ?? '' };
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: (menu: unknown) => record('Menu.setApplicationMenu', menu),
    },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => record('session.setPermissionRequestHandler'),
        setPermissionCheckHandler: () => record('session.setPermissionCheckHandler'),
        setDevicePermissionHandler: () => record('session.setDevicePermissionHandler'),
        webRequest: {
          onBeforeRequest: (filter: unknown) => record('session.onBeforeRequest', filter),
        },
      },
      fromPartition: (name: string) => ({ partition: name }),
    },
    // Electron's net module as electron-updater uses it: Node's https underneath, trusting the
    // test's CA as Chromium would trust the OS's certificate store.
    // Electron's own autoUpdater: electron-updater only emits `before-quit-for-update` on it.
    autoUpdater: new EventEmitter(),
    net: {
      request(options: https.RequestOptions & { session?: unknown; redirect?: string }) {
        const { session: _session, redirect: _redirect, ...rest } = options;
        record(
          'net.request',
          `${rest.protocol ?? 'https:'}//${rest.hostname}:${rest.port ?? ''}${rest.path ?? ''}`,
        );
        return https.request({ ...rest, ...(opts.trustedCa ? { ca: opts.trustedCa } : {}) });
      },
    },
    shell: {
      openExternal: async (url: string) => {
        record('shell.openExternal', url);
      },
    },
    utilityProcess: {
      fork(
        modulePath: string,
        args: string[],
        options: { stdio?: string; env?: NodeJS.ProcessEnv } = {},
      ) {
        const { env: given, ...shown } = options;
        // The environment may carry a secret: recorded is only which names were given.
        record('utilityProcess.fork', modulePath, args, {
          ...shown,
          envNames: Object.keys(given ?? {}),
        });
        const env = { ...(given ?? process.env) };
        delete env.NODE_OPTIONS;
        const child = fork(modulePath, args, {
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
          execArgv: [],
          env,
        });
        forks.push(child);
        // Electron's UtilityProcess: `exit` with a code, `kill()` without a signal.
        const up = Object.assign(new EventEmitter(), {
          get pid() {
            return child.pid;
          },
          stdout: child.stdout,
          stderr: child.stderr,
          kill: () => child.kill('SIGTERM'),
        });
        child.once('exit', (code, signal) => up.emit('exit', code ?? (signal ? 1 : 0)));
        return up;
      },
    },
  };

  return {
    electron,
    calls,
    windows,
    forks,
    notifications,
    /** Every recorded call named `what`. */
    called: (what: string) => calls.filter((c) => c.what === what),
    protocolHandler: (scheme: string) => protocolHandlers.get(scheme),
    ipcHandler: (channel: string) => ipcHandlers.get(channel),
  };
}

export type ElectronStandin = ReturnType<typeof createElectronStandin>;

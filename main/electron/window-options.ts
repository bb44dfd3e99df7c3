import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowState } from './window-state';

export interface WindowOptionsInput {
  preloadPath: string;
  state: WindowState;
  platform: NodeJS.Platform;
  iconPath?: string;
}

/** The main window's options: the secure defaults of docs/architecture.md#the-electron-shell, spelled out. */
export function buildWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const { state } = input;
  return {
    width: state.width,
    height: state.height,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: 900,
    minHeight: 600,
    title: 'Quotedesk',
    show: false,
    backgroundColor: '#00000000',
    autoHideMenuBar: false,
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    ...(input.platform === 'darwin' ? { titleBarStyle: 'default' as const } : {}),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
      disableDialogs: false,
      enableWebSQL: false,
      v8CacheOptions: 'code',
    },
  };
}

// The renderer's only way to main: the preload bridge in the desktop app, the loopback HTTP
// bridge in browser mode. Everything else in the renderer goes through `ipc`.
import {
  BRIDGE_GLOBAL,
  createHttpBridge,
  createIpcClient,
  tokenFromLocation,
  type Bridge,
  type IpcClient,
} from '../../common/ipc/client';
import { IpcCallError } from '../../common/ipc/call-error';
import type { IpcError } from '../../common/ipc/result';
import { askingBridge } from './accepted-lock';

const TOKEN_KEY = 'quotedesk.token';

function preloadBridge(): Bridge | undefined {
  const g = (window as unknown as Record<string, Bridge | undefined>)[BRIDGE_GLOBAL];
  if (!g || typeof g.invoke !== 'function') return undefined;
  return {
    invoke: (name, input) => g.invoke(name, input),
    on: (event, handler) => {
      const off = g.on(event, handler);
      return typeof off === 'function' ? off : () => {};
    },
  };
}

/**
 * Browser mode: the token arrives once in the address (`#token=…`); it is kept for this tab
 * only and removed from the address bar so it is not bookmarked or shared by accident.
 */
function browserToken(): string {
  const fromHash = tokenFromLocation(window.location.hash);
  if (fromHash) {
    try {
      sessionStorage.setItem(TOKEN_KEY, fromHash);
    } catch {
      /* storage disabled: the token lives in this page only */
    }
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function makeBridge(): { bridge: Bridge; kind: 'preload' | 'http' } {
  const pre = preloadBridge();
  if (pre) return { bridge: pre, kind: 'preload' };
  return {
    bridge: createHttpBridge({
      baseUrl: window.location.origin,
      token: browserToken(),
      fetch: window.fetch.bind(window),
      EventSource: window.EventSource,
    }),
    kind: 'http',
  };
}

let client: IpcClient | undefined;
let kind: 'preload' | 'http' = 'http';

/** Tests and benches may install their own bridge before the app starts. */
export function installBridge(bridge: Bridge, as: 'preload' | 'http' = 'preload'): void {
  client = createIpcClient(askingBridge(bridge));
  kind = as;
}

export function ipc(): IpcClient {
  if (!client) {
    const made = makeBridge();
    client = createIpcClient(askingBridge(made.bridge));
    kind = made.kind;
  }
  return client;
}

export function bridgeKind(): 'preload' | 'http' {
  return kind;
}

/** The IpcError inside whatever a call threw, so the UI can show it at the field. */
export function errorOf(e: unknown): IpcError {
  if (e instanceof IpcCallError) return e.error;
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

export { IpcCallError };
export { setAcceptedLockAsker, type AcceptedLockAsker } from './accepted-lock';
export type { IpcError };

// The whole surface the UI gets in the desktop app: `invoke` for the contract's calls and
// `on` for its events, on `window.quotedesk`. Nothing of Electron or Node crosses over —
// not ipcRenderer, not the IPC event object.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL, EVENT_CHANNEL, INVOKE_CHANNEL } from '../common/ipc/channels';

// The contract's names, put in by the build (scripts/build.ts `preloadOptions`) from the call
// and event maps of common/ipc: a new call is allowed here the moment the contract has it.
declare const QUOTEDESK_CALL_NAMES: readonly string[];
declare const QUOTEDESK_EVENT_NAMES: readonly string[];

const calls = new Set<string>(QUOTEDESK_CALL_NAMES);
const events = new Set<string>(QUOTEDESK_EVENT_NAMES);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
  invoke(name: unknown, input?: unknown): Promise<unknown> {
    if (typeof name !== 'string' || !calls.has(name)) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'UNKNOWN_CALL',
          message: `"${String(name).slice(0, 80)}" is not a call Quotedesk knows.`,
        },
      });
    }
    return ipcRenderer.invoke(INVOKE_CHANNEL, name, input);
  },
  on(event: unknown, handler: unknown): () => void {
    if (typeof event !== 'string' || !events.has(event) || typeof handler !== 'function') {
      throw new TypeError(`"${String(event).slice(0, 80)}" is not an event Quotedesk sends.`);
    }
    const listener = (_e: unknown, message: { event?: string; payload?: unknown }) => {
      if (message && message.event === event) (handler as (p: unknown) => void)(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, listener);
    };
  },
});

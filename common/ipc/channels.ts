// Transport constants, kept import-free so the sandboxed preload bundles nothing else.

/** Name of the object the preload exposes on `window`. */
export const BRIDGE_GLOBAL = 'quotedesk';
/** Header carrying browser mode's per-run token. */
export const TOKEN_HEADER = 'x-quotedesk-token';
/** Single Electron IPC channel for calls; events go out on `EVENT_CHANNEL`. */
export const INVOKE_CHANNEL = 'quotedesk:invoke';
export const EVENT_CHANNEL = 'quotedesk:event';

// The IPC contract between the UI and the main process (docs/architecture.md#data-flow): one map of calls,
// one map of events, shared shapes, results as values. See README.md.
export * from './shapes';
export * from './result';
export * from './call-error';
export * from './managed';
export * from './protection';
export * from './kits';
export * from './follow-ups';
export * from './present';
export * from './desk';
export { calls, callNames, isCallName } from './calls';
export type { Calls, CallName, IpcInput, IpcParsedInput, IpcOutput } from './calls';
export { events, eventNames, isEventName } from './events';
export type { Events, EventName, IpcEvent } from './events';
export {
  BRIDGE_GLOBAL,
  TOKEN_HEADER,
  INVOKE_CHANNEL,
  EVENT_CHANNEL,
  createIpcClient,
  createHttpBridge,
  tokenFromLocation,
} from './client';
export type { Bridge, IpcCall, IpcClient, HttpBridgeOptions } from './client';
export * from './option-calls';

export { startBridge, type Bridge, type BridgeOptions } from './http-bridge';

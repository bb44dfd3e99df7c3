export { startBridge, type HttpBridge, type HttpBridgeOptions } from './http-bridge';

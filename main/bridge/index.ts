export { startBridge, type HttpBridge, type HttpBridgeOptions } from './http-bridge';
export { runBrowserApp, type BrowserApp, type BrowserAppOptions } from './browser-app';

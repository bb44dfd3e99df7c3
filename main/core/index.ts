export { createCore, NO_ENGINE_REASON, NO_PROFILE_REASON, type CoreOptions } from './core';
export type { Core, Platform } from './types';
export { resolveDataDir, dataPaths, type DataPaths } from './paths';
export { createFileLogger, silentLogger, type Logger } from './log';
export { EventHub } from './event-hub';
export type { ServerCommand } from './embedded-server';
export type { SyncFactory, SyncPort, SyncDeps } from './sync-port';

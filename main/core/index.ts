export { createCore, NO_ENGINE_REASON, NO_PROFILE_REASON, type CoreOptions } from './core';
export type { Core, Platform } from './types';
export { resolveDataDir, dataPaths, type DataPaths } from './paths';
export { createFileLogger, silentLogger, LOG_FILE_NAME, type Logger } from './log';
export { keepNewFilesPrivate } from './private-files';
export { EventHub } from './event-hub';
export type { ServerCommand, ServerLauncher, ServerProcess } from './embedded-server';
export type { SyncFactory, SyncPort, SyncDeps } from './sync-port';

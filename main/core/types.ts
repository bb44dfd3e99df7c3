import type { AppInfo, AppMode } from '../../common/ipc';
import type { Dispatch } from '../services/dispatcher';
import type { EventHub } from './event-hub';
import type { Logger } from './log';
import type { DataPaths } from './paths';

/** What only the shell around the core can do (native dialogs, the OS browser). */
export interface Platform {
  mode: AppMode;
  choosePdfFiles?(multiple: boolean): Promise<string[]>;
  chooseSavePath?(defaultName: string): Promise<string | null>;
  openExternal?(url: string): Promise<void>;
}

/** The app without its shell: what Electron and the browser bridge both wrap. */
export interface Core {
  dispatch: Dispatch;
  hub: EventHub;
  paths: DataPaths;
  log: Logger;
  info(): AppInfo;
  /** Local file of a content-addressed attachment, or null. */
  blobPath(sha256: string): string | null;
  /** Lets in-flight sync steps finish, then closes the store and the embedded server. */
  close(): Promise<void>;
}

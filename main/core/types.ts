import type { AppInfo } from '../../common/ipc';
import type { Dispatch } from '../services/dispatcher';
import type { EventHub } from './event-hub';
import type { Logger } from './log';
import type { DataPaths } from './paths';

export type { Platform } from '../services/ports';

/** The app without its shell: what Electron and the browser bridge both wrap. */
export interface Core {
  dispatch: Dispatch;
  hub: EventHub;
  paths: DataPaths;
  log: Logger;
  info(): AppInfo;
  /** The bytes of a content-addressed attachment (decrypted), or null when it has none. */
  readBlob(sha256: string): Buffer | null;
  /** Lets in-flight sync steps finish, then closes the store and the embedded server. */
  close(): Promise<void>;
}

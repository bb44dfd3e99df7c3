import type { AppInfo } from '../../common/ipc';
import type { ApiClient } from '../api';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/log';
import type { SyncPort } from '../core/sync-port';
import type { Platform } from '../core/types';
import type { Store } from '../store';
import type { Vault } from '../vault';
import { ServiceError } from './errors';

/** What the services work on: the current session (profile, store, client, sync) and the app. */
export interface ServiceContext {
  store(): Store;
  /** The active profile's client, or null without a profile. */
  api(): ApiClient | null;
  sync(): SyncPort;
  vault: Vault;
  platform: Platform;
  hub: EventHub;
  log: Logger;
  info(): AppInfo;
  activeProfileId(): string | null;
  /** Closes the current session and opens the profile's (null: no profile). */
  switchProfile(id: string | null): Promise<void>;
  /** Scratch space for downloads and uploads from bytes. */
  tmpDir: string;
  /** Where the proposal's fonts are (absent: found beside the bundle or in node_modules). */
  fontsDir?: string;
  /** Resolves once this session's first copy of the catalogue is in (or failed: offline). */
  catalogueReady(): Promise<void>;
  /** Runs store edits whose change events are the user's own (`source: local`). */
  localEdit<T>(fn: () => T): T;
}

export function requireApi(ctx: ServiceContext, what: string): ApiClient {
  const api = ctx.api();
  if (!api) {
    throw new ServiceError(
      'OFFLINE',
      `${what} needs a connection to the Quoting API: add a profile in Settings.`,
    );
  }
  return api;
}

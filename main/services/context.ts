import type { AppInfo, PolicyStatus, RecoveryReport, StoreAccessView } from '../../common/ipc';
import type { ApiClient } from '../api';
import type { EventSink, Logger, PathGrantsPort, Platform, SyncPort, UpdatesPort } from './ports';
import type { Store } from '../store';
import type { Unlock, Vault } from '../vault';
import { ServiceError } from './errors';

/** What the services work on: the current session (profile, store, client, sync) and the app. */
export interface ServiceContext {
  store(): Store;
  /** The active profile's client, or null without a profile. */
  api(): ApiClient | null;
  sync(): SyncPort;
  vault: Vault;
  platform: Platform;
  /** Paths the app's own dialogs handed out: the only ones read or written for the UI. */
  grants: PathGrantsPort;
  /** The organisation's policy: every key it sets is locked here too, not only in the UI. */
  policy: PolicyStatus;
  updates: UpdatesPort;
  hub: EventSink;
  log: Logger;
  info(): AppInfo;
  activeProfileId(): string | null;
  /** The active profile's store: open (and how it is protected) or locked, and why. */
  storeAccess(): StoreAccessView;
  /** Opens the locked store again with what the user gave (or, confirmed, starts it over). */
  unlockStore(unlock: Unlock | 'start-over'): Promise<StoreAccessView>;
  /** Closes the current session and opens the profile's (null: no profile). */
  switchProfile(id: string | null): Promise<void>;
  /** What the repair of a damaged store at this session's start recovered, if one ran. */
  lastRepair(): RecoveryReport | null;
  /** Repairs the current profile's damaged store (see main/store's recoverStore). */
  recoverStore(): Promise<RecoveryReport>;
  /** Where the proposal's fonts are (absent: found beside the bundle or in node_modules). */
  fontsDir?: string;
  /** Resolves once this session's first copy of the catalogue is in (or failed: offline). */
  catalogueReady(): Promise<void>;
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

/** Refuses a path that did not come from the app's own open (`read`) or save dialog. */
export function requireGranted(
  ctx: ServiceContext,
  kind: 'read' | 'write',
  file: string,
  field: string,
): void {
  const ok = kind === 'read' ? ctx.grants.mayRead(file) : ctx.grants.mayWrite(file);
  if (!ok) {
    throw new ServiceError(
      'VALIDATION',
      `${field}: Quotedesk only ${kind === 'read' ? 'reads files chosen' : 'saves to a place chosen'} in its own file dialog.`,
      { field },
    );
  }
}

/** Refuses a change to a setting the organisation's policy sets. */
export function requireUnlocked(locked: boolean, what: string, field?: string): void {
  if (locked) {
    throw new ServiceError(
      'VALIDATION',
      `Set by your organisation: ${what} cannot be changed here. Ask your IT department.`,
      field ? { field } : {},
    );
  }
}

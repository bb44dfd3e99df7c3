import type { SyncStatus } from '../../common/ipc';
import type { ApiClient } from '../api';
import type { Store } from '../store';
import type { EventHub } from './event-hub';
import type { Logger } from './log';

/** What the services need of a sync engine; main/sync's engine is adapted to it. */
export interface SyncPort {
  status(): SyncStatus;
  /** The user asked: start a pass now, even while backing off. Never waits for it. */
  runNow(quoteId?: string): void;
  /** A local edit happened: sync soon (unless offline and backing off). */
  changed(quoteId: string): void;
  /** The user opened a quote of which only the list entry is here: download it first. */
  opened?(quoteId: string): void;
  pause(): void;
  resume(): void;
  /** Stops starting new steps and resolves when the steps in flight have finished. */
  stop(): Promise<void>;
}

export interface SyncDeps {
  store: Store;
  api: ApiClient;
  hub: EventHub;
  log: Logger;
}

/** Builds the engine for one session (one profile, one store). */
export type SyncFactory = (deps: SyncDeps) => SyncPort;

/**
 * Stands in when no engine can run (no profile, or none wired in this build): every edit is
 * still kept locally, and the status says plainly why nothing goes to the server.
 */
export function unavailableSync(reason: string, store: Store | null): SyncPort {
  let paused = false;
  return {
    status: () => ({
      available: false,
      reason,
      online: false,
      paused,
      running: false,
      pendingCount: store ? store.listDirty().length : 0,
      conflictCount: store ? store.listConflicts().length : 0,
      errorCount: 0,
    }),
    runNow: () => {},
    changed: () => {},
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    stop: async () => {},
  };
}

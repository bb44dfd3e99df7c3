import type { ApiClient } from '../api';
import type { Store } from '../store';
import type { EventHub } from './event-hub';
import type { Logger } from './log';

import type { SyncPort } from '../services/ports';

export type { SyncPort };

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
      pendingCount: store ? store.syncCounts().pending : 0,
      conflictCount: store ? store.syncCounts().conflicts : 0,
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

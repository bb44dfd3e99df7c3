// Keeps the session's copies of the partner's account data fresh: the defaults of a new quote
// (preferences, library) and the catalogue (clients, products, prices). Copied when the
// session opens — the first new quote waits for it, so it already has the partner's intro,
// terms and default attachments — and again after a sync that reached the server when the
// user asked for one ("Sync now") or the copy is older than its schedule: not after every
// edit's round, whose link is the salesperson's hotel Wi-Fi.
import type { IpcEvent } from '../../common/ipc';
import type { ApiClient } from '../api';
import { refreshCatalogue, refreshQuoteDefaults } from '../services';
import type { Store } from '../store';
import type { EventHub } from './event-hub';
import { errorFields, type Logger } from './log';

/** The catalogue is hundreds of calls: copied again after a sync at most this often. */
export const CATALOGUE_MAX_AGE_MS = 10 * 60_000;
/** Preferences and library (two calls): copied again after a sync at most this often. */
export const DEFAULTS_MAX_AGE_MS = 30 * 60_000;

export interface AccountRefresh {
  /** The first copy (or the latest one after a failed copy): what look-ups wait for. */
  ready(): Promise<void>;
  /** The user asked for a sync: the next one that reaches the server copies the defaults too. */
  asked(): void;
  stop(): void;
}

export function startAccountRefresh(deps: {
  api: ApiClient;
  store: Store;
  hub: EventHub;
  log: Logger;
  now?: () => number;
  /** Defaults: DEFAULTS_MAX_AGE_MS. */
  defaultsMaxAgeMs?: number;
}): AccountRefresh {
  const { api, store, hub, log } = deps;
  const now = deps.now ?? Date.now;
  let catalogueAt = 0;
  let catalogueFailed = false;
  let defaultsAt = now();
  let asked = false;
  const defaultsMaxAge = deps.defaultsMaxAgeMs ?? DEFAULTS_MAX_AGE_MS;
  let running: Promise<void> | null = null;
  let lastSync: string | undefined;

  const copy = (withCatalogue: boolean): Promise<void> => {
    const run = (async () => {
      try {
        await refreshQuoteDefaults(api, store);
      } catch (error) {
        log.warn('preferences.refresh_failed', errorFields(error));
        if (!withCatalogue) return;
      }
      if (!withCatalogue) return;
      try {
        await refreshCatalogue(api, store, log);
        catalogueAt = now();
        catalogueFailed = false;
      } catch (error) {
        catalogueFailed = true;
        log.warn('catalogue.refresh_failed', errorFields(error));
        throw error;
      }
    })();
    running = run.then(
      () => {
        running = null;
      },
      () => {
        running = null;
      },
    );
    return run;
  };

  let first = copy(true);
  first.catch(() => {});

  const stop = hub.subscribe((event, payload) => {
    if (event !== 'sync.state') return;
    const status = payload as IpcEvent<'sync.state'>;
    if (!status.online || status.running || status.lastError || !status.lastSyncAt) return;
    if (status.lastSyncAt === lastSync || running) return;
    lastSync = status.lastSyncAt;
    const withCatalogue = catalogueFailed || now() - catalogueAt >= CATALOGUE_MAX_AGE_MS;
    if (!withCatalogue && !asked && now() - defaultsAt < defaultsMaxAge) return;
    asked = false;
    defaultsAt = now();
    const run = copy(withCatalogue);
    run.catch(() => {});
    // A copy cut short by a lost connection is taken again once a sync gets through, so
    // the pickers do not stay empty offline for the rest of the session.
    if (withCatalogue && catalogueFailed) {
      log.info('catalogue.refresh_again', {});
      first = run;
    }
  });

  return {
    ready: () => first,
    asked: () => {
      asked = true;
    },
    stop,
  };
}

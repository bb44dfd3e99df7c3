// The app without its shell: opens the vault, the active profile's store and client, the
// sync engine, and (with no profile yet) the embedded demo server; hands the services a
// context over all of it. Electron and the browser bridge both wrap this.
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo, StoreAccessView } from '../../common/ipc';
import type { ApiClient } from '../api';
import {
  createDispatcher,
  createHandlers,
  DEMO_PROFILE_ID,
  mapError,
  ServiceError,
} from '../services';
import type { ServiceContext } from '../services/context';
import { profileView } from '../services/profiles';
import type { Store } from '../store';
import {
  openProtectedStore,
  setAsideUnreadable,
  Vault,
  type Protection,
  type StoreLock,
  type Unlock,
  type VaultOptions,
} from '../vault';
import { storeAccessView } from './store-access-view';
import {
  readDemoCredentials,
  startEmbeddedServer,
  type EmbeddedServer,
  type ServerCommand,
  type ServerLauncher,
} from './embedded-server';
import { PREVIEW_BUDGET } from '../sync';
import { startAccountRefresh } from './account-refresh';
import { applyPolicyConnections, logPolicy, policyStatus } from './apply-policy';
import { EventHub } from './event-hub';
import { createFileLogger, errorFields, type Logger } from './log';
import { dataPaths } from './paths';
import { PathGrants } from './path-grants';
import { readPolicy, type PolicyReading } from './policy';
import { updatesOff, type UpdatesFactory } from './updates-port';
import { ensurePrivateDir, keepNewFilesPrivate, tightenTree } from './private-files';
import { nextAttempt, restartDelayMs, restartMessage } from './restart-policy';
import { readSettings, writeSettings, type Settings } from './settings';
import { engineSyncFactory } from './sync-engine';
import { unavailableSync, type SyncFactory, type SyncPort } from './sync-port';
import type { Core, Platform } from './types';

export interface CoreOptions {
  dataDir: string;
  platform: Platform;
  version?: string;
  log?: Logger;
  keychain?: VaultOptions['keychain'];
  /** The demo server to start when no profile exists yet (and while the demo profile is active). */
  embedded?: { run: ServerCommand | ServerLauncher; seedFile: string } | null;
  /** Builds the sync engine of a session; default: main/sync's engine. `null`: no sync. */
  syncFactory?: SyncFactory | null;
  /** Runs updates (the desktop shell's electron-updater); default: off. */
  updates?: UpdatesFactory;
  /** The organisation's policy (default: read from the platform's system location). */
  policy?: PolicyReading;
  /** The proposal's fonts (default: `fonts/` beside the bundle, else pdfmake's own copy). */
  fontsDir?: string;
  /**
   * Where no keychain is reachable and the user has not chosen yet: `ask` (default, the
   * first-start screen) or keep the store unencrypted (tests without a keychain).
   */
  withoutKeychain?: 'ask' | 'unencrypted';
}

interface Session {
  profileId: string | null;
  /** Null while the store is locked (`lock` says why). */
  store: Store | null;
  lock: StoreLock | null;
  protection: Protection | null;
  storeDir: string;
  profileName: string;
  api: ApiClient | null;
  sync: SyncPort;
  /** The copy of the catalogue and quote defaults that look-ups wait for. */
  catalogue: () => Promise<void>;
  unsubscribe: () => void;
}

export const NO_ENGINE_REASON =
  'Sync is not available in this build: every edit is kept on this computer and will sync once it is.';
export const NO_PROFILE_REASON =
  'No connection profile: quotes are kept on this computer only. Add a profile in Settings to sync.';

export async function createCore(options: CoreOptions): Promise<Core> {
  const policy = options.policy ?? readPolicy();
  // `demoConnection: false`: no embedded demo server at all.
  const opts = policy.policy.demoConnection === false ? { ...options, embedded: null } : options;
  const paths = dataPaths(path.resolve(opts.dataDir));
  keepNewFilesPrivate();
  ensurePrivateDir(paths.dataDir);
  tightenTree(paths.dataDir);
  const log = opts.log ?? createFileLogger(paths.logsDir);
  const tmpDir = path.join(paths.dataDir, 'tmp');
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const hub = new EventHub();
  const vault = await Vault.open({
    dataDir: paths.dataDir,
    ...(opts.keychain ? { keychain: opts.keychain } : {}),
    log: (message) => log.info('vault', { message }),
  });
  logPolicy(log, policy);
  await applyPolicyConnections(vault, policy, log);
  let settings: Settings = readSettings(paths.dataDir);
  let embedded: EmbeddedServer | null = null;
  let session: Session | null = null;
  let localDepth = 0;
  let switching: Promise<void> = Promise.resolve();
  const syncFactory = opts.syncFactory === undefined ? engineSyncFactory(tmpDir) : opts.syncFactory;

  const saveSettings = (patch: Partial<Settings>) => {
    settings = { ...settings, ...patch };
    writeSettings(paths.dataDir, settings);
  };

  let embeddedStarting: Promise<EmbeddedServer> | null = null;
  let restartAttempt = 0;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let closing = false;

  function ensureEmbedded(): Promise<EmbeddedServer> {
    if (embedded) return Promise.resolve(embedded);
    if (!opts.embedded) return Promise.reject(new Error('no embedded server configured'));
    embeddedStarting ??= startEmbeddedServer({
      run: opts.embedded.run,
      dataDir: paths.embeddedServerDir,
      seedFile: opts.embedded.seedFile,
      ...(settings.embeddedPort ? { preferredPort: settings.embeddedPort } : {}),
      log,
      onUnexpectedExit: (code) => onEmbeddedExit(code, startedAt),
    })
      .then((server) => {
        embedded = server;
        saveSettings({ embeddedPort: server.port });
        return server;
      })
      .finally(() => {
        embeddedStarting = null;
      });
    const startedAt = Date.now();
    return embeddedStarting;
  }

  /** The embedded server ended on its own: start it again, later each time it keeps failing. */
  function onEmbeddedExit(code: number | null, startedAt: number): void {
    embedded = null;
    if (closing) return;
    restartAttempt = nextAttempt(restartAttempt, Date.now() - startedAt);
    scheduleRestart(code);
  }

  function scheduleRestart(code: number | null): void {
    const delay = restartDelayMs(restartAttempt - 1);
    log.warn('embedded_server.restart_scheduled', {
      code,
      attempt: restartAttempt,
      delayMs: delay,
    });
    hub.emit('embedded.state', { state: 'restarting', message: restartMessage(delay) });
    const portBefore = settings.embeddedPort;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (closing) return;
      void ensureEmbedded()
        .then(
          async (server) => {
            log.info('embedded_server.restarted', { baseUrl: server.baseUrl });
            hub.emit('embedded.state', {
              state: 'running',
              message: 'The demo Quoting API is running again.',
            });
            if (server.port !== portBefore && session?.profileId === DEMO_PROFILE_ID) {
              // The old port was taken meanwhile: the demo profile, and the session's client
              // with it, move to the new address.
              await ctx.switchProfile(DEMO_PROFILE_ID);
            } else {
              session?.sync.runNow();
            }
          },
          (error) => {
            log.error('embedded_server.restart_failed', errorFields(error));
            restartAttempt++;
            scheduleRestart(null);
          },
        )
        .catch((error) => log.error('embedded_server.reconnect_failed', errorFields(error)));
    }, delay);
    restartTimer.unref?.();
  }

  /** (Re)writes the demo profile for the embedded server's current address. */
  async function saveDemoProfile(): Promise<void> {
    const server = await ensureEmbedded();
    const creds = readDemoCredentials(opts.embedded!.seedFile);
    await vault.saveProfile(
      {
        id: DEMO_PROFILE_ID,
        displayName: 'Demo',
        baseUrl: server.baseUrl,
        audience: server.baseUrl,
        clientId: creds.clientId,
        caFile: server.caFile,
      },
      creds.clientSecret,
    );
  }

  async function openSession(profileId: string | null, unlock?: Unlock): Promise<Session> {
    const profile = profileId ? ((await vault.getProfile(profileId)) ?? null) : null;
    if (profile?.id === DEMO_PROFILE_ID && opts.embedded) await saveDemoProfile();
    const dir = path.join(paths.dataDir, 'stores', profile?.id ?? 'local');
    fs.mkdirSync(dir, { recursive: true });
    const profileName = profile?.displayName ?? 'this computer';
    const access = await openProtectedStore({
      vault,
      storeDir: dir,
      displayName: profileName,
      ...(unlock ? { unlock } : {}),
      withoutKeychain: opts.withoutKeychain ?? 'ask',
    });
    if (!access.ok) {
      log.warn('store.locked', { profileId: profile?.id ?? null, reason: access.lock.reason });
      return lockedSession(profile?.id ?? null, dir, profileName, access.lock);
    }
    const store = access.store;
    const budget = policy.policy.offlinePreviewBudgetMiB;
    if (budget !== undefined) store.setMeta(PREVIEW_BUDGET, budget);
    if (profile?.id === DEMO_PROFILE_ID && opts.embedded && !store.identity()) {
      const { user, partner, currency } = readDemoCredentials(opts.embedded.seedFile);
      if (user) {
        store.setIdentity({
          user: {
            id: user.id,
            displayName: user.displayName,
            email: user.email,
            fullName: user.fullName,
            role: user.role,
          },
          partner: {
            id: partner.id,
            name: partner.name,
            street: partner.street,
            city: partner.city,
            postcode: partner.postcode,
            stateOrProvinceCode: partner.stateOrProvinceCode,
            ...(partner.street2 ? { street2: partner.street2 } : {}),
            ...(partner.country ? { country: partner.country } : {}),
          },
          currency,
        });
      }
    }
    const api = profile ? await vault.createClient(profile.id) : null;
    const sync =
      profile && api
        ? syncFactory
          ? syncFactory({ store, api, hub, log })
          : unavailableSync(NO_ENGINE_REASON, store)
        : unavailableSync(NO_PROFILE_REASON, store);
    const unsubscribe = store.onChange((e) => {
      if (!e.quoteId) return;
      const local = localDepth > 0;
      hub.emit('quote.changed', {
        quoteId: e.quoteId,
        what: [e.what],
        ...(e.what === 'deleted' ? { deleted: true } : {}),
        source: local ? 'local' : 'sync',
      });
      // The user's own edits are what sync sends. A delete waits out its undo window first:
      // the quotes service wakes sync when that is over.
      if (local && e.what !== 'deleted') sync.changed(e.quoteId);
    });
    const refresh = api ? startAccountRefresh({ api, store, hub, log }) : null;
    const s: Session = {
      profileId: profile?.id ?? null,
      store,
      lock: null,
      protection: access.protection,
      storeDir: dir,
      profileName,
      api,
      sync,
      catalogue: () => refresh?.ready() ?? Promise.resolve(),
      unsubscribe: () => {
        unsubscribe();
        refresh?.stop();
      },
    };
    log.info('session.opened', { profileId: profile?.id ?? null });
    return s;
  }

  /** A session whose store stays closed until the user acts on the lock screen. */
  function lockedSession(
    profileId: string | null,
    storeDir: string,
    profileName: string,
    lock: StoreLock,
  ): Session {
    return {
      profileId,
      store: null,
      lock,
      protection: null,
      storeDir,
      profileName,
      api: null,
      sync: unavailableSync(lock.message, null),
      catalogue: () => Promise.resolve(),
      unsubscribe: () => {},
    };
  }

  async function closeSession(s: Session): Promise<void> {
    s.unsubscribe();
    await s.sync.stop();
    await s.api?.close();
    if (!s.store) return;
    // Attachment files are shared between quotes and the undo history; once a session
    // ends nothing can refer to an orphan again, so this is when they are removed.
    try {
      const { removed } = s.store.collectGarbage();
      if (removed > 0) log.info('store.files_removed', { removed });
    } catch (error) {
      log.warn('store.files_gc_failed', errorFields(error));
    }
    s.store.close();
  }

  const current = (): Session => {
    if (!session) throw new Error('Quotedesk is still starting.');
    return session;
  };
  const currentStore = (): Store => {
    const s = current();
    if (!s.store) throw new ServiceError('STORE_LOCKED', s.lock!.message);
    return s.store;
  };

  /** Reopens the active profile's session with what the user gave on the lock screen. */
  function reopen(unlock: Unlock | 'start-over'): Promise<StoreAccessView> {
    const run = switching.then(async () => {
      const old = current();
      if (old.store) return storeAccessView(old);
      if (unlock === 'start-over') {
        const aside = setAsideUnreadable(old.storeDir);
        log.warn('store.set_aside', { profileId: old.profileId, folder: path.basename(aside) });
      }
      const next = await openSession(old.profileId, unlock === 'start-over' ? undefined : unlock);
      session = next;
      if (next.store) {
        hub.emit('profile.changed', {
          active: next.profileId ? await profileView(vault, next.profileId, next.profileId) : null,
        });
        hub.emit('quotes.changed', { count: 0 });
        hub.emit('sync.state', next.sync.status());
      }
      return storeAccessView(next);
    });
    switching = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  // First start: no profile at all → the embedded demo server and a "Demo" profile.
  let profiles = await vault.listProfiles();
  if (profiles.length === 0 && opts.embedded) {
    await saveDemoProfile();
    profiles = await vault.listProfiles();
    saveSettings({ activeProfileId: DEMO_PROFILE_ID });
  }
  if (!profiles.some((p) => p.id === settings.activeProfileId)) {
    saveSettings({ activeProfileId: profiles[0]?.id ?? null });
  }
  session = await openSession(settings.activeProfileId);

  const info = (): AppInfo => ({
    name: 'Quotedesk',
    version: opts.version ?? '0.0.0',
    mode: opts.platform.mode,
    platform: process.platform,
    dataDir: paths.dataDir,
    logsDir: paths.logsDir,
    ...(embedded ? { embeddedServerUrl: embedded.baseUrl } : {}),
  });

  const updates = opts.updates
    ? opts.updates({ policy, hub, log, close: () => closeCore() })
    : updatesOff;
  const grants = new PathGrants();
  const ctx: ServiceContext = {
    grants,
    policy: policyStatus(policy),
    updates,
    store: currentStore,
    storeAccess: () => storeAccessView(current()),
    unlockStore: reopen,
    api: () => current().api,
    sync: () => current().sync,
    vault,
    platform: opts.platform,
    hub,
    log,
    info,
    tmpDir,
    ...(opts.fontsDir ? { fontsDir: opts.fontsDir } : {}),
    activeProfileId: () => session?.profileId ?? null,
    switchProfile: (id) => {
      const run = switching.then(async () => {
        const old = session;
        session = null;
        if (old) await closeSession(old);
        saveSettings({ activeProfileId: id });
        session = await openSession(id);
        hub.emit('profile.changed', { active: id ? await profileView(vault, id, id) : null });
        hub.emit('quotes.changed', { count: 0 });
        hub.emit('sync.state', session.sync.status());
      });
      switching = run.catch(() => {});
      return run;
    },
    catalogueReady: () =>
      current()
        .catalogue()
        .catch(() => {}),
    localEdit: (fn) => {
      localDepth++;
      try {
        return fn();
      } finally {
        localDepth--;
      }
    },
  };

  const dispatch = createDispatcher(createHandlers(ctx), {
    mapError,
    onInternalError: (name, error) =>
      log.error('ipc.internal_error', { call: name, ...errorFields(error) }),
    onCall: (name, ms, outcome) => {
      if (outcome !== 'ok') log.info('ipc.call', { call: name, ms: Math.round(ms), outcome });
    },
  });

  let closed: Promise<void> | null = null;
  const closeCore = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      updates.stop();
      if (restartTimer) clearTimeout(restartTimer);
      await embeddedStarting?.catch(() => {});
      await switching;
      if (session) await closeSession(session);
      session = null;
      await embedded?.stop();
      embedded = null;
      log.info('core.closed');
    })();
    return closed;
  };
  return {
    dispatch,
    hub,
    paths,
    log,
    info,
    readBlob(sha256) {
      try {
        const store = current().store;
        return store?.hasFile(sha256) ? store.readFile(sha256) : null;
      } catch {
        return null;
      }
    },
    close: closeCore,
  };
}

// The app without its shell: opens the vault, the active profile's session (store, client,
// sync engine) and, with no profile yet, the embedded demo server; hands the services a
// context over all of it. Electron and the browser bridge both wrap this. The parts live in
// their own modules: the session (`session.ts`), profile switching (`profile-switch.ts`), the
// embedded server's supervision (`embedded-supervisor.ts`).
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo } from '../../common/ipc';
import { events } from '../../common/ipc/events';
import { createDispatcher, createHandlers, DEMO_PROFILE_ID, mapError } from '../services';
import type { ServiceContext } from '../services/context';
import { Vault, type Unlock, type VaultOptions } from '../vault';
import { EmbeddedSupervisor, type EmbeddedConfig } from './embedded-supervisor';
import { EventHub } from './event-hub';
import { startFollowUpNotices } from './follow-up-notices';
import { trimHeapWhenQuiet } from './heap-trim';
import { LiveSettings } from './live-settings';
import { createFileLogger, errorFields, type Logger } from './log';
import { dataPaths, type DataPaths } from './paths';
import { PathGrants } from './path-grants';
import { ensurePrivateDir, keepNewFilesPrivate, tightenTree } from './private-files';
import { ActiveSession } from './profile-switch';
import { applyPolicyConnections, logPolicy, policyStatus } from './apply-policy';
import { readPolicy, type PolicyReading } from './policy';
import { updatesOff, type UpdatesFactory } from './updates-port';
import { engineSyncFactory } from './sync-engine';
import type { SyncFactory } from './sync-port';
import type { Core, Platform } from './types';

export { NO_ENGINE_REASON, NO_PROFILE_REASON } from './session';

export interface CoreOptions {
  dataDir: string;
  platform: Platform;
  version?: string;
  log?: Logger;
  keychain?: VaultOptions['keychain'];
  /** The demo server to start when no profile exists yet (and while the demo profile is active). */
  embedded?: EmbeddedConfig | null;
  /** Builds the sync engine of a session; default: main/sync's engine. `null`: no sync. */
  syncFactory?: SyncFactory | null;
  /** Runs updates (the desktop shell's electron-updater); default: off. */
  updates?: UpdatesFactory;
  /** The organisation's policy (default: read from the platform's system location). */
  policy?: PolicyReading;
  /** An installed app: only the system location's policy counts (no QUOTEDESK_POLICY_FILE). */
  packaged?: boolean;
  /** The proposal's fonts (default: `fonts/` beside the bundle, else pdfmake's own copy). */
  fontsDir?: string;
  /**
   * Where no keychain is reachable and the user has not chosen yet: `ask` (default: the
   * first-start screen) or keep the store unencrypted (tests without a keychain).
   */
  withoutKeychain?: 'ask' | 'unencrypted';
  /** The events' hub, when it outlives this core (browser mode restarts a core behind it). */
  hub?: EventHub;
}

/**
 * The data folder made private. Nothing is written to a scratch folder any more (downloads
 * stay in memory until the store seals them); the one earlier versions kept downloads in,
 * in the clear, is removed.
 */
function prepareDataDir(paths: DataPaths): void {
  keepNewFilesPrivate();
  ensurePrivateDir(paths.dataDir);
  tightenTree(paths.dataDir);
  fs.rmSync(path.join(paths.dataDir, 'tmp'), { recursive: true, force: true });
}

/** First start: no profile at all → the embedded demo server and a "Demo" profile. */
async function chooseActiveProfile(
  vault: Vault,
  settings: LiveSettings,
  supervisor: EmbeddedSupervisor | null,
): Promise<void> {
  let profiles = await vault.listProfiles();
  if (profiles.length === 0 && supervisor) {
    await supervisor.saveDemoProfile();
    profiles = await vault.listProfiles();
    settings.save({ activeProfileId: DEMO_PROFILE_ID });
  }
  if (!profiles.some((p) => p.id === settings.current.activeProfileId)) {
    settings.save({ activeProfileId: profiles[0]?.id ?? null });
  }
}

/** How long after the core opens the keychain is made known where the start did not need it. */
const KEYCHAIN_CHECK_MS = 2_000;

/** The services behind the IPC contract, with internal errors and refused calls logged. */
function dispatcherOf(ctx: ServiceContext, log: Logger) {
  return createDispatcher(createHandlers(ctx), {
    mapError,
    onInternalError: (name, error) =>
      log.error('ipc.internal_error', { call: name, ...errorFields(error) }),
    onCall: (name, ms, outcome) => {
      if (outcome !== 'ok') log.info('ipc.call', { call: name, ms: Math.round(ms), outcome });
    },
  });
}

/**
 * The window's first rows, read while its page loads rather than first when it asks: the
 * list's statements prepared and its pages in SQLite's cache, so its first answer costs what a
 * later one does.
 */
function readFirstRows(sessions: ActiveSession): void {
  try {
    sessions.current().store?.listQuotes({ limit: 50, page: 0, sort: 'updatedOn,desc' });
  } catch {
    // A store that cannot answer now answers the window's own call with its reason.
  }
}

/**
 * What the core does once open, beside the calls: the window's first rows read ahead, the
 * heap trimmed when quiet, and the keychain made known. The keychain is probed only where a
 * start needed to know (main/vault/keychain.ts); the settings screen's answer, and the log's
 * line when nothing will be remembered, are ready soon after the window's first rows instead.
 */
function startAfterOpen(sessions: ActiveSession, vault: Vault): { stop(): void } {
  const stopTrim = trimHeapWhenQuiet();
  const warm = setTimeout(() => readFirstRows(sessions), 0);
  const keychainKnown = setTimeout(() => void vault.status(), KEYCHAIN_CHECK_MS);
  return {
    stop() {
      clearTimeout(warm);
      clearTimeout(keychainKnown);
      stopTrim();
    },
  };
}

/** What the About box and the status bar show about the running app. */
function appInfo(opts: CoreOptions, paths: DataPaths, supervisor: EmbeddedSupervisor | null) {
  return (): AppInfo => ({
    name: 'Quotedesk',
    version: opts.version ?? '0.0.0',
    mode: opts.platform.mode,
    platform: process.platform,
    dataDir: paths.dataDir,
    logsDir: paths.logsDir,
    ...(supervisor?.baseUrl ? { embeddedServerUrl: supervisor.baseUrl } : {}),
  });
}

/** The vault, with the connections the organisation's policy presets. */
async function openVault(opts: CoreOptions, paths: DataPaths, log: Logger, policy: PolicyReading) {
  const vault = await Vault.open({
    dataDir: paths.dataDir,
    ...(opts.keychain ? { keychain: opts.keychain } : {}),
    log: (message) => log.info('vault', { message }),
  });
  logPolicy(log, policy);
  await applyPolicyConnections(vault, policy, log);
  return vault;
}

/** The context's calls on the active session: its store (or its lock), client and sync. */
function sessionCalls(sessions: ActiveSession) {
  return {
    store: () => sessions.store(),
    storeAccess: () => sessions.access(),
    unlockStore: (unlock: Unlock | 'start-over') => sessions.unlock(unlock),
    api: () => sessions.current().api,
    sync: () => sessions.current().sync,
  } satisfies Partial<ServiceContext>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const policy = options.policy ?? readPolicy({ packaged: options.packaged ?? false });
  // `demoConnection: false`: no embedded demo server at all.
  const opts = policy.policy.demoConnection === false ? { ...options, embedded: null } : options;
  const paths = dataPaths(path.resolve(opts.dataDir));
  prepareDataDir(paths);
  const log = opts.log ?? createFileLogger(paths.logsDir);
  const hub = opts.hub ?? new EventHub();
  hub.checkWith(events);
  const vault = await openVault(opts, paths, log, policy);
  const settings = new LiveSettings(paths.dataDir);
  const supervisor: EmbeddedSupervisor | null = opts.embedded
    ? new EmbeddedSupervisor({
        config: opts.embedded,
        dataDir: paths.embeddedServerDir,
        settings,
        vault,
        hub,
        log,
        // Back on another port (the old one was taken meanwhile): the demo profile, and the
        // session's client with it, move to the new address.
        onBack: (moved): Promise<void> =>
          moved && sessions.profileId === DEMO_PROFILE_ID
            ? sessions.switchTo(DEMO_PROFILE_ID)
            : Promise.resolve(sessions.runSyncNow()),
      })
    : null;
  const sessions: ActiveSession = new ActiveSession({
    dataDir: paths.dataDir,
    vault,
    hub,
    log,
    settings,
    previewBudgetMiB: policy.policy.offlinePreviewBudgetMiB,
    syncFactory: opts.syncFactory === undefined ? engineSyncFactory() : opts.syncFactory,
    embedded: supervisor && opts.embedded ? { supervisor, seedFile: opts.embedded.seedFile } : null,
    withoutKeychain: opts.withoutKeychain ?? 'ask',
    dataProtection: policy.policy.dataProtection,
  });
  await chooseActiveProfile(vault, settings, supervisor);
  await sessions.open();
  const info = appInfo(opts, paths, supervisor);

  const updates = opts.updates
    ? opts.updates({ policy, hub, log, close: () => closeCore() })
    : updatesOff;
  const ctx: ServiceContext = {
    grants: new PathGrants(),
    policy: policyStatus(policy),
    updates,
    ...sessionCalls(sessions),
    vault,
    platform: opts.platform,
    hub,
    log,
    info,
    ...(opts.fontsDir ? { fontsDir: opts.fontsDir } : {}),
    activeProfileId: () => sessions.profileId,
    switchProfile: (id) => sessions.switchTo(id),
    lastRepair: () => sessions.lastRepair,
    recoverStore: () => sessions.repair(),
    catalogueReady: () => sessions.catalogueReady(),
  };

  const dispatch = dispatcherOf(ctx, log);
  const afterOpen = startAfterOpen(sessions, vault);
  const notices = startFollowUpNotices({ sessions, platform: opts.platform, hub, log });

  let closed: Promise<void> | null = null;
  const closeCore = (): Promise<void> => {
    closed ??= (async () => {
      afterOpen.stop();
      updates.stop();
      notices.stop();
      await supervisor?.close();
      await sessions.close(log);
      await supervisor?.stop();
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
        const store = sessions.current().store;
        return store?.hasFile(sha256) ? store.readFile(sha256) : null;
      } catch {
        return null;
      }
    },
    close: closeCore,
  };
}

// One profile's session: its store, its API client, its sync engine and the account refresh,
// opened together and closed together. Store changes become `quote.changed` events here.
import fs from 'node:fs';
import path from 'node:path';
import type { RecoveryReport } from '../../common/ipc';
import { NO_PROFILE_NAME } from '../../common/ipc/protection';
import type { ApiClient } from '../api';
import { DEMO_PROFILE_ID, healthView } from '../services';
import type { Store } from '../store';
import { PREVIEW_BUDGET } from '../sync';
import {
  openProtectedStore,
  readProtection,
  type Protection,
  type StoreLock,
  type Unlock,
  type Vault,
} from '../vault';
import { startAccountRefresh } from './account-refresh';
import { readDemoCredentials } from './embedded-server';
import type { EmbeddedSupervisor } from './embedded-supervisor';
import type { EventHub } from './event-hub';
import { faultFields } from './fault-guard';
import { errorFields, loggableMessage, type Logger } from './log';
import { openOrRepair } from './store-open';
import { unavailableSync, type SyncFactory, type SyncPort } from './sync-port';

export const NO_ENGINE_REASON =
  'Sync is not available in this build: every edit is kept on this computer and will sync once it is.';
export const NO_PROFILE_REASON =
  'No connection profile: quotes are kept on this computer only. Add a profile in Settings to sync.';

export interface Session {
  profileId: string | null;
  /** Null while the store is locked (`lock` says why: a key missing, a passphrase needed). */
  store: Store | null;
  lock: StoreLock | null;
  protection: Protection | null;
  storeDir: string;
  profileName: string;
  api: ApiClient | null;
  sync: SyncPort;
  /** The copy of the catalogue and quote defaults that look-ups wait for. */
  catalogue: () => Promise<void>;
  /** What the repair of a damaged store at this session's start put back and lost. */
  repaired: RecoveryReport | null;
  unsubscribe: () => void;
  /** Puts the store key back in the keychain if it went missing there (at close). */
  keepKey: () => Promise<void>;
}

export interface SessionDeps {
  dataDir: string;
  vault: Vault;
  hub: EventHub;
  log: Logger;
  syncFactory: SyncFactory | null;
  /** The organisation's cap on offline previews (policy), set on every store opened. */
  previewBudgetMiB?: number | undefined;
  /** The embedded demo server, when this build has one. */
  embedded: { supervisor: EmbeddedSupervisor; seedFile: string } | null;
  /** No keychain and no choice made yet: ask on the lock screen, or keep it unencrypted. */
  withoutKeychain: 'ask' | 'unencrypted';
  /** The organisation's data protection (policy), which overrides the salesperson's choice. */
  dataProtection?: Protection | undefined;
}

/**
 * Opens the profile's session; `repair`: the store's file is repaired first (the user asked);
 * `unlock`: what the user gave on the lock screen (passphrase, first-start choice).
 */
export async function openSession(
  deps: SessionDeps,
  profileId: string | null,
  repair = false,
  unlock?: Unlock,
): Promise<Session> {
  const { vault, hub, log, embedded } = deps;
  const profile = profileId ? ((await vault.getProfile(profileId)) ?? null) : null;
  const demo = profile?.id === DEMO_PROFILE_ID ? embedded : null;
  if (demo) await demo.supervisor.saveDemoProfile();
  const dir = path.join(deps.dataDir, 'stores', profile?.id ?? 'local');
  fs.mkdirSync(dir, { recursive: true });
  const profileName = profile?.displayName ?? NO_PROFILE_NAME;
  let repaired: RecoveryReport | null = null;
  const access = await openProtectedStore({
    vault,
    storeDir: dir,
    displayName: profileName,
    ...(unlock ? { unlock } : {}),
    withoutKeychain: deps.withoutKeychain,
    ...(deps.dataProtection ? { required: deps.dataProtection } : {}),
    openWith: (file, o) => {
      const opened = openOrRepair(file, { filesDir: o.filesDir!, key: o.key ?? null, repair, log });
      repaired = opened.repaired;
      return opened.store;
    },
  });
  if (!access.ok) {
    log.warn('store.locked', { profileId: profile?.id ?? null, reason: access.lock.reason });
    return lockedSession(profile?.id ?? null, dir, profileName, access.lock);
  }
  const store = access.store;
  if (deps.previewBudgetMiB !== undefined) store.setMeta(PREVIEW_BUDGET, deps.previewBudgetMiB);
  if (demo && !store.identity()) seedDemoIdentity(store, demo.seedFile);
  const api = profile ? await vault.createClient(profile.id) : null;
  const engine =
    profile && api
      ? deps.syncFactory
        ? deps.syncFactory({ store, api, hub, log })
        : unavailableSync(NO_ENGINE_REASON, store)
      : unavailableSync(NO_PROFILE_REASON, store);
  const refresh = api ? startAccountRefresh({ api, store, hub, log }) : null;
  // "Sync now" also copies the partner's defaults again; other syncs only on their schedule.
  const sync: SyncPort = refresh
    ? {
        ...engine,
        runNow: (quoteId) => {
          refresh.asked();
          engine.runNow(quoteId);
        },
      }
    : engine;
  const unsubscribe = reportChanges(store, sync, hub, log);
  const offHealth = store.onCondition((c) => {
    log.warn('store.condition', {
      damaged: c.damaged !== null,
      full: c.full,
      readOnly: c.readOnly,
    });
    hub.emit('store.health', healthView(c));
  });
  const keeper = access.key ? keepKeyInKeychain(vault, dir, access.key, log) : null;
  log.info('session.opened', { profileId: profile?.id ?? null });
  return {
    profileId: profile?.id ?? null,
    store,
    lock: null,
    protection: access.protection,
    storeDir: dir,
    profileName,
    api,
    sync,
    catalogue: () => refresh?.ready() ?? Promise.resolve(),
    repaired,
    unsubscribe: () => {
      unsubscribe();
      offHealth();
      refresh?.stop();
      keeper?.stop();
    },
    keepKey: () => keeper?.check() ?? Promise.resolve(),
  };
}

export const LOCKED_SYNC_REASON = 'Sync starts once the quotes on this computer are open.';

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
    // The lock screen says why, once: the sync status only says what it waits for.
    sync: unavailableSync(LOCKED_SYNC_REASON, null),
    catalogue: () => Promise.resolve(),
    repaired: null,
    unsubscribe: () => {},
    keepKey: () => Promise.resolve(),
  };
}

/**
 * Store changes as events: a quote's sync state, said once by its owner (the store's
 * transition), as `sync.quoteState` with the state itself; every other change as
 * `quote.changed`. The user's own edits are also what sync sends.
 */
function reportChanges(store: Store, sync: SyncPort, hub: EventHub, log: Logger) {
  return store.onChange((e) => {
    if (!e.quoteId) return;
    // Bookkeeping of requests under way: nothing the user sees of the quote changed.
    if (e.what === 'journal') return;
    if (e.what === 'syncState') {
      const rec = store.syncRecord(e.quoteId);
      if (!rec) return;
      const message = rec.lastError ?? undefined;
      log.info('sync.quote', {
        quoteId: e.quoteId,
        state: rec.state,
        ...(message ? { message: loggableMessage(message) } : {}),
      });
      hub.emit('sync.quoteState', {
        quoteId: e.quoteId,
        sync: { state: rec.state, ...(message ? { message } : {}) },
      });
      return;
    }
    // The user's own changes, and a drafts file's put back, are what sync sends.
    const local = e.origin !== 'sync';
    hub.emit('quote.changed', {
      quoteId: e.quoteId,
      what: [e.what],
      ...(e.what === 'deleted' ? { deleted: true } : {}),
      // The edit's own answer carries the quote at this generation: the editor reads no more.
      ...(local && e.generation !== undefined ? { generation: e.generation } : {}),
      source: local ? 'local' : 'sync',
    });
    // A delete waits out its undo window first (Store.deleteQuote): sync's next cycle after
    // the window sends it.
    if (local && e.what !== 'deleted') sync.changed(e.quoteId);
  });
}

/**
 * A keychain store's key, checked while the session runs (every 5 minutes and at close): an entry
 * deleted meanwhile (a keychain reset, a cleaning tool) is put back from memory, so the next start
 * still opens the quotes. A keychain that cannot be reached now is tried again at the next check.
 */
function keepKeyInKeychain(vault: Vault, storeDir: string, key: Buffer, log: Logger) {
  const keyId = readProtection(storeDir)?.keyId;
  const check = async () => {
    if (!keyId) return;
    try {
      if (await vault.keepStoreKey(keyId, key)) log.warn('store.key_put_back');
    } catch (error) {
      log.warn('store.key_check_failed', faultFields(error));
    }
  };
  const timer = setInterval(() => void check(), 5 * 60_000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}

/** The demo store knows who signed in before the first account refresh answers. */
function seedDemoIdentity(store: Store, seedFile: string): void {
  const { user, partner, currency } = readDemoCredentials(seedFile);
  if (!user) return;
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

export async function closeSession(s: Session, log: Logger): Promise<void> {
  await s.keepKey().catch(() => {});
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

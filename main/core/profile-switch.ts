// The active session and the switch between profiles: one switch at a time (a second waits for
// the first), the old session closed before the new one opens, the UI told what changed.
import type { RecoveryReport, StoreAccessView } from '../../common/ipc';
import { healthView, ServiceError } from '../services';
import { profileView } from '../services/profiles';
import type { Store } from '../store';
import { setAsideUnreadable, type Unlock, type Vault } from '../vault';
import type { EventHub } from './event-hub';
import type { LiveSettings } from './live-settings';
import type { Logger } from './log';
import { closeSession, openSession, type Session, type SessionDeps } from './session';
import { storeAccessView } from './store-access-view';
import { recoveryView } from './store-open';

export class ActiveSession {
  private session: Session | null = null;
  private switching: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: SessionDeps & { settings: LiveSettings; vault: Vault; hub: EventHub },
  ) {}

  /** Opens the session of the settings' active profile (at start). */
  async open(): Promise<void> {
    this.session = await openSession(this.deps, this.deps.settings.current.activeProfileId);
  }

  /** The session, or a clear error while none is open (starting, or between two profiles). */
  current(): Session {
    if (!this.session) throw new Error('Quotedesk is still starting.');
    return this.session;
  }

  /** The session's store; refused with the lock's words while it is locked. */
  store(): Store {
    const s = this.current();
    if (!s.store) throw new ServiceError('STORE_LOCKED', s.lock!.message);
    return s.store;
  }

  /** Open (and how it is protected) or locked (and why); never a key. */
  access(): StoreAccessView {
    return storeAccessView(this.current());
  }

  /**
   * Opens the locked store again with what the user gave on the lock screen, or (confirmed)
   * sets its files aside and starts an empty one that sync fills from the server.
   */
  unlock(unlock: Unlock | 'start-over'): Promise<StoreAccessView> {
    const { log } = this.deps;
    const run = this.switching.then(async () => {
      const old = this.current();
      if (old.store) return storeAccessView(old);
      if (unlock === 'start-over') {
        const aside = setAsideUnreadable(old.storeDir);
        log.warn('store.set_aside', {
          profileId: old.profileId,
          folder: aside.split(/[\\/]/).pop(),
        });
      }
      const opened = await openSession(
        this.deps,
        old.profileId,
        false,
        unlock === 'start-over' ? undefined : unlock,
      );
      this.session = opened;
      if (opened.store) this.announce(opened);
      return storeAccessView(opened);
    });
    this.switching = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  private announce(opened: Session): void {
    const { hub, vault } = this.deps;
    const id = opened.profileId;
    void (async () => {
      hub.emit('profile.changed', { active: id ? await profileView(vault, id, id) : null });
      hub.emit('quotes.changed', { count: 0 });
      hub.emit('sync.state', opened.sync.status());
    })().catch(() => {});
  }

  /** Resolves once the session's first copy of the catalogue is in, or failed (offline). */
  catalogueReady(): Promise<void> {
    return this.current()
      .catalogue()
      .catch(() => {});
  }

  get profileId(): string | null {
    return this.session?.profileId ?? null;
  }

  /** Nudges the session's sync, if a session is open. */
  runSyncNow(): void {
    this.session?.sync.runNow();
  }

  switchTo(id: string | null): Promise<void> {
    const { hub, vault, settings, log } = this.deps;
    const run = this.switching.then(async () => {
      const old = this.session;
      this.session = null;
      if (old) await closeSession(old, log);
      settings.save({ activeProfileId: id });
      const opened = await openSession(this.deps, id);
      this.session = opened;
      hub.emit('profile.changed', { active: id ? await profileView(vault, id, id) : null });
      hub.emit('quotes.changed', { count: 0 });
      hub.emit('sync.state', opened.sync.status());
    });
    this.switching = run.catch(() => {});
    return run;
  }

  /** What the repair of a damaged store at this session's start recovered, if one ran. */
  get lastRepair(): RecoveryReport | null {
    return this.session?.repaired ?? null;
  }

  /** Repairs the session's store when it is damaged: closed, repaired, opened again. */
  repair(): Promise<RecoveryReport> {
    const { hub, log } = this.deps;
    const run = this.switching.then(async () => {
      const old = this.current();
      if (!old.store || old.store.condition().damaged === null) return recoveryView(null);
      this.session = null;
      await closeSession(old, log);
      const opened = await openSession(this.deps, old.profileId, true);
      this.session = opened;
      if (opened.store) hub.emit('store.health', healthView(opened.store.condition()));
      hub.emit('quotes.changed', { count: 0 });
      hub.emit('sync.state', opened.sync.status());
      return opened.repaired ?? recoveryView(null);
    });
    this.switching = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /** Waits for a switch under way, then closes the session. */
  async close(log: Logger): Promise<void> {
    await this.switching;
    if (this.session) await closeSession(this.session, log);
    this.session = null;
  }
}

// The active session and the switch between profiles: one switch at a time (a second waits for
// the first), the old session closed before the new one opens, the UI told what changed.
import type { RecoveryReport } from '../../common/ipc';
import { healthView } from '../services';
import { profileView } from '../services/profiles';
import type { Vault } from '../vault';
import type { EventHub } from './event-hub';
import type { LiveSettings } from './live-settings';
import type { Logger } from './log';
import { closeSession, openSession, type Session, type SessionDeps } from './session';
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
      if (old.store.condition().damaged === null) return recoveryView(null);
      this.session = null;
      await closeSession(old, log);
      const opened = await openSession(this.deps, old.profileId, true);
      this.session = opened;
      hub.emit('store.health', healthView(opened.store.condition()));
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

// When to look for updates and what the salesperson is told, in plain Node: checks at start
// and every 4 hours, downloads in the background, offers "Restart to update" once the file is
// downloaded and verified, and never restarts by itself. A failure is logged every time and
// shown once per kind, calmly; the next attempt comes later and the app keeps working.
import type { UpdateState } from '../../common/ipc';
import type { Policy } from '../../common/policy';
import type { UpdatesController, UpdatesDeps } from './updates-port';
import { errorFields } from './log';

/** What the shell's updater (electron-updater) does for the controller. */
export interface UpdaterPort {
  /** The newer version on the feed, or null when this one is the newest. */
  check(): Promise<{ version: string } | null>;
  /** Downloads the version found and verifies it against the feed's sha512. */
  download(): Promise<void>;
  /** Installs the downloaded version and starts it (the app quits). */
  install(): void;
}

export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
export const RETRY_AFTER_MS = 30 * 60 * 1000;

/** Where updates come from: the policy's feed or the build's own, or why there are none. */
export function updateFeed(
  policy: Policy,
  build: { packaged: boolean; hasBuildFeed: boolean },
): { on: false; reason: string } | { on: true; feedUrl?: string; channel?: string } {
  if (policy.updates?.enabled === false) {
    return { on: false, reason: 'Updates are turned off by your organisation.' };
  }
  if (!build.packaged) return { on: false, reason: 'Updates are not checked in this build.' };
  if (!policy.updates?.feedUrl && !build.hasBuildFeed) {
    return { on: false, reason: 'This build has no update feed.' };
  }
  return {
    on: true,
    ...(policy.updates?.feedUrl ? { feedUrl: policy.updates.feedUrl } : {}),
    ...(policy.updates?.channel ? { channel: policy.updates.channel } : {}),
  };
}

type FailureKind = 'unreachable' | 'checksum' | 'disk' | 'other';

export function failureKind(error: unknown): FailureKind {
  const e = error as { code?: string; message?: string } | null;
  const text = `${e?.code ?? ''} ${e?.message ?? String(error)}`;
  if (/ENOSPC|no space left/i.test(text)) return 'disk';
  if (/CHECKSUM_MISMATCH|sha512 checksum mismatch|sha2 mismatch/i.test(text)) return 'checksum';
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|net::ERR_|socket hang up|status 5\d\d|\b5\d\d\b/i.test(
      text,
    )
  )
    return 'unreachable';
  return 'other';
}

const FAILURE_MESSAGES: Record<FailureKind, string> = {
  unreachable:
    'The update server could not be reached. Quotedesk keeps working and tries again later.',
  checksum:
    'A downloaded update did not match its checksum, so it was not installed. Quotedesk tries again later.',
  disk: 'There was not enough disk space to download the update. Quotedesk tries again later.',
  other:
    'Looking for updates did not work this time. Quotedesk keeps working and tries again later.',
};

export interface ControllerOptions extends UpdatesDeps {
  /** The updater, or null when updates are off (then it is never even created). */
  updater: UpdaterPort | null;
  offReason?: string;
  channel?: string;
  checkEveryMs?: number;
  retryAfterMs?: number;
}

export class UpdateController implements UpdatesController {
  private current: UpdateState;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly shownFailures = new Set<FailureKind>();

  constructor(private readonly opts: ControllerOptions) {
    this.current = opts.updater
      ? { state: 'idle', ...(opts.channel ? { channel: opts.channel } : {}) }
      : { state: 'off', message: opts.offReason ?? 'Updates are off.' };
  }

  state(): UpdateState {
    return this.current;
  }

  /** The first check now, the next ones every 4 hours. */
  start(): void {
    if (!this.opts.updater) {
      this.opts.log.info('updates.off', { reason: this.current.message });
      return;
    }
    this.schedule(0);
  }

  /** One check and, when something newer is there, its download. */
  checkNow(): Promise<void> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  async restartToUpdate(): Promise<void> {
    if (this.current.state !== 'ready' || !this.opts.updater) {
      throw new Error('No update is ready to install.');
    }
    this.opts.log.info('updates.installing', { version: this.current.version });
    // Nothing is being written when the app goes: a running sync step finishes, the store closes.
    this.stop();
    await this.opts.close();
    this.opts.updater.install();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.checkNow();
    }, ms);
    this.timer.unref?.();
  }

  private set(next: UpdateState, announce = true): void {
    this.current = { ...next, ...(this.opts.channel ? { channel: this.opts.channel } : {}) };
    if (announce) this.opts.hub.emit('update.state', this.current);
  }

  private async run(): Promise<void> {
    const updater = this.opts.updater;
    if (!updater || this.stopped || this.current.state === 'ready') return;
    const { log } = this.opts;
    try {
      this.set({ state: 'checking' }, false);
      const found = await updater.check();
      if (!found) {
        log.info('updates.up_to_date');
        this.set({ state: 'idle', message: 'Quotedesk is up to date.' }, false);
        this.schedule(this.opts.checkEveryMs ?? CHECK_EVERY_MS);
        return;
      }
      log.info('updates.found', { version: found.version });
      this.set({ state: 'downloading', version: found.version });
      await updater.download();
      log.info('updates.downloaded', { version: found.version });
      this.set({
        state: 'ready',
        version: found.version,
        message: `Quotedesk ${found.version} is ready: restart to update.`,
      });
    } catch (error) {
      const kind = failureKind(error);
      log.warn('updates.failed', { kind, ...errorFields(error) });
      // Said once per kind of failure; the status bar keeps it until something changes.
      const first = !this.shownFailures.has(kind);
      this.shownFailures.add(kind);
      this.set({ state: 'failed', message: FAILURE_MESSAGES[kind] }, first);
      this.schedule(this.opts.retryAfterMs ?? RETRY_AFTER_MS);
    }
  }
}

// Keeps the embedded demo Quoting API running: starts it on demand (one start at a time),
// and when it ends on its own starts it again after 1, 2, 4 … 30 s, telling the status bar.
import { randomBytes } from 'node:crypto';
import { DEMO_PROFILE_ID } from '../services';
import type { Vault } from '../vault';
import {
  readDemoCredentials,
  startEmbeddedServer,
  type EmbeddedServer,
  type ServerCommand,
  type ServerLauncher,
} from './embedded-server';
import type { EventHub } from './event-hub';
import type { LiveSettings } from './live-settings';
import { errorFields, type Logger } from './log';
import { nextAttempt, restartDelayMs, restartMessage } from './restart-policy';

export interface EmbeddedConfig {
  run: ServerCommand | ServerLauncher;
  seedFile: string;
}

export interface SupervisorDeps {
  config: EmbeddedConfig;
  /** The server's own data folder. */
  dataDir: string;
  settings: LiveSettings;
  vault: Vault;
  hub: EventHub;
  log: Logger;
  /** The server is back after a restart; `moved` when it came back on another port. */
  onBack(moved: boolean): Promise<void>;
}

export class EmbeddedSupervisor {
  private server: EmbeddedServer | null = null;
  private starting: Promise<EmbeddedServer> | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closing = false;
  private secret: string | null = null;

  constructor(private readonly deps: SupervisorDeps) {}

  /** The running server's address, if it is running. */
  get baseUrl(): string | undefined {
    return this.server?.baseUrl;
  }

  /**
   * The server's client secret: random per installation, kept like any secret (the keychain,
   * or memory for this run). A secret the seed file publishes is never used.
   */
  private async clientSecret(): Promise<string> {
    if (this.secret) return this.secret;
    const stored = await this.deps.vault.getSecret(DEMO_PROFILE_ID);
    const published = readDemoCredentials(this.deps.config.seedFile).publishedSecrets;
    this.secret =
      stored && !published.includes(stored) ? stored : randomBytes(32).toString('base64url');
    return this.secret;
  }

  /** The running server, started first when it is not. */
  ensure(): Promise<EmbeddedServer> {
    if (this.server) return Promise.resolve(this.server);
    const { config, settings, log } = this.deps;
    const startedAt = Date.now();
    this.starting ??= this.clientSecret()
      .then((clientSecret) =>
        startEmbeddedServer({
          clientSecret,
          run: config.run,
          dataDir: this.deps.dataDir,
          seedFile: config.seedFile,
          ...(settings.current.embeddedPort
            ? { preferredPort: settings.current.embeddedPort }
            : {}),
          log,
          onUnexpectedExit: (code) => this.exited(code, startedAt),
        }),
      )
      .then((server) => {
        this.server = server;
        settings.save({ embeddedPort: server.port });
        return server;
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** (Re)writes the demo profile for the server's current address. */
  async saveDemoProfile(): Promise<void> {
    const server = await this.ensure();
    const creds = readDemoCredentials(this.deps.config.seedFile);
    await this.deps.vault.saveProfile(
      {
        id: DEMO_PROFILE_ID,
        displayName: 'Demo',
        baseUrl: server.baseUrl,
        audience: server.baseUrl,
        clientId: creds.clientId,
        caFile: server.caFile,
      },
      await this.clientSecret(),
    );
  }

  /** No more restarts; waits for a start under way, then stops the server. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    await this.starting?.catch(() => {});
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    this.server = null;
  }

  /** The server ended on its own: start it again, later each time it keeps failing. */
  private exited(code: number | null, startedAt: number): void {
    this.server = null;
    if (this.closing) return;
    this.attempt = nextAttempt(this.attempt, Date.now() - startedAt);
    this.scheduleRestart(code);
  }

  private scheduleRestart(code: number | null): void {
    const { hub, log, settings } = this.deps;
    const delay = restartDelayMs(this.attempt - 1);
    log.warn('embedded_server.restart_scheduled', { code, attempt: this.attempt, delayMs: delay });
    hub.emit('embedded.state', { state: 'restarting', message: restartMessage(delay) });
    const portBefore = settings.current.embeddedPort;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closing) return;
      void this.ensure()
        .then(
          async (server) => {
            log.info('embedded_server.restarted', { baseUrl: server.baseUrl });
            hub.emit('embedded.state', {
              state: 'running',
              message: 'The demo Quoting API is running again.',
            });
            await this.deps.onBack(server.port !== portBefore);
          },
          (error) => {
            log.error('embedded_server.restart_failed', errorFields(error));
            this.attempt++;
            this.scheduleRestart(null);
          },
        )
        .catch((error) => log.error('embedded_server.reconnect_failed', errorFields(error)));
    }, delay);
    this.timer.unref?.();
  }
}

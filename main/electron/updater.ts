// electron-updater behind the controller's small port: a generic HTTPS feed (the policy's, or
// the build's `publish` config that electron-builder writes to resources/app-update.yml), the
// download verified against the feed's sha512 by electron-updater itself (and by the
// platform's signature where there is one: Windows installers, macOS). Nothing is downloaded
// or installed without the controller asking; updates off means electron-updater is never
// even loaded, so no request is made. It is loaded on the first check, not at start.
import fs from 'node:fs';
import path from 'node:path';
import type { UpdatesFactory } from '../core/updates-port';
import { UpdateController, updateFeed, type UpdaterPort } from '../core/update-controller';
import type { Logger } from '../core/log';

export interface ElectronUpdatesOptions {
  packaged: boolean;
  /** Electron's `process.resourcesPath` (where app-update.yml is). */
  resourcesPath: string | undefined;
  /** Where the feed written from a policy goes. */
  dataDir: string;
  checkEveryMs?: number;
  retryAfterMs?: number;
}

type AppUpdater = import('electron-updater').AppUpdater;

/** electron-updater's log lines into ours (it never sees a secret; the feed has none). */
const updaterLogger = (log: Logger) => ({
  info: (m: unknown) => log.info('updater', { message: String(m) }),
  warn: (m: unknown) => log.warn('updater', { message: String(m) }),
  error: (m: unknown) => log.warn('updater', { message: String(m) }),
  debug: () => {},
});

/** The port over electron-updater, loaded on first use (never, with updates off). */
function updaterPort(load: () => Promise<AppUpdater>): UpdaterPort {
  let loaded: AppUpdater | null = null;
  const u = async () => (loaded ??= await load());
  return {
    async check() {
      const r = await (await u()).checkForUpdates();
      return r?.isUpdateAvailable ? { version: r.updateInfo.version } : null;
    },
    async download() {
      await (await u()).downloadUpdate();
    },
    // isSilent false (the installer may show its progress), then start the new version.
    install: () => loaded?.quitAndInstall(false, true),
  };
}

export function electronUpdates(opts: ElectronUpdatesOptions): UpdatesFactory {
  return (deps) => {
    const buildFeed = opts.resourcesPath
      ? path.join(opts.resourcesPath, 'app-update.yml')
      : undefined;
    const feed = updateFeed(deps.policy.policy, {
      packaged: opts.packaged,
      hasBuildFeed: !!buildFeed && fs.existsSync(buildFeed),
    });
    let updater: UpdaterPort | null = null;
    if (feed.on) {
      updater = updaterPort(async () => {
        const m = await import('electron-updater');
        const autoUpdater = (m.default?.autoUpdater ?? m.autoUpdater) as AppUpdater;
        autoUpdater.logger = updaterLogger(deps.log);
        autoUpdater.autoDownload = false;
        // Installed only when the salesperson says so ("Restart to update").
        autoUpdater.autoInstallOnAppQuit = false;
        if (feed.feedUrl) {
          const dir = path.join(opts.dataDir, 'updates');
          fs.mkdirSync(dir, { recursive: true });
          const file = path.join(dir, 'app-update.yml');
          fs.writeFileSync(
            file,
            `provider: generic\nurl: ${JSON.stringify(feed.feedUrl)}\nupdaterCacheDirName: quotedesk-updater\n`,
          );
          autoUpdater.updateConfigPath = file;
        }
        if (feed.channel) autoUpdater.channel = feed.channel;
        return autoUpdater;
      });
    }
    const controller = new UpdateController({
      ...deps,
      updater,
      ...(feed.on ? {} : { offReason: feed.reason }),
      ...(feed.on && feed.channel ? { channel: feed.channel } : {}),
      ...(opts.checkEveryMs ? { checkEveryMs: opts.checkEveryMs } : {}),
      ...(opts.retryAfterMs ? { retryAfterMs: opts.retryAfterMs } : {}),
    });
    controller.start();
    return controller;
  };
}

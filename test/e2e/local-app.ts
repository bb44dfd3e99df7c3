// The app on a store prepared by the test, with no connection: the real core on `dataDir`
// (unencrypted, no embedded server) behind the real loopback bridge, the built renderer in
// Chromium.
import type { Browser, Page } from 'playwright-core';
import { startBridge, type HttpBridge } from '../../main/bridge';
import { createCore, silentLogger, type Core } from '../../main/core';
import { ensureRendererBuilt } from './build';
import { launchChromium, openPage } from './browser';

export interface LocalApp {
  core: Core;
  bridge: HttpBridge;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export async function openLocalApp(dataDir: string): Promise<LocalApp> {
  const staticDir = ensureRendererBuilt();
  const core = await createCore({
    dataDir,
    platform: { mode: 'browser' },
    log: silentLogger,
    embedded: null,
    withoutKeychain: 'unencrypted',
  });
  const bridge = await startBridge({ dispatch: core.dispatch, hub: core.hub, staticDir });
  const browser = await launchChromium();
  const { page } = await openPage(browser, bridge.pageUrl);
  return {
    core,
    bridge,
    browser,
    page,
    async close() {
      await browser.close().catch(() => {});
      await bridge.close().catch(() => {});
      await core.close().catch(() => {});
    },
  };
}

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

/** The real core on `dataDir` behind the real bridge serving the built renderer. */
export async function startLocalCore(dataDir: string): Promise<{ core: Core; bridge: HttpBridge }> {
  const staticDir = ensureRendererBuilt();
  const core = await createCore({
    dataDir,
    platform: { mode: 'browser' },
    version: 'e2e',
    log: silentLogger,
    embedded: null,
    withoutKeychain: 'unencrypted',
  });
  const bridge = await startBridge({ dispatch: core.dispatch, hub: core.hub, staticDir });
  return { core, bridge };
}

export async function openLocalApp(dataDir: string): Promise<LocalApp> {
  const { core, bridge } = await startLocalCore(dataDir);
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

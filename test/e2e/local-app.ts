// The app on a store prepared by the test, with no connection: the real core on `dataDir`
// (unencrypted, no embedded server) behind the real loopback bridge, the built renderer in
// Chromium.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startBridge, type HttpBridge } from '../../main/bridge';
import { createCore, silentLogger, type Core } from '../../main/core';
import { openStore } from '../../main/store';
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

/** What the `n`th seeded draft's one line costs, and how it is billed. */
export type SeededLine = (n: number) => { price: number; billingTerm: 'One-Time' | 'Monthly' };

/** Local drafts for many clients, one line each, in the store the core opens without a profile. */
export function seedLocalDrafts(
  dataDir: string,
  count: number,
  line: SeededLine = (n) => ({ price: 100 + n, billingTerm: 'One-Time' }),
): void {
  const dir = path.join(dataDir, 'stores', 'local');
  fs.mkdirSync(dir, { recursive: true });
  const store = openStore(path.join(dir, 'quotedesk.sqlite'), {
    filesDir: path.join(dir, 'files'),
  });
  store.setIdentity({
    user: { id: randomUUID(), fullName: 'Ada Stone', displayName: 'Ada', email: 'ada@x.example' },
    partner: null,
    currency: 'USD',
  });
  store.transaction(() => {
    for (let n = 0; n < count; n++) {
      const w = store.createQuote({
        client: { id: randomUUID(), name: `Client ${n}`, isShadowCompany: false },
      });
      store.addLineItems(w.id, [
        {
          type: 'Custom',
          productName: 'Onsite setup',
          ...line(n),
          cost: 60,
          initialTotal: 0,
          quantity: 1,
        },
      ]);
    }
  });
  store.close();
}

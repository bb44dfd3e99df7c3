// The whole app in browser mode for end-to-end tests: the real Quoting API (its own process),
// the real core (store, vault, sync engine, services) behind the real loopback bridge, and
// the built renderer in Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startBridge, type HttpBridge } from '../../main/bridge';
import { createCore, silentLogger, type Core, type CoreOptions } from '../../main/core';
import { readPolicyFile } from '../../main/core/policy';
import { engineSyncFactory } from '../../main/core/sync-engine';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { ensureRendererBuilt } from './build';
import { launchChromium, openPage, screenshot, type PageProblems } from './browser';
import { addConnection } from './flows';

export interface RunningApp {
  page: Page;
  browser: Browser;
  core: Core;
  bridge: HttpBridge;
  problems: PageProblems;
  dataDir: string;
  server(): StartedServer;
  /** Stops the server process: the app is now without a connection. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  startServerAgain(): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Add a connection to the test server through Settings, as a user would. */
  connect?: boolean;
  seed?: string;
  colorScheme?: 'light' | 'dark';
  /** The organisation's policy file the core reads at start. */
  policyFile?: string;
  /** Without a keychain: ask (the app's own default) or keep unencrypted (the tests'). */
  withoutKeychain?: 'ask' | 'unencrypted';
  /** The keychain the vault opens (default: the system's, when one is reachable). */
  keychain?: CoreOptions['keychain'];
}

export async function startApp(
  opts: AppOptions & {
    /** Writes the policy file once the server's address is known. */
    policy?: (server: StartedServer) => unknown;
  } = {},
): Promise<RunningApp> {
  const staticDir = ensureRendererBuilt();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-'));
  const serverDir = path.join(root, 'server');
  const dataDir = path.join(root, 'app');
  let server = await startServer({ dataDir: serverDir, ...(opts.seed ? { seed: opts.seed } : {}) });
  if (opts.policy) {
    const body = opts.policy(server);
    opts = { ...opts, policyFile: path.join(root, 'policy.json') };
    fs.writeFileSync(opts.policyFile!, typeof body === 'string' ? body : JSON.stringify(body));
  }
  const port = Number(new URL(server.baseUrl).port);
  const core = await createCore({
    dataDir,
    platform: { mode: 'browser' },
    version: 'e2e',
    log: silentLogger,
    embedded: null,
    withoutKeychain: opts.withoutKeychain ?? 'unencrypted',
    ...(opts.keychain ? { keychain: opts.keychain } : {}),
    syncFactory: engineSyncFactory(),
    ...(opts.policyFile ? { policy: readPolicyFile(opts.policyFile) } : {}),
  });
  const bridge = await startBridge({ dispatch: core.dispatch, hub: core.hub, staticDir });
  const browser = await launchChromium();
  const { page, problems } = await openPage(browser, bridge.pageUrl, {
    colorScheme: opts.colorScheme ?? 'light',
  });
  await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
  if (opts.connect) {
    await addConnection(page, {
      name: 'Test server',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      secret: DEMO.ada.secret,
      caFile: server.caFile,
    });
  }
  let running = true;
  return {
    page,
    browser,
    core,
    bridge,
    problems,
    dataDir,
    server: () => server,
    async stopServer() {
      if (!running) return;
      await server.stop();
      running = false;
    },
    async startServerAgain() {
      if (running) return;
      server = await startServer({
        dataDir: serverDir,
        port,
        ...(opts.seed ? { seed: opts.seed } : {}),
      });
      running = true;
    },
    async close() {
      await browser.close().catch(() => {});
      await bridge.close().catch(() => {});
      await core.close().catch(() => {});
      if (running) await server.stop().catch(() => {});
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The app for the tests of one file: started once before them as `opts` asks (handed to
 * `started`), a screenshot `failed-<name>` of each test that fails, closed after them all.
 */
export function appForFile(
  name: string,
  opts: Parameters<typeof startApp>[0],
  started: (app: RunningApp) => void,
): void {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startApp(opts);
    started(app);
  }, 180_000);
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && app)
      await screenshot(app.page, `failed-${name}`).catch(() => {});
  });
  afterAll(async () => {
    await app?.close();
  });
}

// The app starts on a laptop whose partner server takes the connection and never answers (a
// hotel network, a server hung mid-restart): the quote list the salesperson held paints, and a
// quote opens, while the server has still not said a word. Nothing at start waits for the
// network. The profile's secret and the store's key are kept across the restart by the real
// OS keychain (gnome-keyring in the private session bus of `scripts/test-all.sh`).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName, IpcInput, IpcOutput } from '../../common/ipc';
import { startBridge } from '../../main/bridge';
import { createCore, silentLogger, type Core } from '../../main/core';
import { engineSyncFactory } from '../../main/core/sync-engine';
import { REPO_ROOT, startServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { keychainGate } from '../vault/keychain-required';
import { ensureRendererBuilt } from './build';
import { launchChromium, screenshot } from './browser';

const gate = await keychainGate();
if (!gate.run) console.log(`start without an answer: not run (${gate.reason})`);

const dirs: string[] = [];
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function core(dataDir: string): Promise<Core> {
  return createCore({
    dataDir,
    platform: { mode: 'browser' },
    version: 'e2e',
    log: silentLogger,
    embedded: null,
    syncFactory: engineSyncFactory(),
  });
}

async function call<N extends CallName>(
  c: Core,
  name: N,
  input?: IpcInput<N>,
): Promise<IpcOutput<N>> {
  const r = await c.dispatch(name, input, { via: 'test' });
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as IpcOutput<N>;
}

/** A TCP listener that takes every connection and never sends a byte. */
async function silentServer(port: number) {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((s) => {
    accepted++;
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    accepted: () => accepted,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.runIf(gate.run)('a start while the partner server never answers', () => {
  let root: string;
  let dataDir: string;
  let port: number;
  let held: number;

  beforeAll(async () => {
    ensureRendererBuilt();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-e2e-silent-'));
    dirs.push(root);
    dataDir = path.join(root, 'app');
    // A first run with the server up: the salesperson signs in and the partner's quotes are held.
    const server = await startServer({
      dataDir: path.join(root, 'server'),
      seed: path.join(REPO_ROOT, 'server/seed/demo.json'), // the demo partner's quotes
    });
    port = Number(new URL(server.baseUrl).port);
    const first = await core(dataDir);
    try {
      const profile = await call(first, 'profiles.add', {
        name: 'Northwind',
        baseUrl: server.baseUrl,
        audience: server.baseUrl,
        clientId: DEMO.ada.clientId,
        clientSecret: DEMO.ada.secret,
        caPem: server.ca,
      });
      await call(first, 'profiles.switch', { profileId: profile.id });
      for (let i = 0; ; i++) {
        const s = await call(first, 'sync.status');
        held = (await call(first, 'quotes.list', { account: 'partner', limit: 1 })).page
          .totalElements;
        if (!s.running && !s.fill && s.lastSyncAt && held > 0) break;
        if (i > 600)
          throw new Error(`the first sign-in did not finish: ${JSON.stringify(s)}, ${held} listed`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await first.close();
      await server.stop();
    }
  }, 180_000);

  it('paints the held quotes and opens one while the server has not answered', async () => {
    const silent = await silentServer(port);
    const app = await core(dataDir);
    const bridge = await startBridge({
      dispatch: app.dispatch,
      hub: app.hub,
      staticDir: ensureRendererBuilt(),
    });
    try {
      browser = await launchChromium();
      const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
      await page.goto(bridge.pageUrl);
      const count = `${held.toLocaleString('en-US')} quotes`;
      await page
        .getByTestId('result-count')
        .filter({ hasText: count })
        .waitFor({ timeout: 30_000 });
      const first = page.locator('[data-quote-id]').first();
      await first.waitFor();
      // The app did ask the server (sync, the account refresh) and got no answer.
      await expect.poll(() => silent.accepted(), { timeout: 30_000 }).toBeGreaterThan(0);
      const client = (await first.locator('.cell-client').getAttribute('title')) ?? '';
      expect(client).not.toBe('');
      await first.click();
      await page.getByRole('heading', { name: client, level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByTestId('totals').waitFor({ timeout: 30_000 });
      await screenshot(page, 'start-without-answer');
    } finally {
      await bridge.close().catch(() => {});
      await app.close().catch(() => {});
      await silent.close();
    }
  }, 180_000);
});

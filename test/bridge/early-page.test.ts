// Browser mode's start (main/bridge/browser-app.ts): the bridge listens before the core is
// loaded and open, so the page's HTML and scripts are served while the core opens, and the
// page's first call is answered by the core once it is open.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpBridge, createIpcClient } from '../../common/ipc';
import { runBrowserApp, startBridge, type BrowserApp, type HttpBridge } from '../../main/bridge';
import { EventHub } from '../../main/core/event-hub';
import { firstFilesOf, watchPageServed } from '../../main/bridge/page-served';
import { silentLogger } from '../../main/core';

const dirs: string[] = [];
const apps: Promise<BrowserApp>[] = [];
afterAll(async () => {
  for (const app of apps) await (await app).close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function get(bridge: HttpBridge, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${bridge.origin}${p}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe("browser mode's start", () => {
  it('serves the page while the core opens, and answers its first call once the core is open', async () => {
    const staticDir = tempDir('quotedesk-early-static-');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<title>Quotedesk</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'export {};');
    const order: string[] = [];
    let listening: (b: HttpBridge) => void = () => {};
    const bridgeUp = new Promise<HttpBridge>((r) => (listening = r));
    const app = runBrowserApp({
      core: {
        dataDir: tempDir('quotedesk-early-data-'),
        platform: { mode: 'browser' },
        log: silentLogger,
        embedded: null,
        syncFactory: null,
        withoutKeychain: 'unencrypted',
      },
      staticDir,
      onListening: listening,
    });
    apps.push(app);
    void app.then(() => order.push('core open'));
    const bridge = await bridgeUp;

    const page = await get(bridge, '/');
    const script = await get(bridge, '/assets/app.js');
    order.push('page served');
    expect(page.body).toContain('<title>Quotedesk</title>');
    expect(script.status).toBe(200);

    const ipc = createIpcClient(createHttpBridge({ baseUrl: bridge.origin, token: bridge.token }));
    const list = await ipc.call('quotes.list', { limit: 50 });
    expect(list.page.totalElements).toBe(0);
    expect(order).toEqual(['page served', 'core open']);
  });
});

describe('when the page has what it loads first', () => {
  afterEach(() => vi.useRealTimers());

  it('is once its scripts are answered and no other is asked for: not at its HTML alone', () => {
    vi.useFakeTimers();
    const served = vi.fn();
    const watch = watchPageServed(served);
    watch.started();
    watch.finished('/index.html'); // the browser asks for the scripts only once it has read it
    vi.advanceTimersByTime(100);
    expect(served).not.toHaveBeenCalled();
    watch.started();
    watch.started();
    watch.finished('/assets/a.js');
    vi.advanceTimersByTime(100);
    expect(served).not.toHaveBeenCalled(); // one script still on its way
    watch.finished('/assets/b.js');
    vi.advanceTimersByTime(100);
    expect(served).toHaveBeenCalledTimes(1);
    watch.started();
    watch.finished('/assets/c.js');
    vi.advanceTimersByTime(1_000);
    expect(served).toHaveBeenCalledTimes(1);
  });

  it('is the moment the last file its HTML names is answered, however they are spaced', () => {
    vi.useFakeTimers();
    const staticDir = tempDir('quotedesk-early-named-');
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<link rel="icon" href="data:," /><script type="module" src="./assets/index-1.js"></script>' +
        '<link rel="modulepreload" href="./assets/ui-2.js"><link rel="stylesheet" href="./assets/index-3.css">',
    );
    const files = firstFilesOf(staticDir);
    expect(files).toEqual(['/assets/index-1.js', '/assets/ui-2.js', '/assets/index-3.css']);
    const served = vi.fn();
    const watch = watchPageServed(served, files);
    watch.started();
    watch.finished('/index.html');
    watch.started();
    watch.started();
    watch.finished('/assets/index-1.js');
    watch.finished('/assets/ui-2.js');
    // A browser holding six connections asks for the rest as the first ones end: a pause here
    // is not the end of the page's files.
    vi.advanceTimersByTime(200);
    expect(served).not.toHaveBeenCalled();
    watch.started();
    watch.finished('/assets/index-3.css');
    expect(served).toHaveBeenCalledTimes(1);
  });

  it('is at once when the browser holds the page (its HTML answered "not modified"): it asks for no script then', () => {
    vi.useFakeTimers();
    const served = vi.fn();
    const watch = watchPageServed(served, ['/assets/index-1.js']);
    watch.started();
    watch.finished('/index.html', true);
    expect(served).toHaveBeenCalledTimes(1);
  });

  it('is soon after listening when no page asks at all', () => {
    vi.useFakeTimers();
    const served = vi.fn();
    watchPageServed(served);
    vi.advanceTimersByTime(1_000);
    expect(served).toHaveBeenCalledTimes(1);
  });
});

describe("the page's files and the browser's cache", () => {
  const hub = new EventHub();
  const dispatch = () => Promise.resolve({ ok: true as const, value: null });

  function request(
    bridge: HttpBridge,
    headers: Record<string, string> = {},
    p = '/',
  ): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      http
        .get(`${bridge.origin}${p}`, { headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        })
        .on('error', reject);
    });
  }

  it('the HTML is asked again each time and answered "not modified" when unchanged, which starts what waits for the page at once; the hashed scripts are kept for good', async () => {
    const staticDir = tempDir('quotedesk-cached-static-');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<script type="module" src="./assets/index-1.js"></script>',
    );
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-1.js'), 'export {};');
    const first = await startBridge({ dispatch, hub, staticDir });
    const page = await request(first);
    const script = await request(first, {}, '/assets/index-1.js');
    await first.close();
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag!;
    expect(etag).toBeTruthy();
    expect(script.headers['cache-control']).toBe('max-age=31536000, immutable');

    // The next start, the browser holding the page: nothing but the HTML's check is asked.
    const served = vi.fn();
    const again = await startBridge({ dispatch, hub, staticDir, onPageServed: served });
    try {
      const held = await request(again, { 'if-none-match': etag });
      expect(held.statusCode).toBe(304);
      expect(held.headers['content-security-policy']).toBeTruthy();
      // At once, not after the wait for a page's scripts (page-served.ts, 400 ms).
      for (let i = 0; i < 30 && served.mock.calls.length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(served).toHaveBeenCalledTimes(1);

      // A page changed since (a new build): the whole HTML, and its scripts are waited for.
      fs.appendFileSync(path.join(staticDir, 'index.html'), '<!-- build 2 -->');
      const changed = await request(again, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await again.close();
    }
  });
});

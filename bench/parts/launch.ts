// Launch to list, for the `ui` suite: the app's core started as a process of its own (bundled
// as main is, on plain Node, browser mode: `core-process.ts`) on a data folder whose store holds
// 10,000 quotes, and the page opened in Chromium as soon as the bridge listens (before the core
// is loaded and open, as browser mode starts: main/bridge/browser-app.ts) — from the process's
// start (its `performance.timeOrigin`) to the first quote row painted, on the same wall clock. Without the embedded server (a store of its own, no demo profile); the embedded
// server's own start, the bundled server to its ready line, is measured beside it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '../../main/core';
import { startEmbeddedServer } from '../../main/core/embedded-server';
import { launchChromiumWithProfile } from '../../test/e2e/browser';
import { REPO_ROOT } from '../../test/helpers/server';
import { atMost, info, percentile, type Metric } from '../lib';
import {
  startCoreChild,
  type Bundles,
  type CoreOpenTimings,
  type CoreTimings,
} from './app-processes';

// Runs in the page before the app: the wall-clock time when the first quote row is on screen.
const FIRST_ROW_PAINT_WALL = `
  new MutationObserver((_, obs) => {
    if (document.querySelector('[data-quote-id]')) {
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        window.__firstRowPaintWall = performance.timeOrigin + performance.now();
      }, 0));
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface Launch extends CoreTimings, CoreOpenTimings {
  paintMs: number;
}

/** What the starts share: the core's code cache, the renderer's profile, the bridge's port. */
interface Kept {
  codeCacheDir: string;
  profileDir: string;
  port: number;
}

async function launchOnce(
  bundles: Bundles,
  dataDir: string,
  staticDir: string,
  kept: Kept,
): Promise<Launch> {
  // A renderer process of its own each start, on the profile the earlier starts left (its HTTP
  // cache and V8 code cache), as the app's window on its session's.
  const context = await launchChromiumWithProfile(kept.profileDir, {
    viewport: { width: 1360, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(FIRST_ROW_PAINT_WALL);
  const page = context.pages()[0] ?? (await context.newPage());
  // Chromium's own start (its GPU, network and storage processes) done before the app's: the
  // figure is the app's start, on a machine where the browser was already running.
  await page.waitForTimeout(1500);
  const core = await startCoreChild(bundles, dataDir, staticDir, null, {
    codeCacheDir: kept.codeCacheDir,
    port: kept.port,
  });
  try {
    await page.goto(core.pageUrl);
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { __firstRowPaintWall?: number }).__firstRowPaintWall !==
        undefined,
      undefined,
      { timeout: 60_000 },
    );
    const wall = await page.evaluate<number>('window.__firstRowPaintWall');
    return {
      ...core.timings,
      ...(await core.openTimings()),
      paintMs: wall - core.timings.startedAt,
    };
  } finally {
    await context.close().catch(() => {});
    await core.close();
  }
}

/** A port free now, kept for the bridge's starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The bundled server from spawn to its ready line: a first start (demo seed) and a later one. */
async function embeddedStarts(serverCjs: string): Promise<{ first: number; again: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-bench-embedded-'));
  const startOnce = async () => {
    const t0 = performance.now();
    const server = await startEmbeddedServer({
      run: { command: process.execPath, args: [serverCjs], cwd: REPO_ROOT },
      dataDir: dir,
      seedFile: path.join(path.dirname(serverCjs), 'seed', 'demo.json'),
      clientSecret: randomBytes(32).toString('base64url'),
      log: silentLogger,
    });
    const ms = performance.now() - t0;
    await server.stop();
    return ms;
  };
  try {
    return { first: await startOnce(), again: await startOnce() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function launchToList(opts: {
  bundles: Bundles;
  dataDir: string;
  staticDir: string;
  runs: number;
  quotes: number;
}): Promise<Metric[]> {
  const runs: Launch[] = [];
  // Two starts not counted first, as the app's first starts after an install: the first makes
  // the core's code cache (main/code-cache.ts) and fills the renderer's HTTP cache, the second
  // makes the renderer's code cache (Chromium keeps one for a script it has run from its cache
  // before; Electron does so for our scheme, main/electron/core-channels.ts). In folders of the
  // bench's own, which no other run on the machine replaces with its build's meanwhile.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-bench-launch-'));
  const kept: Kept = {
    codeCacheDir: path.join(scratch, 'code-cache'),
    profileDir: path.join(scratch, 'chromium-profile'),
    port: await freePort(),
  };
  fs.mkdirSync(kept.codeCacheDir);
  try {
    for (let i = 0; i < 2; i++) await launchOnce(opts.bundles, opts.dataDir, opts.staticDir, kept);
    for (let i = 0; i < opts.runs; i++) {
      runs.push(await launchOnce(opts.bundles, opts.dataDir, opts.staticDir, kept));
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const p50 = (f: (l: Launch) => number) =>
    Math.round(
      percentile(
        runs.map(f).sort((a, b) => a - b),
        50,
      ),
    );
  const embedded = await embeddedStarts(opts.bundles.serverCjs);
  const label = `launch to list, ${opts.quotes.toLocaleString('en-US')} quotes held`;
  return [
    atMost(
      `${label}: process start to the list painted (p50 of ${opts.runs}, no embedded server)`,
      p50((l) => l.paintMs),
      'ms',
      600,
    ),
    info(
      `${label}: worst of ${opts.runs}`,
      Math.round(Math.max(...runs.map((l) => l.paintMs))),
      'ms',
    ),
    info(
      '  of which: bridge listening (process start → the entry loaded, the page can load)',
      p50((l) => l.bridgeMs),
      'ms',
    ),
    info(
      '  of which: page loaded to the first row painted',
      p50((l) => l.paintMs - l.bridgeMs),
      'ms',
    ),
    info(
      '  meanwhile: the core loaded and open (its modules, vault, store, first session)',
      p50((l) => l.coreMs - l.bridgeMs),
      'ms',
    ),
    info(
      'CPU time of the core process from its start until the bridge listened (p50)',
      p50((l) => l.bridgeCpuMs),
      'ms',
    ),
    info(
      'CPU time of the core process from its start until the core was open (p50)',
      p50((l) => l.coreCpuMs),
      'ms',
    ),
    info(
      'embedded server start (bundled server to its ready line), first start',
      Math.round(embedded.first),
      'ms',
    ),
    info(
      'embedded server start, later start (its data already there)',
      Math.round(embedded.again),
      'ms',
    ),
  ];
}

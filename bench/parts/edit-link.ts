// What the salesperson's link carries for an edit: the engine's own loop (settle window,
// pull schedule) against the real server behind a delaying link, requests counted from the
// server's own request log, round trips as waves of requests in flight from the client's side
// (a request that starts while none is in flight begins a new one), and the time from the edit
// to "Synced" (nothing pending, no cycle running).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../main/api';
import type { Store } from '../../main/store';
import { SyncEngine, type SyncApi } from '../../main/sync';
import { startServer, type StartedServer } from '../../test/helpers/server';
import { ADA, BEN } from '../../test/sync/harness';
import { atMost, info, type Metric } from '../lib';

type DelayProxy = (target: URL, ms: number) => Promise<{ port: number; close(): Promise<void> }>;

export interface EditLinkParts {
  delayProxy: DelayProxy;
  primedStore(dir: string, api: ApiClient): Promise<Store>;
  buildQuote(store: Store, i: number): string;
}

/** The idle minutes are simulated: the engine's pull interval (injectable) shortened by this. */
const IDLE_SCALE = 20;
const IDLE_MINUTES = 5;
const PULL_INTERVAL_MS = 60_000;

function logged(server: StartedServer): number {
  return server
    .stderr()
    .split('\n')
    .filter((l) => l.includes('"event":"request"') && !l.includes('/v1/token')).length;
}

/** The API with its calls' waves counted: a call starting while none is in flight is a new one. */
function waves(api: ApiClient): { api: SyncApi; count: () => number; reset(): void } {
  let inFlight = 0;
  let n = 0;
  const wrapped = new Proxy(api, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      if (typeof v !== 'function') return v;
      return async (...a: unknown[]) => {
        if (inFlight++ === 0) n++;
        try {
          return await (v as (...x: unknown[]) => Promise<unknown>).apply(t, a);
        } finally {
          inFlight--;
        }
      };
    },
  }) as SyncApi;
  return { api: wrapped, count: () => n, reset: () => (n = 0) };
}

function quiet(engine: SyncEngine): Promise<void> {
  return new Promise((resolve) => {
    const off = engine.on(() => {
      const s = engine.status();
      if (!s.running && s.pendingCount === 0) {
        off();
        resolve();
      }
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// long: one scenario after another on one server and link, each measured the same way
export async function editLink(
  delayMs: number,
  parts: EditLinkParts,
  log: (line: string) => void,
): Promise<Metric[]> {
  const server = await startServer();
  const proxy = await parts.delayProxy(new URL(server.baseUrl), delayMs);
  const client = (who: { clientId: string; secret: string }, base: string) =>
    createApiClient(
      { baseUrl: base, audience: server.baseUrl, clientId: who.clientId, caFile: server.caFile },
      { clientSecret: who.secret, retry: { maxAttempts: 1 } },
    );
  const ada = client(ADA, `https://127.0.0.1:${proxy.port}`);
  const direct = client(BEN, server.baseUrl);
  const link = `${delayMs} ms each way`;
  const metrics: Metric[] = [];
  let engine: SyncEngine | null = null;
  try {
    await ada.getToken();
    const store = await parts.primedStore(mkdtempSync(join(tmpdir(), 'qd-bench-link-')), direct);
    const quoteId = parts.buildQuote(store, 0);
    const counted = waves(ada);
    engine = new SyncEngine({ store, api: counted.api, parallelism: 4 });
    await engine.syncOnce();
    const item = store.getQuote(quoteId)!.work.lineItems[0]!.id;
    store.onChange((e) => {
      if (e.quoteId === quoteId && e.what !== 'base') engine!.notifyChanged();
    });
    engine.start();
    await sleep(300);
    const measure = async (what: string, act: () => Promise<void>) => {
      const from = logged(server);
      counted.reset();
      const started = performance.now();
      const done = quiet(engine!);
      await act();
      await done;
      const ms = performance.now() - started;
      await sleep(200 + 2 * delayMs); // the log is written a little after each answer
      const requests = logged(server) - from;
      log(`${link}: ${what}: ${requests} requests, ${counted.count()} round trips, ${ms} ms`);
      return { requests, trips: counted.count(), ms };
    };
    let q = 1;
    const one = await measure('one quantity edit', async () => {
      store.updateLineItems(quoteId, [{ id: item, quantity: ++q }]);
    });
    metrics.push(
      atMost(`${link}: one quantity edit, requests`, one.requests, 'requests', 3),
      atMost(`${link}: one quantity edit, round trips`, one.trips, 'round trips', 3),
      info(`${link}: one quantity edit to "Synced" (settle window 500 ms)`, one.ms, 'ms'),
    );
    const header = await measure('one header edit', async () => {
      store.updateHeader(quoteId, { introMessage: `Revised ${Date.now()}` });
    });
    metrics.push(
      atMost(`${link}: one header edit, requests`, header.requests, 'requests', 3),
      atMost(`${link}: one header edit, round trips`, header.trips, 'round trips', 3),
      info(`${link}: one header edit to "Synced"`, header.ms, 'ms'),
    );
    const burst = await measure('10 quantity edits 200 ms apart', async () => {
      for (let k = 0; k < 10; k++) {
        store.updateLineItems(quoteId, [{ id: item, quantity: ++q }]);
        if (k < 9) await sleep(200);
      }
    });
    metrics.push(
      atMost(`${link}: burst of 10 quantity edits, requests`, burst.requests, 'requests', 6),
      info(`${link}: burst, round trips`, burst.trips, 'round trips'),
      info(`${link}: burst, first edit to "Synced"`, burst.ms, 'ms'),
    );
    // Idle: a new engine whose pull interval is shortened IDLE_SCALE times (simulated clock).
    await engine.stop();
    engine = new SyncEngine({
      store,
      api: counted.api,
      pullIntervalMs: PULL_INTERVAL_MS / IDLE_SCALE,
    });
    engine.start();
    await sleep(1_000);
    const from = logged(server);
    await sleep((IDLE_MINUTES * 60_000) / IDLE_SCALE);
    const idle = (logged(server) - from) / IDLE_MINUTES;
    log(`${link}: ${IDLE_MINUTES} idle minutes (simulated ×${IDLE_SCALE}): ${idle}/min`);
    metrics.push(
      atMost(
        `${link}: ${IDLE_MINUTES} idle minutes (simulated: pull interval ÷${IDLE_SCALE}; preferences and library every 30 min not included), requests a minute`,
        idle,
        'requests/min',
        1,
      ),
    );
    return metrics;
  } finally {
    await engine?.stop();
    await ada.close();
    await direct.close();
    await proxy.close();
    await server.stop();
  }
}

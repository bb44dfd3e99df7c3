import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import type { EngineEvent, SyncApi } from '../../main/sync';
import { startServer, type StartedServer } from '../helpers/server';
import { ADA, CLIENTS, PRODUCTS, client, device, primeCatalogue } from './harness';

let server: StartedServer;
let ada: ApiClient;

beforeAll(async () => {
  server = await startServer();
  ada = client(server, ADA);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

/** Counts the calls the engine makes, to see whether it is idle. */
function counted(api: ApiClient): { api: SyncApi; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(api, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      return typeof v === 'function'
        ? (...a: unknown[]) => {
            calls.push(String(k));
            return (v as (...x: unknown[]) => unknown).apply(t, a);
          }
        : v;
    },
  });
  return { api: proxy as SyncApi, calls };
}

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
};

describe('the engine loop', () => {
  it('reports per-quote state and progress, and the server message when the server refuses a quote', async () => {
    const d = device(ada, { pull: false });
    await primeCatalogue(d.store, ada);
    const good = d.store.createQuote({ client: CLIENTS.acme });
    d.store.addLineItems(good.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 2 },
    ]);
    // A client of another partner: the server refuses to quote for it.
    const bad = d.store.createQuote({
      client: {
        id: '2de0a5f4-fcbd-4168-97cc-4af875633f9f',
        name: 'Evergreen Clinics',
        isShadowCompany: false,
      },
    });
    const events: EngineEvent[] = [];
    d.engine.on((e) => events.push(e));
    const r = await d.engine.syncOnce();
    expect(r.results[good.id]).toBe('synced');
    expect(r.results[bad.id]).toBe('error');
    const states = events
      .filter((e) => e.type === 'quote' && e.quoteId === good.id)
      .map((e) => (e as { state: string }).state);
    expect(states).toEqual(['syncing', 'synced']);
    const err = events.find(
      (e) => e.type === 'quote' && e.quoteId === bad.id && e.state === 'error',
    ) as { message?: string };
    expect(err.message).toMatch(/client|company|partner/i);
    expect(d.store.getQuote(bad.id)!.syncState).toBe('error');
    expect(events.some((e) => e.type === 'progress' && e.done === 2 && e.total === 2)).toBe(true);
    // Parked on its error: the next cycle leaves it alone until it changes or "run now".
    expect((await d.engine.syncOnce()).pushed).toEqual([]);
    d.store.close();
  });

  it('offline, it backs off instead of retrying in a loop; run now tries at once; pause holds it', async () => {
    const offline = counted(client(server, ADA, 'https://127.0.0.1:9'));
    const d = device(offline.api, { pull: false, backoffBaseMs: 60_000, pullIntervalMs: 60_000 });
    await primeCatalogue(d.store, ada);
    d.store.createQuote({ client: CLIENTS.cedar });
    const statuses: boolean[] = [];
    d.engine.on((e) => e.type === 'status' && !e.status.running && statuses.push(e.status.online));
    d.engine.start();
    await until(() => statuses.length >= 1, 'the first cycle');
    expect(statuses[0]).toBe(false); // offline
    const afterFirst = offline.calls.length;
    expect(afterFirst).toBe(1);
    // A local edit does not cut the backoff short (no retry storm while offline)…
    d.engine.notifyChanged();
    await new Promise((r) => setTimeout(r, 300));
    expect(offline.calls.length).toBe(afterFirst);
    // …but "run now" does.
    d.engine.runNow();
    await until(() => offline.calls.length > afterFirst, 'run now');
    // Paused: run now wakes nothing.
    await until(() => d.engine.status().running === false, 'the cycle to end');
    d.engine.pause();
    const paused = offline.calls.length;
    d.engine.runNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(offline.calls.length).toBe(paused);
    expect(d.engine.status().paused).toBe(true);
    d.engine.resume();
    await until(() => offline.calls.length > paused, 'resume');
    await d.engine.stop();
    d.store.close();
  });

  it('an edit notified while a cycle runs is pushed right after that cycle, without waiting for the pull interval', async () => {
    let d: ReturnType<typeof device> | null = null;
    let later: string | null = null;
    // The edit lands while the engine is busy creating the first quote on the server.
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (k === 'createQuote' && !later) {
          later = d!.store.createQuote({ client: CLIENTS.blueFjord }).id;
          d!.engine.notifyChanged();
        }
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(t) : v;
      },
    }) as SyncApi;
    d = device(api, { pull: false, pullIntervalMs: 600_000 });
    const first = d.store.createQuote({ client: CLIENTS.acme });
    d.engine.start();
    await until(() => d.store.getQuote(first.id)?.syncState === 'synced', 'the first quote');
    expect(later).not.toBeNull();
    await until(
      () => d.store.getQuote(later!)?.syncState === 'synced',
      'the quote created during the cycle',
    );
    expect((await ada.getQuote(d.store.getQuote(later!)!.serverId!)).client.id).toBe(
      CLIENTS.blueFjord.id,
    );
    await d.engine.stop();
    d.store.close();
  });

  it('"sync now" asked while a cycle runs starts another cycle right after it', async () => {
    let d: ReturnType<typeof device> | null = null;
    let asked = false;
    const cycles: number[] = [];
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (k === 'createQuote' && !asked) {
          asked = true;
          d!.engine.runNow();
        }
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(t) : v;
      },
    }) as SyncApi;
    d = device(api, { pull: false, pullIntervalMs: 600_000 });
    d.engine.on((e) => e.type === 'status' && e.status.running && cycles.push(Date.now()));
    d.store.createQuote({ client: CLIENTS.acme });
    d.engine.start();
    await until(() => cycles.length >= 2, 'a second cycle');
    expect(asked).toBe(true);
    await d.engine.stop();
    d.store.close();
  });
});

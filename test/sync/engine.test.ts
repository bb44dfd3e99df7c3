import { existsSync, utimesSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../main/api';
import type { Store } from '../../main/store';
import { takeMine, type EngineEvent, type SyncApi } from '../../main/sync';
import { failureWords } from '../../main/sync/errors';
import { startFaultProxy, type FaultProxy } from '../api/fault-proxy';
import { startServer, type StartedServer } from '../helpers/server';
import { ADA, BEN, CLIENTS, PRODUCTS, client, device, pdf, primeCatalogue } from './harness';

let server: StartedServer;
let ada: ApiClient;
let ben: ApiClient;
/** Faults the real server cannot produce on demand (503, 429, dropped connections) come from
 * the fault-injecting HTTPS proxy; everything else is the real server's answer. */
let proxy: FaultProxy;
let viaProxy: ApiClient;

beforeAll(async () => {
  server = await startServer();
  ada = client(server, ADA);
  ben = client(server, BEN);
  proxy = await startFaultProxy(server);
  viaProxy = client({ baseUrl: server.baseUrl, caFile: proxy.caFile }, ADA, proxy.url);
  await viaProxy.getToken(); // so that no rule of a test ever meets the token request
});
afterAll(async () => {
  await viaProxy?.close();
  await ada?.close();
  await ben?.close();
  await proxy?.stop();
  await server?.stop();
});
beforeEach(() => proxy.clear());

interface Said {
  quoteId: string;
  state: string;
  message?: string;
}

/** The sync states the store said for its quotes (its transitions: their one owner), in order. */
function saidStates(store: Store): Said[] {
  const said: Said[] = [];
  store.onChange((e) => {
    if (e.what !== 'syncState' || !e.quoteId) return;
    const rec = store.syncRecord(e.quoteId);
    if (!rec) return;
    said.push({
      quoteId: e.quoteId,
      state: rec.state,
      ...(rec.lastError ? { message: rec.lastError } : {}),
    });
  });
  return said;
}

/** One quote's states as the user saw them change (a state said again is one). */
const statesOf = (said: Said[], quoteId: string) =>
  said
    .filter((e) => e.quoteId === quoteId)
    .map((e) => e.state)
    .filter((st, i, all) => i === 0 || all[i - 1] !== st);

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
    const said = saidStates(d.store);
    const r = await d.engine.syncOnce();
    expect(r.results[good.id]).toBe('synced');
    expect(r.results[bad.id]).toBe('error');
    expect(statesOf(said, good.id)).toEqual(['syncing', 'synced']);
    const err = said.find((e) => e.quoteId === bad.id && e.state === 'error')!;
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

  it('reports a quote as pending, with the message, when the server fails for now (503), and synced once it works again', async () => {
    const d = device(viaProxy, { pull: false });
    const w = d.store.createQuote({ client: CLIENTS.acme });
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;
    d.store.updateHeader(w.id, { introMessage: 'After the outage' });
    proxy.inject({
      method: 'PUT',
      path: /^\/v2\/quotes\/[^/]+$/,
      times: 1,
      fault: { kind: 'status', status: 503 },
    });
    const events: EngineEvent[] = [];
    d.engine.on((e) => events.push(e));
    const said = saidStates(d.store);

    const r = await d.engine.syncOnce();
    expect(r.retry?.status).toBe(503);
    expect(statesOf(said, w.id)).toEqual(['syncing', 'pending']);
    const pending = said.find((e) => e.state === 'pending')!;
    expect(pending.message).toBe(failureWords(r.retry!));
    expect(pending.message).toMatch(/The server is failing \(error 503\)/);
    expect(d.store.getQuote(w.id)!.syncState).toBe('pending');
    expect(d.engine.status()).toMatchObject({ pendingCount: 1, lastError: failureWords(r.retry!) });
    expect((await ada.getQuote(sid)).introMessage).not.toBe('After the outage');

    events.length = 0;
    said.length = 0;
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    expect(statesOf(said, w.id)).toEqual(['syncing', 'synced']);
    expect((await ada.getQuote(sid)).introMessage).toBe('After the outage');
    expect(d.engine.status()).toMatchObject({ pendingCount: 0 });
    d.store.close();
  });

  it('reports a quote as pending when the user edits it while it is pushed, and pushes that edit next', async () => {
    let d: ReturnType<typeof device> | null = null;
    let quoteId = '';
    let edited = false;
    // The user types while the header is on its way to the server (a call boundary).
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (k === 'updateQuote' && !edited) {
          edited = true;
          d!.store.updateHeader(quoteId, { termsAndDisclaimers: 'Typed during the push' });
        }
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(t) : v;
      },
    }) as SyncApi;
    d = device(api, { pull: false });
    quoteId = d.store.createQuote({ client: CLIENTS.blueFjord }).id;
    d.store.updateHeader(quoteId, { introMessage: 'Before the push' });
    const events: EngineEvent[] = [];
    d.engine.on((e) => events.push(e));
    const said = saidStates(d.store);

    expect((await d.engine.syncOnce()).results[quoteId]).toBe('pending');
    expect(edited).toBe(true);
    expect(statesOf(said, quoteId)).toEqual(['syncing', 'pending']);
    const sid = d.store.getQuote(quoteId)!.serverId!;
    expect((await ada.getQuote(sid)).introMessage).toBe('Before the push');
    expect(d.store.getQuote(quoteId)!.dirty).toBe(true);

    expect((await d.engine.syncOnce()).results[quoteId]).toBe('synced');
    expect(statesOf(said, quoteId)).toEqual(['syncing', 'pending', 'syncing', 'synced']);
    const remote = await ada.getQuote(sid);
    expect([remote.introMessage, remote.termsAndDisclaimers]).toEqual([
      'Before the push',
      'Typed during the push',
    ]);
    d.store.close();
  });

  it('reports a quote in conflict as conflict (and counts it) until the user chooses, then synced', async () => {
    const d = device(ada, { pull: false });
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;
    d.store.updateHeader(w.id, { introMessage: 'Ada' });
    const q = await ben.getQuote(sid);
    await ben.updateQuote(sid, {
      expiresOn: q.expiresOn,
      introMessage: 'Ben',
      termsAndDisclaimers: q.termsAndDisclaimers,
      status: q.status,
      published: q.published,
    } as never);
    const events: EngineEvent[] = [];
    d.engine.on((e) => events.push(e));
    const said = saidStates(d.store);

    expect((await d.engine.syncOnce()).results[w.id]).toBe('conflict');
    expect(statesOf(said, w.id)).toEqual(['syncing', 'conflict']);
    expect(d.store.getQuote(w.id)!.syncState).toBe('conflict');
    expect(d.engine.status()).toMatchObject({ conflictCount: 1, pendingCount: 0 });

    takeMine(d.store, w.id);
    events.length = 0;
    said.length = 0;
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    expect(statesOf(said, w.id)).toEqual(['syncing', 'synced']);
    expect(d.engine.status()).toMatchObject({ conflictCount: 0, pendingCount: 0 });
    expect((await ben.getQuote(sid)).introMessage).toBe('Ada');
    d.store.close();
  });

  it('pushes at most `parallelism` quotes at once, and the calls of one quote one after the other in plan order', async () => {
    const N = 3;
    // Quotes already on the server: every round starts with its reads, reached by all workers
    // in the same tick, so an engine running more than N at once would show it here.
    const setup = device(ada, { pull: false });
    await primeCatalogue(setup.store, ada);
    const ids = Array.from(
      { length: 7 },
      (_, i) => setup.store.createQuote({ client: Object.values(CLIENTS)[i % 3]! }).id,
    );
    expect(Object.values((await setup.engine.syncOnce()).results)).toEqual(ids.map(() => 'synced'));
    for (const id of ids) {
      const [item] = setup.store.addLineItems(id, [
        { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 3 },
      ]);
      setup.store.updateHeader(id, { introMessage: `Parallel ${id.slice(0, 8)}` });
      setup.store.moveLineItem(id, item!, { sectionId: setup.store.createSection(id, 'Licences') });
    }

    const inFlight = new Map<string, { reads: number; writes: number }>();
    const writes = new Map<string, string[]>();
    const problems: string[] = [];
    let most = 0;
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (typeof v !== 'function') return v;
        const name = String(k);
        return async (...args: unknown[]) => {
          const quote = String(args[0]); // every call of a round names its quote's server id
          const read = name.startsWith('get') || name.startsWith('list');
          const f = inFlight.get(quote) ?? { reads: 0, writes: 0 };
          inFlight.set(quote, f);
          // Within a quote: a change never overlaps any other call of the same quote.
          if (f.writes || (!read && f.reads)) problems.push(`${name} overlaps on ${quote}`);
          if (read) f.reads++;
          else {
            f.writes++;
            writes.set(quote, [...(writes.get(quote) ?? []), name]);
          }
          most = Math.max(most, [...inFlight.values()].filter((x) => x.reads + x.writes).length);
          try {
            return await (v as (...x: unknown[]) => Promise<unknown>).apply(t, args);
          } finally {
            if (read) f.reads--;
            else f.writes--;
          }
        };
      },
    }) as SyncApi;
    setup.store.close();
    const d = device(api, { pull: false, parallelism: N }, setup.dir);

    const r = await d.engine.syncOnce();
    expect(Object.values(r.results)).toEqual(ids.map(() => 'synced'));
    expect(problems).toEqual([]);
    expect(most).toBe(N);
    for (const id of ids) {
      const sid = d.store.getQuote(id)!.serverId!;
      // Items, then sections, then the header last (its answer is the quote after every call).
      expect(writes.get(sid)).toEqual(['addLineItems', 'replaceSections', 'updateQuote']);
      expect((await ada.getQuote(sid)).introMessage).toBe(`Parallel ${id.slice(0, 8)}`);
    }
    d.store.close();
  });

  it('backs off: the wait doubles on each failed cycle, a 429 waits at least its Retry-After, and success returns to the pull interval', async () => {
    // The engine's own timers, seen as it schedules them (no wall-clock measurement): its
    // sleep is the only place in main/sync/engine.ts that calls setTimeout itself.
    const waits: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      fn: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      // The first frame outside this file and the spy's own code is the caller of setTimeout.
      const caller = new Error().stack
        ?.split('\n')
        .slice(1)
        .find((f) => !f.includes('node_modules') && !f.includes('engine.test.ts'));
      if (caller?.includes('main/sync/engine.ts')) waits.push(ms ?? 0);
      return Reflect.apply(realSetTimeout, globalThis, [fn, ms, ...rest]) as NodeJS.Timeout;
    }) as typeof setTimeout);
    try {
      // The dropped create journals a lost create; quotes of Ada's from the tests above would
      // be candidates for it (same user, within the window): the server view starts empty.
      for (let guard = 0; guard < 20; guard++) {
        const res = await ben.listQuotes({ account: 'partner', limit: 100 });
        if (!res.content.length) break;
        for (const q of res.content) await ben.deleteQuote(q.id);
      }
      // random 1: no jitter below the full exponential wait, so the waits are exact.
      const d = device(viaProxy, {
        pull: false,
        backoffBaseMs: 40,
        backoffMaxMs: 100_000,
        pullIntervalMs: 600_000,
        random: () => 1,
      });
      const w = d.store.createQuote({ client: CLIENTS.blueFjord });
      // Three cycles meet a dropped connection (the create, then twice the look for it),
      // the fourth a 429 asking for 1 s, longer than the 320 ms the backoff would wait.
      proxy.inject(
        { times: 3, fault: { kind: 'drop' } },
        { times: 1, fault: { kind: 'status', status: 429, retryAfter: '1' } },
      );
      const online: boolean[] = [];
      d.engine.on((e) => e.type === 'status' && !e.status.running && online.push(e.status.online));
      d.engine.start();
      await until(() => d.store.getQuote(w.id)?.syncState === 'synced', 'the quote to sync');
      await d.engine.stop();

      expect(waits).toEqual([40, 80, 160, 1000, 600_000]);
      expect(online).toEqual([false, false, false, true, true]);
      expect(proxy.seen.map((s) => s.status ?? s.fault).slice(0, 4)).toEqual([
        'drop',
        'drop',
        'drop',
        429,
      ]);
      // The dropped create never reached the server: one quote, made once.
      const sid = d.store.getQuote(w.id)!.serverId!;
      expect(
        (await ada.listQuotes({ account: 'user', limit: 100 })).content.map((q) => q.id),
      ).toEqual([sid]);
      expect(proxy.count('POST', '/v2/quotes')).toBe(2);
      d.store.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('pause during a push of many quotes: the quotes in flight finish, the rest stay pending and off the server; resume syncs them', async () => {
    let d: ReturnType<typeof device> | null = null;
    let creates = 0;
    // The user presses pause while the first quote is being created on the server.
    const api = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient] as unknown;
        if (k === 'createQuote' && creates++ === 0) d!.engine.pause();
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(t) : v;
      },
    }) as SyncApi;
    d = device(api, { pull: false, parallelism: 2, pullIntervalMs: 600_000 });
    const ids = Array.from(
      { length: 6 },
      (_, i) => d.store.createQuote({ client: Object.values(CLIENTS)[i % 3]! }).id,
    );
    let cyclesEnded = 0;
    d.engine.on((e) => e.type === 'status' && !e.status.running && cyclesEnded++);
    d.engine.start();
    await until(() => cyclesEnded >= 1, 'the paused cycle to end');

    // Both workers had taken a quote before the pause: those two finish, no other is taken.
    const done = ids.filter((id) => d.store.getQuote(id)!.serverId);
    expect(done).toHaveLength(2);
    for (const id of done) expect(d.store.getQuote(id)!.syncState).toBe('synced');
    expect(creates).toBe(2);
    expect(d.engine.status()).toMatchObject({ paused: true, running: false, pendingCount: 4 });
    for (const id of ids.filter((x) => !done.includes(x))) {
      expect(d.store.getQuote(id)!.dirty).toBe(true);
      expect(d.store.getQuote(id)!.serverId).toBeNull();
    }

    d.engine.resume();
    await until(
      () => ids.every((id) => d.store.getQuote(id)!.syncState === 'synced'),
      'every quote to sync after resume',
    );
    expect(creates).toBe(6);
    const sids = ids.map((id) => d.store.getQuote(id)!.serverId!);
    expect(new Set(sids).size).toBe(6);
    for (const [i, sid] of sids.entries())
      expect((await ada.getQuote(sid)).client.id).toBe(Object.values(CLIENTS)[i % 3]!.id);
    await d.engine.stop();
    d.store.close();
  });

  it('when idle, removes attachment files no quote refers to, but not one just written', async () => {
    const d = device(ada, { pull: false, pullIntervalMs: 50, filesGraceMs: 60_000 });
    const w = d.store.createQuote({ client: CLIENTS.acme });
    d.store.addAttachments(w.id, [{ name: 'kept.pdf', bytes: pdf('idle-kept') }]);
    const kept = d.store.getWork(w.id).attachments[0]!.sha256!;
    // Left by an interrupted download or a crash: written an hour ago, no row refers to it.
    const orphan = d.store.putFile(pdf('idle-orphan')).sha256;
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(d.store.filePath(orphan), hourAgo, hourAgo);
    // Written a moment ago: its row may be on its way.
    const fresh = d.store.putFile(pdf('idle-fresh')).sha256;

    d.engine.start();
    await until(() => !existsSync(d.store.filePath(orphan)), 'the orphan file to go');
    await d.engine.stop();
    expect(existsSync(d.store.filePath(fresh))).toBe(true);
    expect(existsSync(d.store.filePath(kept))).toBe(true);
    expect(d.store.getQuote(w.id)!.syncState).toBe('synced');
    d.store.close();
  });
});

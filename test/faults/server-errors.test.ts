// A partner's Quoting API failing: every request answered 500 for a while (the 500s made by the
// fault-injecting HTTPS proxy in front of a real server — a real server cannot fail on demand;
// everything else is its own answer). The salesperson keeps working the whole time. The app
// must answer throughout, say in words that the server is failing (no driver, Node or HTML
// text), and once the server is healthy send every edit, each quote once: a 5xx is an outcome
// unknown, so a create that may have happened is looked for before it is sent again.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../api/fault-proxy';
import { rng } from '../helpers/rng';
import { DEMO } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';
import { faultApps } from './app';
import { expectAnswering, expectNoRawText, tempDir } from './fixtures';
import {
  expectHere,
  expectOnServerOnce,
  NETWORK_RAW_TEXT,
  newQuotes,
  seededEdits,
  serverQuoteIds,
  settled,
  syncUnderWay,
} from './peers';

/** How long the server fails: the minute, compressed (the engine's backoff starts at 1 s). */
const WINDOW_MS = 12_000;

let server: StartedServer;
let proxy: FaultProxy;
beforeAll(async () => {
  server = await startServer();
  proxy = await startFaultProxy(server);
});
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});
// After the server's hooks, so its apps are killed before the server goes (hooks run as a stack).
const launch = faultApps();
const start = (dataDir: string) => launch({ dataDir });

describe('the partner API answering 500s for a while (500s from the fault-injecting proxy)', () => {
  const seed = 1;
  it(`the app answers throughout, says so in words, and every edit syncs once when healthy (seed ${seed})`, async () => {
    const next = rng(seed);
    const dataDir = tempDir(`server-errors-${seed}`);
    const app = await start(dataDir);
    // The partner's connection, through the proxy; tokens are for the server's own audience.
    const profile = await app.value('profiles.add', {
      name: 'Northwind',
      baseUrl: proxy.url,
      audience: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: fs.readFileSync(proxy.caFile, 'utf8'),
    });
    await app.value('profiles.switch', { profileId: profile.id });
    const quotes = await newQuotes(app, 3);
    const before = serverQuoteIds(server.dataDir);
    await seededEdits(app, quotes, 20, next, `seed ${seed}`);

    // The 500s start in the middle of the sync of these edits.
    const steps = 2 + Math.floor(next() * 8);
    await syncUnderWay(app, steps);
    proxy.inject({ times: Number.MAX_SAFE_INTEGER, fault: { kind: 'status', status: 500 } });
    const failingFrom = app.events.length;

    // The salesperson keeps working (and presses "Sync now") while the server fails.
    const end = Date.now() + WINDOW_MS;
    let edits = 0;
    while (Date.now() < end) {
      await seededEdits(app, quotes, 1, next, `seed ${seed} failing ${++edits}`);
      if (edits % 5 === 0) expectNoRawText('sync.runNow', await app.call('sync.runNow'));
      await expectAnswering(app);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(proxy.seen.filter((s) => s.status === 500).length).toBeGreaterThan(0);
    const status = await app.value('sync.status');
    expect(status.pendingCount).toBeGreaterThan(0);
    // Said in words: the server is failing, sync tries again; nothing of the request or the page.
    expect(status.lastError).toMatch(/server/i);
    const shown = app.events
      .slice(failingFrom)
      .filter((e) => e.event === 'sync.state' || e.event === 'sync.quoteState');
    for (const e of [...shown, { payload: status }]) {
      expectNoRawText('sync status', e.payload);
      expect(JSON.stringify(e.payload)).not.toMatch(NETWORK_RAW_TEXT);
    }
    expect(app.events.filter((e) => e.event === 'app.fault')).toEqual([]);

    // Healthy again: "Sync now" sends everything, once.
    proxy.clear();
    await settled(app);
    const serverIds = await expectHere(app, quotes);
    expectOnServerOnce(server.dataDir, before, quotes, serverIds);
    console.log(`[server-errors] seed ${seed}: ${edits} edits made while the server failed`);

    await app.stop();
    const after = await start(dataDir);
    await settled(after);
    await expectHere(after, quotes);
    expectOnServerOnce(server.dataDir, before, quotes, serverIds);
  });
});

// The embedded demo server killed for real (SIGKILL of the pid it wrote) in the middle of a sync
// round, while the salesperson goes on editing. The app must say so in words, bring the server
// back by itself, and send every edit to it without being restarted — each quote once.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rng } from '../helpers/rng';
import { faultApps, until } from './app';
import { expectAnswering, expectNoRawText, tempDir } from './fixtures';
import {
  embeddedServerDir,
  expectHere,
  expectOnServerOnce,
  NETWORK_RAW_TEXT,
  newQuotes,
  seededEdits,
  serverQuoteIds,
  settled,
  syncUnderWay,
} from './peers';

const launch = faultApps();

const start = (dataDir: string) => launch({ dataDir, noKeychain: true });

const serverPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(embeddedServerDir(dataDir), 'server.pid'), 'utf8').trim());

describe('the embedded server killed mid-round', () => {
  for (const seed of [1, 2]) {
    it(`the app says so, brings it back, and every edit reaches it without a restart, once (seed ${seed})`, async () => {
      const next = rng(seed);
      const dataDir = tempDir(`server-killed-${seed}`);
      const app = await start(dataDir);
      const quotes = await newQuotes(app, 3);
      const before = serverQuoteIds(embeddedServerDir(dataDir));
      await seededEdits(app, quotes, 40, next, `seed ${seed}`);

      const steps = 4 + Math.floor(next() * 10);
      await syncUnderWay(app, steps);
      const pid = serverPid(dataDir);
      process.kill(pid, 'SIGKILL');
      console.log(`[server-killed] seed ${seed}: server ${pid} killed after ${steps} steps`);

      // The salesperson goes on working meanwhile: answered, and kept.
      await seededEdits(app, quotes, 10, next, `seed ${seed} meanwhile`);
      await expectAnswering(app);
      const said = await until(
        () =>
          app.events.find((e) => e.event === 'embedded.state' && e.payload.state === 'restarting'),
        'the app to say the server stopped',
      );
      expectNoRawText('embedded.state', said);
      expect(said.payload.message).toMatch(/\w+ \w+ \w+/);
      await until(
        () => app.events.find((e) => e.event === 'embedded.state' && e.payload.state === 'running'),
        'the server to be back',
      );
      expect(serverPid(dataDir)).not.toBe(pid);

      await settled(app);
      const serverIds = await expectHere(app, quotes);
      expectOnServerOnce(embeddedServerDir(dataDir), before, quotes, serverIds);
      // Said once for the one stop, and every sync status on the way in words.
      const restarting = app.events.filter(
        (e) => e.event === 'embedded.state' && e.payload.state === 'restarting',
      );
      expect(restarting).toHaveLength(1);
      for (const e of app.events.filter(
        (e) => e.event === 'sync.state' || e.event === 'sync.quoteState',
      )) {
        expectNoRawText(e.event, e.payload);
        expect(JSON.stringify(e.payload)).not.toMatch(NETWORK_RAW_TEXT);
      }
      // While it was down, sync said so in words.
      const down = app.events.find((e) => e.event === 'sync.state' && e.payload.online === false);
      if (down) expect(down.payload.lastError).toMatch(/server cannot be reached/);
      expect(app.events.filter((e) => e.event === 'app.fault')).toEqual([]);
      await expectAnswering(app);

      // And after a restart of the app.
      await app.stop();
      const after = await start(dataDir);
      await settled(after);
      await expectHere(after, quotes);
      expectOnServerOnce(embeddedServerDir(dataDir), before, quotes, serverIds);
    });
  }
});

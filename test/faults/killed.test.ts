// The app's process killed for real (SIGKILL: no handler runs, nothing is flushed) at a seeded
// moment while it syncs 50 acknowledged edits to the embedded demo server, then started again
// on the same data folder. Every acknowledged edit must be here and on the server, and no quote
// may be there twice: a create whose answer died with the process is looked for before it is
// sent again.
import { describe, expect, it } from 'vitest';
import { rng } from '../helpers/rng';
import { faultApps } from './app';
import { expectAnswering, tempDir } from './fixtures';
import {
  embeddedServerDir,
  expectHere,
  expectOnServerOnce,
  newQuotes,
  seededEdits,
  serverQuoteIds,
  settled,
  syncUnderWay,
} from './peers';

const launch = faultApps();

const start = (dataDir: string, noKeychain: boolean) => launch({ dataDir, noKeychain });

describe('the app killed (SIGKILL) while it syncs 50 edits', () => {
  for (const [seed, noKeychain] of [
    [1, false],
    [2, true],
    [3, true],
  ] as const) {
    it(`every acknowledged edit is here and on the server once after a restart (seed ${seed}, ${noKeychain ? 'unencrypted' : 'encrypted'})`, async () => {
      const next = rng(seed);
      const dataDir = tempDir(`killed-${seed}`);
      const app = await start(dataDir, noKeychain);
      const quotes = await newQuotes(app, 3);
      const before = serverQuoteIds(embeddedServerDir(dataDir));
      await seededEdits(app, quotes, 50, next, `seed ${seed}`);

      // The moment: after the k-th step of the sync it reports, and a few ms more.
      // A sync of these 3 quotes reports about 16 steps (create, items, header, read back,
      // each per quote): the k-th is drawn among them, so the kill finds requests in flight.
      const steps = 4 + Math.floor(next() * 13);
      const extraMs = Math.floor(next() * 40);
      await syncUnderWay(app, steps);
      await new Promise((r) => setTimeout(r, extraMs));
      const pendingAtKill = (await app.value('sync.status')).pendingCount;
      await app.kill('SIGKILL');
      console.log(
        `[killed] seed ${seed}: killed after ${steps} steps + ${extraMs} ms, ${pendingAtKill} quotes still pending`,
      );

      const after = await start(dataDir, noKeychain);
      await expectAnswering(after);
      await settled(after);
      const serverIds = await expectHere(after, quotes);
      expectOnServerOnce(embeddedServerDir(dataDir), before, quotes, serverIds);
      // A kill is not a fault inside the app: nothing to apologise for, nothing in conflict.
      expect(after.events.filter((e) => e.event === 'app.fault')).toEqual([]);
      await expectAnswering(after);
    });
  }
});

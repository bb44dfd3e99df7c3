// The laptop's clock moved between two starts — set back a day, then forward a week (a dead
// CMOS battery, a time zone fixed by hand, a VM restored) — for real, with libfaketime under
// the app's process and the embedded server it starts. The app starts, answers, keeps every
// acknowledged edit, and syncs what was made meanwhile.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faultApps, until, type StartedApp } from './app';
import { expectAnswering, firstQuote, localEdits, tempDir } from './fixtures';

// Preloaded straight into the app's Node (not through the `faketime` command, whose own
// process would stand between the test and the app, and leave the app behind when killed).
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const hasFaketime = fs.existsSync(LIBFAKETIME);
if (!hasFaketime)
  console.log('[faults] the clock cases need faketime (npm run setup installs it): not run here');

const launch = faultApps();

const start = (dataDir: string, offset?: string) =>
  launch({ dataDir, ...(offset ? { env: { LD_PRELOAD: LIBFAKETIME, FAKETIME: offset } } : {}) });

/** Sync runs and settles with nothing left to send. */
async function synced(app: StartedApp) {
  await app.value('sync.resume');
  await app.value('sync.runNow');
  await until(
    async () => {
      const s = await app.value('sync.status');
      return !s.running && s.pendingCount === 0 && s.errorCount === 0 && !s.lastError;
    },
    'sync to settle with nothing pending',
    30_000,
  );
}

describe.runIf(hasFaketime)('the clock moved between starts (libfaketime)', () => {
  it('back a day, then forward a week: the app answers, keeps every edit and syncs it', async () => {
    const dataDir = tempDir('clock');
    const first = await start(dataDir);
    const quoteId = await firstQuote(first);
    await localEdits(first, quoteId, 'today');
    await first.stop();

    const back = await start(dataDir, '-1d');
    await expectAnswering(back);
    const yesterday = await localEdits(back, quoteId, 'a day back');
    expect((await back.value('quotes.get', { quoteId })).header.introMessage).toBe(
      yesterday.at(-1),
    );
    await synced(back);
    await back.stop();

    const ahead = await start(dataDir, '+7d');
    await expectAnswering(ahead);
    expect((await ahead.value('quotes.get', { quoteId })).header.introMessage).toBe(
      yesterday.at(-1),
    );
    const nextWeek = await localEdits(ahead, quoteId, 'a week ahead');
    await synced(ahead);
    const quote = await ahead.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(nextWeek.at(-1));
    expect(quote.sync.state).toBe('synced');
    await ahead.stop();
  });
});

// Errors that escape our code in the app's own process — thrown from a timer, from an event
// listener, a promise rejected with nobody waiting — injected by a preloaded test script
// (test/faults/inject/throws.cjs: a fault no real part makes on demand). The app logs them
// without their words, tells the salesperson once, and answers on; the same fault again and
// again restarts the core behind the same bridge, said in words, and it answers after.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultApps, until, type StartedApp } from './app';
import { expectAnswering, firstQuote, localEdits, tempDir } from './fixtures';

const INJECT = path.join(import.meta.dirname, 'inject', 'throws.cjs');
const launch = faultApps();

const faults = (app: StartedApp) =>
  app.events.filter((e) => e.event === 'app.fault').map((e) => e.payload);

describe('errors that escape in the app process (injected by a preloaded test script)', () => {
  it('from a timer, a listener and a promise: logged without their words, said once each kind, and the app answers on', async () => {
    const dataDir = tempDir('escaped');
    const app = await launch({
      dataDir,
      noKeychain: true,
      preload: INJECT,
      env: { QUOTEDESK_TEST_THROWS: '1' },
    });
    const quoteId = await firstQuote(app);
    process.kill(app.pid, 'SIGUSR2');
    await until(() => faults(app).length >= 3, 'the three faults to be told');
    await expectAnswering(app);
    expect(faults(app).every((f) => f.restarting === false)).toBe(true);
    expect(String(faults(app)[0]!.message)).toMatch(/kept running/);
    // Edits go on being kept.
    expect(await localEdits(app, quoteId, 'after the faults')).toHaveLength(2);
    const log = fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8');
    expect(log.match(/"event":"core.fault"/g)).toHaveLength(3);
    expect(log).not.toContain('Northwind Dental');
  });

  it('the same fault again and again: the core restarts behind the same address, says why, and answers after', async () => {
    const dataDir = tempDir('escaped-loop');
    const app = await launch({
      dataDir,
      noKeychain: true,
      preload: INJECT,
      env: { QUOTEDESK_TEST_THROWS: '6' },
    });
    const quoteId = await firstQuote(app);
    const acked = await localEdits(app, quoteId, 'before the loop');
    process.kill(app.pid, 'SIGUSR2');
    await until(() => faults(app).some((f) => f.restarting === true), 'the restart to be said');
    await until(
      () => faults(app).some((f) => /working again/.test(String(f.message))),
      'the core to be back',
    );
    await expectAnswering(app);
    const quote = await app.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(acked.at(-1));
    expect(await localEdits(app, quoteId, 'after the restart')).toHaveLength(2);
    const log = fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8');
    expect(log).toMatch(/"event":"core.restarted"/);
  });
});

// What one edit costs the link, counted from the real server's own request log: a line-item
// edit reads the quote (and writes the items, and reads the quote back), never the sections or
// the access list nobody touched; a burst of edits to one quote is sent as one round per
// settle window, not one round per keystroke. The engine runs its own loop, as in the app.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import type { SyncEngine } from '../../main/sync';
import type { StartedServer } from '../helpers/server';
import { CLIENTS, PRODUCTS, device, primeCatalogue } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;
let server: StartedServer;

officeForFile((office) => ({ ada, ben, server } = office));

/** The engine's settle window while typing (its default, named here for the bound below). */
const SETTLE_MS = 600;

interface Logged {
  method: string;
  route: string;
  quoteId?: string;
}

function requests(): Logged[] {
  return server
    .stderr()
    .split('\n')
    .filter((l) => l.includes('"event":"request"'))
    .map((l) => JSON.parse(l) as Logged);
}

/** The test's own marker request (settledLog) is no request of the app's. */
const marker = (r: Logged) => r.method === 'GET' && r.route === '/v2/quote-attachments';

/**
 * Every request answered so far, once the log has them all: the log is written a little after
 * each response, in order, so a request of our own made last is logged after all of them.
 */
async function settledLog(): Promise<Logged[]> {
  const before = requests().filter(marker).length;
  await ben.listLibrary();
  for (let i = 0; i < 400 && requests().filter(marker).length === before; i++)
    await new Promise((r) => setTimeout(r, 25));
  return requests();
}

/** Resolves once the engine reports the quote synced with nothing pending and no cycle running. */
function quiet(engine: SyncEngine): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const s = engine.status();
      if (!s.running && s.pendingCount === 0) {
        off();
        resolve();
      }
    };
    const off = engine.on((e) => {
      if (e.type === 'status') check();
    });
  });
}

describe('an edit costs the link what it must', () => {
  it('a quantity edit reads no sections or access list, and a burst is one round per settle window', async () => {
    const d = device(ada, { parallelism: 1, settleMs: SETTLE_MS });
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    const [m365] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 10 },
      { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 4 },
    ]);
    const section = d.store.createSection(w.id, 'Licences');
    d.store.moveLineItem(w.id, m365!, { sectionId: section });
    d.store.addAccessEntries(w.id, [{ email: 'buyer@acme.example', accountType: 'guest' }]);
    await d.engine.syncOnce();
    const serverId = d.store.getQuote(w.id)!.serverId!;
    const ofQuote = (log: Logged[]) => log.filter((r) => r.quoteId === serverId);

    d.store.onChange((e) => {
      if (e.quoteId === w.id && e.what !== 'base') d.engine.notifyChanged();
    });
    d.engine.start();
    try {
      // One quantity edit.
      let from = (await settledLog()).length;
      let done = quiet(d.engine);
      d.store.updateLineItems(w.id, [{ id: m365!, quantity: 11 }]);
      await done;
      let log = (await settledLog()).slice(from).filter((r) => !marker(r));
      const one = ofQuote(log).map((r) => `${r.method} ${r.route}`);
      console.log(`one quantity edit: ${log.length} requests on the link`, one);
      expect(one.filter((r) => /sections|access-list/.test(r))).toEqual([]);
      expect(one.filter((r) => r.startsWith('PUT') && r.endsWith('/line-items'))).toHaveLength(1);
      expect((await ben.getQuote(serverId)).lineItems.map((li) => li.quantity)).toContain(11);

      // A burst: 10 quantity edits, 150 ms apart (each one inside the settle window).
      from = (await settledLog()).length;
      done = quiet(d.engine);
      const started = Date.now();
      for (let q = 12; q <= 21; q++) {
        d.store.updateLineItems(w.id, [{ id: m365!, quantity: q }]);
        if (q < 21) await new Promise((r) => setTimeout(r, 150));
      }
      const span = Date.now() - started;
      await done;
      log = (await settledLog()).slice(from).filter((r) => !marker(r));
      const rounds = ofQuote(log).filter(
        (r) => r.method === 'PUT' && r.route.endsWith('/line-items'),
      );
      console.log(`10 edits over ${span} ms: ${log.length} requests, ${rounds.length} rounds`);
      // However slow the machine, no more than one round per settle window the burst spanned
      // (plus the one after it).
      expect(rounds.length).toBeLessThanOrEqual(1 + Math.floor(span / SETTLE_MS));
      expect(
        ofQuote(log).filter((r) => /sections|access-list/.test(r.route)),
        'no section or access-list reads',
      ).toEqual([]);
      // The last edit is what the server holds: nothing lost, nothing reordered.
      const held = (await ben.getQuote(serverId)).lineItems.map((li) => li.quantity);
      expect(held).toContain(21);
      expect(d.store.getQuote(w.id)!.dirty).toBe(false);
    } finally {
      await d.engine.stop();
      d.store.close();
    }
  }, 60_000);
});

describe('the settle window loses nothing', () => {
  it('edits still waiting out the settle window are sent when the app quits', async () => {
    // A window longer than the test: only the quit can send the edit.
    const d = device(ada, { parallelism: 1, settleMs: 600_000, settleMaxMs: 600_000 });
    const w = d.store.createQuote({ client: CLIENTS.acme });
    await d.engine.syncOnce();
    const serverId = d.store.getQuote(w.id)!.serverId!;
    d.engine.start();
    try {
      // The loop's first cycle (a pull) over, it sleeps: then the salesperson types and quits.
      await new Promise<void>((resolve) => {
        const off = d.engine.on((e) => {
          if (e.type === 'status' && !e.status.running && e.status.lastSyncAt) {
            off();
            resolve();
          }
        });
      });
      for (const text of ['N', 'Net', 'Net 30 days']) {
        d.store.updateHeader(w.id, { termsAndDisclaimers: text }, { coalesce: 'terms' });
        d.engine.notifyChanged();
      }
      expect((await ben.getQuote(serverId)).termsAndDisclaimers).toBe('');
    } finally {
      await d.engine.stop();
    }
    expect((await ben.getQuote(serverId)).termsAndDisclaimers).toBe('Net 30 days');
    expect(d.store.getQuote(w.id)!.dirty).toBe(false);
    // The round kept the typing as one step of undo.
    expect(d.store.getQuote(w.id)!.undoDepth).toBe(1);
    d.store.close();
  }, 60_000);
});

describe('leaving a field sends its edits at once', () => {
  /** Resolves once the loop's first cycle (a pull) is over and it sleeps. */
  const firstCycleOver = (engine: SyncEngine) =>
    new Promise<void>((resolve) => {
      const off = engine.on((e) => {
        if (e.type === 'status' && !e.status.running && e.status.lastSyncAt) {
          off();
          resolve();
        }
      });
    });

  it('the edits go on blur, before the settle window would have ended, in order', async () => {
    // A window longer than the test: only the blur can send the edits before the end.
    const d = device(ada, { parallelism: 1, settleMs: 600_000, settleMaxMs: 600_000 });
    const w = d.store.createQuote({ client: CLIENTS.acme });
    await d.engine.syncOnce();
    const serverId = d.store.getQuote(w.id)!.serverId!;
    const over = firstCycleOver(d.engine);
    d.engine.start();
    try {
      await over;
      const from = (await settledLog()).length;
      for (const text of ['N', 'Net', 'Net 30 days']) {
        d.store.updateHeader(w.id, { termsAndDisclaimers: text }, { coalesce: 'terms' });
        d.engine.notifyChanged();
      }
      expect(d.store.getQuote(w.id)!.dirty, 'the edits wait out the window').toBe(true);
      const done = quiet(d.engine);
      d.engine.flushQuote(w.id);
      await done;
      // Sent while the engine still runs (its window 10 min long): one round, the last text.
      expect((await ben.getQuote(serverId)).termsAndDisclaimers).toBe('Net 30 days');
      expect(d.store.getQuote(w.id)!.dirty).toBe(false);
      const log = (await settledLog()).slice(from).filter((r) => !marker(r));
      const writes = log.filter((r) => r.quoteId === serverId && r.method !== 'GET');
      expect(writes, 'one write for the three edits').toHaveLength(1);
      // An edit's cycle: the list is not pulled again.
      expect(log.filter((r) => r.method === 'GET' && r.route === '/v2/quotes')).toEqual([]);
    } finally {
      await d.engine.stop();
      d.store.close();
    }
  }, 60_000);

  it('while sync is paused, leaving a field sends nothing', async () => {
    const d = device(ada, { parallelism: 1, settleMs: 600_000, settleMaxMs: 600_000 });
    const w = d.store.createQuote({ client: CLIENTS.acme });
    await d.engine.syncOnce();
    const serverId = d.store.getQuote(w.id)!.serverId!;
    const over = firstCycleOver(d.engine);
    d.engine.start();
    try {
      await over;
      d.engine.pause();
      const from = (await settledLog()).length;
      let cycles = 0;
      d.engine.on((e) => {
        if (e.type === 'status' && e.status.running) cycles++;
      });
      d.store.updateHeader(w.id, { termsAndDisclaimers: 'Net 30 days' });
      d.engine.notifyChanged();
      d.engine.flushQuote(w.id);
      // A round the blur started would have begun before this request of ours is answered.
      const log = (await settledLog()).slice(from).filter((r) => !marker(r));
      expect(cycles, 'no cycle started').toBe(0);
      expect(log.filter((r) => r.quoteId === serverId)).toEqual([]);
      expect(d.store.getQuote(w.id)!.dirty).toBe(true);
      expect((await ben.getQuote(serverId)).termsAndDisclaimers).toBe('');
      // Resumed, the edit goes (nothing was lost).
      const done = quiet(d.engine);
      d.engine.resume();
      await done;
      expect((await ben.getQuote(serverId)).termsAndDisclaimers).toBe('Net 30 days');
    } finally {
      await d.engine.stop();
      d.store.close();
    }
  }, 60_000);
});

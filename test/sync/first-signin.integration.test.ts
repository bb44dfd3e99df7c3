// A first sign-in against the real server: every quote is listed from the list pages alone,
// before any aggregate is read; the aggregates follow in the background (fill.ts). Reads are
// held back by a gate around the real client so the test can look at the list in between;
// a lost connection is a NetworkError thrown by that wrapper (a fault the real server cannot
// produce on demand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, type ApiClient } from '../../main/api';
import { StoreValidationError } from '../../main/store';
import { PREVIEW_BUDGET, type SyncApi } from '../../main/sync';
import { detailOf } from '../../main/services/views';
import type { StartedServer } from '../helpers/server';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENTS, PRODUCTS, closeOffice, device, openOffice, pdf } from './harness';

let server: StartedServer;
let ada: ApiClient;
let ben: ApiClient;
/** Server ids of the quotes Ben made here, oldest first. */
const made: string[] = [];

beforeAll(async () => {
  ({ server, ada, ben } = await openOffice());
  const clients = [CLIENTS.acme, CLIENTS.blueFjord, CLIENTS.cedar];
  for (let i = 0; i < 9; i++) {
    const q = await ben.createQuote({ clientId: clients[i % 3]!.id });
    await ben.addLineItems(q.id, [
      {
        type: 'Standard',
        productId: PRODUCTS.m365,
        billingTerm: 'Monthly',
        quantity: i + 1,
        price: 20,
        effectiveDate: new Date().toISOString(),
      },
      {
        type: 'Custom',
        productName: `Onboarding ${i}`,
        productSku: `ONB-${i}`,
        billingTerm: 'One-Time',
        price: 100,
        cost: 60,
        initialTotal: 100,
        quantity: 1,
        effectiveDate: new Date().toISOString(),
      },
    ]);
    made.push(q.id);
  }
}, 60_000);
afterAll(() => closeOffice({ server, ada, ben }));

/** The real client, with aggregate reads held until `open()` and each quote read recorded. */
function gated(api: ApiClient) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const reads: string[] = [];
  let failAfter = Infinity;
  const wrapped: SyncApi = new Proxy(api, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function') return v;
      if (key !== 'getQuote' && key !== 'getSections' && key !== 'getAccessList')
        return v.bind(target);
      return async (...args: unknown[]) => {
        if (key === 'getQuote') reads.push(args[0] as string);
        await gate;
        if (reads.length > failAfter)
          throw new NetworkError('connection lost', 'GET', '/v2/quotes/{id}', 'ECONNRESET', false);
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    api: wrapped,
    reads,
    open: () => release(),
    loseConnectionAfter: (n: number) => (failAfter = n),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

describe('first sign-in: the list first, the quotes in the background', () => {
  it('lists every quote with its list facts before any aggregate arrives, then holds them all', async () => {
    const g = gated(ada);
    const d = device(g.api, { fillWindow: 4 });
    const total = (await ada.listQuotes({ account: 'partner', limit: 1 })).page.totalElements;
    const cycle = d.engine.syncOnce();
    await until(() => d.store.sync.listStubs().length === total);

    const listed = d.store.listQuotes({ account: 'partner', limit: 100 });
    expect(listed.page.totalElements).toBe(total);
    expect(listed.content.every((e) => e.stub)).toBe(true);
    const newest = await ben.getQuote(made[made.length - 1]!);
    const entry = listed.content.find((e) => e.serverId === newest.id)!;
    expect(entry.referenceCode).toBe(newest.referenceCode);
    expect(entry.lineItemCounts).toEqual({ custom: 1, msp: 0, total: 2 });
    expect(entry.totals.initialTotal.amount).toBe(newest.totals.initialTotal.amount);
    // Search and status counts work from the list entries alone.
    const byCode = d.store.listQuotes({ account: 'partner', search: newest.referenceCode });
    expect(byCode.content.map((e) => e.serverId)).toEqual([newest.id]);
    expect(d.store.listQuotes({ account: 'partner', search: 'Cedar' }).page.totalElements).toBe(
      listed.content.filter((e) => e.client.name.startsWith('Cedar')).length,
    );
    expect(listed.statusCounts.draft).toBeGreaterThanOrEqual(made.length);
    expect(d.engine.status().fill).toMatchObject({ total, listComplete: true, held: 0 });

    g.open();
    const r = await cycle;
    expect(r.retry).toBeNull();
    expect(d.store.sync.listStubs()).toEqual([]);
    expect(d.engine.status().fill).toBeUndefined();
    const local = d.store.getQuote(d.store.sync.localIdOf('quote', newest.id)!)!;
    expect(local.stub).toBe(false);
    expect(local.work.lineItems.map((li) => li.product.sku)).toEqual(
      newest.lineItems!.map((li) => li.product.sku),
    );
    // Newest first: the first read is the most recently changed quote.
    expect(g.reads[0]).toBe(entry.serverId);
    d.store.close();
  });

  it("quotes that arrive together land a few a turn, the window's calls answered in between", async () => {
    // The parts of every quote are held until all of them are here, so they arrive together.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let partsRead = 0;
    const api: SyncApi = new Proxy(ada, {
      get(target, key) {
        const v = Reflect.get(target, key, target) as unknown;
        if (typeof v !== 'function') return v;
        if (key !== 'getSections' && key !== 'getAccessList') return v.bind(target);
        return async (...args: unknown[]) => {
          const r = await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          partsRead++;
          await gate;
          return r;
        };
      },
    });
    // A turn's budget that one quote spends: each turn of the event loop lands one.
    const d = device(api, { fillWindow: 100, fillTurnBudgetMs: () => 0 });
    const cycle = d.engine.syncOnce();
    // Listed, and every quote to hold read up to its parts.
    const toHold = () => d.engine.status().fill?.total ?? -1;
    await until(() => toHold() > 1 && partsRead === 2 * toHold());
    const total = toHold();
    // What is left to hold, seen once a turn (as a call of the window would be answered).
    const left: number[] = [];
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      left.push(d.store.sync.stubCount());
      setImmediate(tick);
    };
    tick();
    release();
    expect((await cycle).retry).toBeNull();
    ticking = false;
    left.push(d.store.sync.stubCount());
    expect(left.at(-1)).toBe(0);
    // Every quote landed, and never more than one between two turns.
    expect(left[0]).toBe(total);
    const drops = left.slice(1).map((n, i) => left[i]! - n);
    expect(Math.max(...drops)).toBe(1);
    d.store.close();
  });

  it('a quote the user opens is read before the rest of the queue', async () => {
    const g = gated(ada);
    const d = device(g.api, { fillWindow: 1 });
    const cycle = d.engine.syncOnce();
    await until(() => g.reads.length === 1);
    const oldest = d.store.sync.localIdOf('quote', made[0]!)!;
    d.engine.opened(oldest);
    g.open();
    await cycle;
    // The read already under way when it was opened finishes first; the opened one is next.
    expect(g.reads.indexOf(made[0]!)).toBe(1);
    d.store.close();
  });

  it('a quote only listed cannot be edited, and says why', async () => {
    const g = gated(ada);
    const d = device(g.api, { fillWindow: 1 });
    const cycle = d.engine.syncOnce();
    await until(() => d.store.sync.listStubs().length > 0);
    const id = d.store.sync.localIdOf('quote', made[3]!)!;
    let error: unknown;
    try {
      d.store.updateHeader(id, { introMessage: 'Hello' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreValidationError);
    expect((error as StoreValidationError).details[0]).toMatchObject({ field: 'quote' });
    expect((error as Error).message).toMatch(/can be edited once it has been downloaded/);
    expect(() => d.store.deleteQuote(id)).toThrow(/downloaded/);
    const view = detailOf(d.store.getQuote(id)!, d.store as never);
    expect(view).toMatchObject({
      editable: false,
      accessListEditable: false,
      allowedTransitions: [],
      listOnly: { lineItemCounts: { total: 2 } },
    });
    expect(view.totals.initialTotal.amount).toBeGreaterThan(0);
    g.open();
    await cycle;
    d.store.updateHeader(id, { introMessage: 'Hello' });
    expect(d.store.getQuote(id)!.dirty).toBe(true);
    d.store.close();
  });

  it('a connection lost mid-fill, then a crash, resumes with no duplicate and no stale quote', async () => {
    const g = gated(ada);
    const d = device(g.api, { fillWindow: 2 });
    g.loseConnectionAfter(3);
    g.open();
    const r = await d.engine.syncOnce();
    expect(r.retry?.offline).toBe(true);
    const left = d.store.sync.listStubs().length;
    expect(left).toBeGreaterThan(0);
    const total = d.store.listQuotes({ account: 'partner', limit: 1 }).page.totalElements;
    expect(total).toBeGreaterThan(left);

    // Meanwhile a quote still only listed here changes on the server.
    const stale = d.store.sync.listStubs().at(-1)!;
    const q = await ben.getQuote(stale.serverId);
    await ben.updateQuote(stale.serverId, {
      expiresOn: q.expiresOn,
      introMessage: 'Changed while you were away',
      termsAndDisclaimers: q.termsAndDisclaimers,
      status: q.status,
      published: q.published,
    } as never);

    const again = d.reopen(ada); // the store closed as a crash would, a new engine on it
    const r2 = await again.engine.syncOnce();
    expect(r2.retry).toBeNull();
    expect(again.store.sync.listStubs()).toEqual([]);
    const all = again.store.listQuotes({ account: 'partner', limit: 100 });
    expect(all.page.totalElements).toBe(total);
    const ids = all.content.map((e) => e.serverId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(again.store.getWork(stale.quoteId).introMessage).toBe('Changed while you were away');
    again.store.close();
  });

  it('attachments for offline preview come after the aggregates, within the disk budget', async () => {
    const q = await ben.createQuote({ clientId: CLIENTS.cedar.id });
    const file = join(mkdtempSync(join(tmpdir(), 'quotedesk-fill-pdf-')), 'terms.pdf');
    writeFileSync(file, pdf(`fill-${Date.now()}`));
    await ben.uploadQuoteAttachments(q.id, [file]);

    const d = device(ada);
    d.store.setMeta(PREVIEW_BUDGET, 0); // no room at all
    await d.engine.syncOnce();
    const id = d.store.sync.localIdOf('quote', q.id)!;
    const held = () => d.store.getQuote(id)!.work.attachments.map((a) => a.sha256 !== null);
    expect(held()).toEqual([false]);
    expect(d.store.filesBytes()).toBe(0);

    d.store.setMeta(PREVIEW_BUDGET, 50); // MiB: room for it now
    await d.engine.syncOnce();
    expect(held()).toEqual([true]);
    expect(d.store.filesBytes()).toBeGreaterThan(0);
    d.store.close();
  });
});

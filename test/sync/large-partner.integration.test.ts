// A large partner's first sign-in against the real server: the salesperson's own quotes and
// those changed in the last 90 days are downloaded; older quotes of colleagues stay listed
// only (searchable), downloaded when opened or when every quote is kept offline. The server
// is seeded with old quotes (their last change years back, `updatedDaysAgo`); being offline
// is a real refused connection (a client pointed at a port nobody listens on).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { detailOf } from '../../main/services/views';
import { DEMO_SEED, startServer, type StartedServer } from '../helpers/server';
import { ADA, BEN, CLIENTS, PRODUCTS, client, device, type Device } from './harness';

const NORTHWIND = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';
const BEN_ID = '94e7568a-2bf9-4381-a0c2-2fbc6413fa3d';

/** Seeded quotes by reference code: who made (or owns) them and how long ago they changed. */
const QUOTES = {
  'OLD-BEN-1': { by: BEN_ID, days: 400 },
  'OLD-BEN-2': { by: BEN_ID, days: 500 },
  'OLD-BEN-3': { by: BEN_ID, days: 600 },
  'OLD-BEN-4': { by: BEN_ID, days: 200 },
  'OLD-ADA-1': { by: ADA.user.id, days: 700 },
  'OLD-OWNED-1': { by: BEN_ID, owner: ADA.user.id, days: 300 },
  'NEW-BEN-1': { by: BEN_ID, days: 10 },
} as const;
type Code = keyof typeof QUOTES;
const LISTED_ONLY: Code[] = ['OLD-BEN-1', 'OLD-BEN-2', 'OLD-BEN-3', 'OLD-BEN-4'];
const HELD: Code[] = ['OLD-ADA-1', 'OLD-OWNED-1', 'NEW-BEN-1'];

let server: StartedServer;
let ada: ApiClient;
let ben: ApiClient;
const serverIds = new Map<Code, string>();

beforeAll(async () => {
  const seed = JSON.parse(readFileSync(DEMO_SEED, 'utf8')) as { quotes?: unknown[] };
  seed.quotes ??= [];
  for (const [code, q] of Object.entries(QUOTES)) {
    const id = randomUUID();
    serverIds.set(code as Code, id);
    seed.quotes.push({
      id,
      partnerId: NORTHWIND,
      clientId: CLIENTS.cedar.id,
      createdBy: q.by,
      ...('owner' in q ? { ownedBy: q.owner } : {}),
      status: 'draft',
      referenceCode: code,
      createdDaysAgo: q.days,
      updatedDaysAgo: q.days,
      lineItems: [
        { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 3 },
        { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 2 },
      ],
    });
  }
  const file = join(mkdtempSync(join(tmpdir(), 'quotedesk-large-')), 'seed.json');
  writeFileSync(file, JSON.stringify(seed));
  server = await startServer({ seed: file });
  ada = client(server, ADA);
  ben = client(server, BEN);
}, 60_000);
afterAll(async () => {
  await ada?.close();
  await ben?.close();
  await server?.stop();
});

function local(d: Device, code: Code): string {
  return d.store.sync.localIdOf('quote', serverIds.get(code)!)!;
}

/** A client of the same server at a port nobody listens on: every call is refused. */
async function offlineClient(): Promise<ApiClient> {
  const port = await new Promise<number>((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
  return client(server, ADA, `https://127.0.0.1:${port}`);
}

describe('a large partner: own and recent quotes held, the rest listed only', () => {
  it('a first sign-in holds own and recent quotes whole and leaves old ones of colleagues listed only', async () => {
    const d = device(ada);
    const r = await d.engine.syncOnce();
    expect(r.retry).toBeNull();
    for (const code of HELD) {
      const q = d.store.getQuote(local(d, code))!;
      expect(q.stub, code).toBe(false);
      expect(q.work.lineItems).toHaveLength(2);
    }
    for (const code of LISTED_ONLY) {
      const q = d.store.getQuote(local(d, code))!;
      expect(q.stub, code).toBe(true);
      expect(q.work.lineItems).toEqual([]);
    }
    // Nothing left to download; the demo quotes (all recent) are held too.
    expect(d.store.sync.listStubs()).toEqual([]);
    expect(d.engine.status().fill).toBeUndefined();
    const counts = d.store.sync.heldCounts();
    expect(counts.listedOnly.count).toBe(LISTED_ONLY.length);
    expect(counts.listedOnly.bytes).toBeGreaterThan(0);
    expect(counts.queued).toBe(0);
    const total = (await ada.listQuotes({ account: 'partner', limit: 1 })).page.totalElements;
    expect(counts.held.count).toBe(total - LISTED_ONLY.length);
    // Listed like any quote, with the list's facts.
    const listed = d.store.listQuotes({ account: 'partner', limit: 100 });
    expect(listed.page.totalElements).toBe(total);
    const entry = listed.content.find((e) => e.referenceCode === 'OLD-BEN-2')!;
    expect(entry).toMatchObject({ stub: true, lineItemCounts: { total: 2 } });
    expect(entry.totals.recurringTotal.amount).toBeGreaterThan(0);
    // Each entry got a local id of its own that grows in the order listed (UUID version 8): a
    // listing of 100,000 appends to the indexes on the local id instead of writing all over them.
    const order = (
      await ada.listQuotes({ account: 'partner', sort: 'updatedOn,desc', limit: 100 })
    ).content.map((e) => d.store.sync.localIdOf('quote', e.id)!);
    expect(order).toHaveLength(total);
    for (const id of order)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...order].sort()).toEqual(order);
    expect(new Set(order).size).toBe(total);
    d.store.close();
  });

  it('a listed-only quote is found by search; opening it downloads it, and it stays held', async () => {
    const d = device(ada);
    await d.engine.syncOnce();
    const hit = d.store.listQuotes({ account: 'partner', search: 'OLD-BEN-3' });
    expect(hit.content.map((e) => e.referenceCode)).toEqual(['OLD-BEN-3']);
    expect(hit.content[0]!.stub).toBe(true);
    const byClient = d.store.listQuotes({ account: 'partner', search: 'Cedar', limit: 100 });
    expect(byClient.content.map((e) => e.referenceCode)).toEqual(
      expect.arrayContaining(LISTED_ONLY),
    );

    const id = local(d, 'OLD-BEN-3');
    // The window's quotes.get of a listed-only quote tells the engine; its next pass reads it.
    d.engine.opened(id);
    expect((await d.engine.syncOnce()).retry).toBeNull();
    expect(d.store.getQuote(id)!.stub).toBe(false);
    expect(d.store.getQuote(id)!.work.lineItems).toHaveLength(2);
    expect(d.store.sync.heldCounts().listedOnly.count).toBe(LISTED_ONLY.length - 1);

    // Later changes on the server: a listed-only quote keeps only its list entry (updated);
    // the opened one is held and refreshed like any held quote.
    const change = async (code: Code, intro: string) => {
      const q = await ben.getQuote(serverIds.get(code)!);
      await ben.updateQuote(q.id, {
        expiresOn: q.expiresOn,
        introMessage: intro,
        termsAndDisclaimers: q.termsAndDisclaimers,
        status: q.status,
        published: q.published,
      });
      return (await ben.getQuote(q.id)).updatedOn!;
    };
    const stamp = await change('OLD-BEN-1', 'Still only listed');
    await change('OLD-BEN-3', 'Opened and held');
    await d.engine.syncOnce();
    const listedOnly = local(d, 'OLD-BEN-1');
    expect(d.store.getQuote(listedOnly)!.stub).toBe(true);
    expect(d.store.sync.stubEntry(listedOnly)!.updatedOn).toBe(stamp);
    expect(d.store.getWork(id).introMessage).toBe('Opened and held');
    d.store.close();
  });

  it('"Keep all quotes offline" downloads every quote only listed', async () => {
    const d = device(ada);
    await d.engine.syncOnce();
    expect(d.store.sync.heldCounts().listedOnly.count).toBeGreaterThan(0);
    d.engine.keepAllOffline(true);
    await d.engine.syncOnce();
    expect(d.store.sync.heldCounts().listedOnly.count).toBe(0);
    for (const code of LISTED_ONLY) {
      const q = d.store.getQuote(local(d, code))!;
      expect(q.stub, code).toBe(false);
      expect(q.work.lineItems).toHaveLength(2);
    }
    d.store.close();
  });

  it('offline, opening a listed-only quote shows its list entry and says it is not here yet; it downloads once back online', async () => {
    const online = device(ada);
    await online.engine.syncOnce();
    const id = local(online, 'OLD-BEN-2');
    const off = online.reopen(await offlineClient());
    off.engine.opened(id);
    const r = await off.engine.syncOnce();
    expect(r.retry?.offline).toBe(true);
    const q = off.store.getQuote(id)!;
    expect(q.stub).toBe(true);
    const view = detailOf(q, off.store as never);
    expect(view).toMatchObject({ editable: false, listOnly: { lineItemCounts: { total: 2 } } });
    expect(() => off.store.updateHeader(id, { introMessage: 'x' })).toThrow(
      /only its list entry is on this computer yet/,
    );

    // Back online: the quote opened offline downloads with the next sync.
    const back = off.reopen(ada);
    await back.engine.syncOnce();
    expect(back.store.getQuote(id)!.stub).toBe(false);
    expect(back.store.getWork(id).lineItems).toHaveLength(2);
    back.store.close();
  });
});

// What the sync fault cases share: new quotes made with sync paused (one per client, so a
// create whose answer was lost has exactly one match on the server), a seeded mix of header and
// line edits with what each acknowledged edit must leave behind, and the checks that every one
// of them is here and on the server, once. The server's side is read from its own database
// file (read-only; the app is not involved), the one place that shows a duplicate for sure.
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { expect } from 'vitest';
import { until, type StartedApp } from './app';
import { expectNoRawText } from './fixtures';

/** What the acknowledged edits of one quote leave behind. */
export interface Expected {
  quoteId: string;
  clientId: string;
  intro: string;
  /** Line items by product name: local id and quantity. */
  items: Map<string, { lineItemId: string; quantity: number }>;
}

/** The embedded demo server's data folder inside the app's. */
export const embeddedServerDir = (dataDir: string) => path.join(dataDir, 'embedded-server');

interface ServerQuote {
  id: string;
  clientId: string;
  intro: string;
  deleted: boolean;
  items: Map<string, number>;
}

/** Every quote the server holds, read from its database (read-only, beside the running server). */
export function serverQuotes(serverDir: string): ServerQuote[] {
  const db = new Database(path.join(serverDir, 'quoting.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const rows = db
      .prepare('SELECT id, client_id, intro_message, deleted_on FROM quotes')
      .all() as {
      id: string;
      client_id: string;
      intro_message: string;
      deleted_on: string | null;
    }[];
    const lines = db.prepare('SELECT quote_id, product_name, quantity FROM line_items').all() as {
      quote_id: string;
      product_name: string;
      quantity: number;
    }[];
    return rows.map((r) => {
      const items = new Map<string, number>();
      for (const l of lines) if (l.quote_id === r.id) items.set(l.product_name, l.quantity);
      return {
        id: r.id,
        clientId: r.client_id,
        intro: r.intro_message,
        deleted: r.deleted_on !== null,
        items,
      };
    });
  } finally {
    db.close();
  }
}

/** `count` new drafts, each for another client of the catalogue, made with sync paused. */
export async function newQuotes(app: StartedApp, count: number): Promise<Expected[]> {
  await app.value('sync.pause');
  const clients = await until(
    async () => {
      const r = await app.call('catalogue.clients', {});
      return r.ok && r.value.content.length >= count ? r.value.content : undefined;
    },
    'the demo catalogue',
    60_000,
  );
  const out: Expected[] = [];
  for (const client of clients.slice(0, count)) {
    const q = await app.value('quotes.create', { clientId: client.id });
    out.push({
      quoteId: q.header.id,
      clientId: client.id,
      intro: q.header.introMessage,
      items: new Map(),
    });
  }
  return out;
}

/**
 * `count` seeded edits over `quotes` — an intro, a new custom line, a line's quantity — each
 * acknowledged, and recorded in `quotes` as what must stay.
 */
export async function seededEdits(
  app: StartedApp,
  quotes: Expected[],
  count: number,
  next: () => number,
  tag: string,
): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const q = quotes[Math.floor(next() * quotes.length)]!;
    const kind = next();
    const names = [...q.items.keys()];
    if (kind < 0.4) {
      const text = `${tag} intro ${i}`;
      const r = await app.call('quotes.updateHeader', { quoteId: q.quoteId, introMessage: text });
      expectNoRawText('quotes.updateHeader', r);
      if (!r.ok) throw new Error(`quotes.updateHeader: ${r.error.message}`);
      q.intro = text;
    } else if (kind < 0.75 || names.length === 0) {
      const name = `${tag} line ${i}`;
      const added = await app.value('lineItems.add', {
        quoteId: q.quoteId,
        items: [
          {
            type: 'Custom',
            productName: name,
            billingTerm: 'One-Time',
            quantity: 1,
            price: 100,
            cost: 60,
            initialTotal: 100,
          },
        ],
      });
      q.items.set(name, { lineItemId: added.lineItemIds[0]!, quantity: 1 });
    } else {
      const name = names[Math.floor(next() * names.length)]!;
      const item = q.items.get(name)!;
      const quantity = 2 + Math.floor(next() * 50);
      await app.value('lineItems.update', {
        quoteId: q.quoteId,
        lineItemId: item.lineItemId,
        patch: { quantity },
      });
      item.quantity = quantity;
    }
  }
}

/** Waits until sync has nothing pending, nothing parked and no error. */
/**
 * Sync resumed and asked to run; returns once it has reported `steps` steps of its round (a
 * moment inside it, for a fault to strike), or has nothing left to send.
 */
export async function syncUnderWay(app: StartedApp, steps: number): Promise<void> {
  const isStep = (e: { event: string }) =>
    e.event === 'sync.progress' || e.event === 'sync.quoteState';
  const from = app.events.length;
  await app.value('sync.resume');
  await app.value('sync.runNow');
  await until(
    async () =>
      app.events.slice(from).filter(isStep).length >= steps ||
      (await app.value('sync.status')).pendingCount === 0,
    'the sync to get going',
  );
}

export async function settled(app: StartedApp, timeoutMs = 60_000): Promise<void> {
  await app.value('sync.resume');
  await app.value('sync.runNow');
  await until(
    async () => {
      const s = await app.value('sync.status');
      expectNoRawText('sync.status', s);
      return (
        !s.running &&
        !s.paused &&
        s.pendingCount === 0 &&
        s.conflictCount === 0 &&
        s.errorCount === 0 &&
        !s.lastError &&
        s.lastSyncAt
      );
    },
    'sync to settle with nothing pending',
    timeoutMs,
  );
}

/** Every acknowledged edit is in the app; returns each quote's server id. */
export async function expectHere(app: StartedApp, quotes: Expected[]): Promise<string[]> {
  const ids: string[] = [];
  for (const q of quotes) {
    const got = await app.value('quotes.get', { quoteId: q.quoteId });
    expect(got.header.introMessage, q.quoteId).toBe(q.intro);
    const items = new Map(got.lineItems.map((l) => [l.product.name, l.quantity]));
    expect(items).toEqual(new Map([...q.items].map(([n, i]) => [n, i.quantity])));
    expect(got.header.serverId, `${q.quoteId} never reached the server`).toBeTruthy();
    ids.push(got.header.serverId!);
  }
  return ids;
}

/**
 * The server holds each quote once: of the quotes it did not hold before (`before`), exactly one
 * per new quote, none deleted, each with every acknowledged edit.
 */
export function expectOnServerOnce(
  serverDir: string,
  before: Set<string>,
  quotes: Expected[],
  serverIds: string[],
): void {
  const added = serverQuotes(serverDir).filter((s) => !before.has(s.id));
  const perClient = new Map<string, number>();
  for (const s of added) perClient.set(s.clientId, (perClient.get(s.clientId) ?? 0) + 1);
  expect(Object.fromEntries(perClient), 'a quote is on the server more than once').toEqual(
    Object.fromEntries(quotes.map((q) => [q.clientId, 1])),
  );
  expect(added.filter((s) => s.deleted)).toEqual([]);
  quotes.forEach((q, i) => {
    const s = added.find((a) => a.id === serverIds[i]);
    expect(s, `${q.quoteId}'s server quote`).toBeDefined();
    expect(s!.intro).toBe(q.intro);
    expect(s!.items).toEqual(new Map([...q.items].map(([n, it]) => [n, it.quantity])));
  });
}

/** The ids of every quote the server holds now. */
export const serverQuoteIds = (serverDir: string) =>
  new Set(serverQuotes(serverDir).map((s) => s.id));

/**
 * What a failed connection's own words look like — Node's and the HTTP client's codes, the
 * request line, the page a failing server sent — none of it for a salesperson.
 */
export const NETWORK_RAW_TEXT =
  /ECONN\w+|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|UND_ERR|socket hang up|network error|\b(GET|PUT|POST|DELETE|PATCH) \/v\d|<html|<body/i;

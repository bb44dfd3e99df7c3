// The partner's list read a few pages at a time, against the real server behind the proxy:
// a server whose pages are smaller than asked for, and quotes created or deleted by a
// colleague while the pages are read (the proxy holds page 1 until the colleague is done: a
// moment the real server cannot be asked to produce).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMALL_PAGES } from '../api/dialects';
import { CLIENTS, device, type Device } from './harness';
import { proxiedOfficeForFile } from './office';

const office = proxiedOfficeForFile();
beforeAll(async () => {
  const clients = [CLIENTS.acme, CLIENTS.blueFjord, CLIENTS.cedar];
  for (let i = 0; i < 12; i++) await office.ben.createQuote({ clientId: clients[i % 3]!.id });
}, 60_000);
beforeEach(() => office.proxy.speak(SMALL_PAGES));

/** Server ids of every quote of the partner, as the server lists them now. */
async function serverIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const r = await office.ada.listQuotes({ account: 'partner', limit: 100, page });
    ids.push(...r.content.map((e) => e.id));
    if (page + 1 >= r.page.totalPages) return ids.sort();
  }
}

/** Server ids of the quotes this device lists (each as often as it is listed). */
function listedIds(d: Device): string[] {
  const r = d.store.listQuotes({ account: 'partner', limit: 100 });
  return r.content.map((e) => e.serverId!).sort();
}

const LIST = /^\/v2\/quotes$/;

/** Holds the request for list page `n` (once) until `during` has run. */
function holdPage(n: number, during: () => Promise<unknown>): void {
  let done = false;
  office.proxy.inject({
    method: 'GET',
    path: LIST,
    times: 1000,
    fault: {
      kind: 'hold',
      until: async (url) => {
        const page = Number(new URL(url, 'https://x').searchParams.get('page') ?? 0);
        if (page !== n || done) return;
        done = true;
        await during();
      },
    },
  });
}

/** List requests the server has answered so far (through the proxy). */
const listAnswered = () =>
  office.proxy.seen.filter((r) => r.method === 'GET' && LIST.test(r.path) && r.status).length;

/** Until the server has answered `n` more list pages than `from` (bounded). */
async function answeredMore(from: number, n: number): Promise<void> {
  for (let i = 0; i < 500 && listAnswered() - from < n; i++)
    await new Promise((r) => setTimeout(r, 10));
  if (listAnswered() - from < n) throw new Error(`${n} list pages were not answered in time`);
}

describe('the partner list, a few pages at a time', () => {
  it('a server that lists 3 quotes a page whatever the limit: every quote is listed, each page asked for once', async () => {
    const d = device(office.viaProxy);
    const r = await d.engine.syncOnce();
    expect(r.retry).toBeNull();
    const ids = await serverIds();
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(listedIds(d)).toEqual(ids);
    // Each partner page once; every quote is recent, so none stays only listed and the
    // salesperson's own list (read to choose what is held offline) is not read at all.
    expect(office.proxy.count('GET', LIST)).toBe(Math.ceil(ids.length / 3));
    d.store.close();
  });

  it('a quote deleted while the pages are read: the quote the shift skipped is listed by the next sync', async () => {
    const before = await office.ada.listQuotes({
      account: 'partner',
      sort: 'updatedOn,desc',
      limit: 6,
    });
    const [newest] = before.content;
    // Ben's newest quote is on page 0; once it is gone, page 1 starts one entry later.
    const shifted = before.content[3]!.id;
    holdPage(1, () => office.ben.deleteQuote(newest!.id));
    const d = device(office.viaProxy);
    expect((await d.engine.syncOnce()).retry).toBeNull();
    expect(listedIds(d)).not.toContain(shifted); // the fault happened as planned

    expect((await d.engine.syncOnce()).retry).toBeNull();
    expect(listedIds(d)).toEqual(await serverIds());
    expect(listedIds(d)).toContain(shifted);
    d.store.close();
  });

  it('a quote changed while several pages are in flight moves to the top: no quote twice, and every quote with its latest change after the next sync', async () => {
    const before = await office.ada.listQuotes({
      account: 'partner',
      sort: 'updatedOn,desc',
      limit: 100,
    });
    const oldest = before.content[before.content.length - 1]!;
    // A first listing asks for every page once page 0 is in; page 1 is answered after the
    // change, every other one before it.
    const pages = Math.ceil(before.page.totalElements / 3);
    const from = listAnswered();
    holdPage(1, async () => {
      await answeredMore(from, pages - 1);
      await office.ben.createSection(oldest.id, 'Moved');
    });
    const d = device(office.viaProxy);
    expect((await d.engine.syncOnce()).retry).toBeNull();
    const first = listedIds(d);
    expect(new Set(first).size).toBe(first.length);
    // The changed quote moved to the top, and every entry before its old place one down: page
    // 1, read after the change, begins with the last entry of page 0 and ends one short of
    // where page 2, read before it, begins. That one quote is skipped (the listing is unsettled
    // and keeps its mark); every other is listed already, the changed one at its old stamp.
    const skipped = before.content[5]!.id;
    expect(first).not.toContain(skipped);
    const others = (await serverIds()).filter((id) => id !== oldest.id && id !== skipped);
    expect(first.filter((id) => id !== oldest.id)).toEqual(others);

    expect((await d.engine.syncOnce()).retry).toBeNull();
    expect(listedIds(d)).toEqual(await serverIds());
    const changed = await office.ada.getQuote(oldest.id);
    expect(changed.updatedOn).not.toBe(oldest.updatedOn);
    const entry = d.store
      .listQuotes({ account: 'partner', limit: 100 })
      .content.find((e) => e.serverId === oldest.id)!;
    expect(Date.parse(entry.updatedOn)).toBe(Date.parse(changed.updatedOn!));
    d.store.close();
  });

  it('a quote created while the pages are read: no quote twice, and the new one comes with the next sync', async () => {
    let created = '';
    holdPage(1, async () => {
      created = (await office.ben.createQuote({ clientId: CLIENTS.cedar.id })).id;
    });
    const d = device(office.viaProxy);
    expect((await d.engine.syncOnce()).retry).toBeNull();
    const first = listedIds(d);
    expect(new Set(first).size).toBe(first.length);

    expect((await d.engine.syncOnce()).retry).toBeNull();
    expect(listedIds(d)).toEqual(await serverIds());
    expect(listedIds(d)).toContain(created);
    d.store.close();
  });
});

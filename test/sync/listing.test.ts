// How the list's pages are asked for and taken (main/sync/listing.ts), with pages held in
// memory and answered when the test says: how many are in flight at once, and which arrive
// together, is what is checked here, and no server can be told to answer in a given order.
// The same listing against the real server is test/sync/listing.integration.test.ts.
import { describe, expect, it } from 'vitest';
import type { ListContent, ListResponse } from '../../common/api';
import { listChanged, MAX_TAKEN } from '../../main/sync/listing';

const PER_PAGE = 2;

/** `n` entries, newest change first. */
function entries(n: number): ListContent[] {
  const t0 = Date.parse('2026-06-01T00:00:00Z');
  return Array.from(
    { length: n },
    (_, i) =>
      ({
        id: `q-${String(i).padStart(4, '0')}`,
        updatedOn: new Date(t0 - i * 60_000).toISOString(),
      }) as ListContent,
  );
}

/** A list whose pages wait until `answer` is called; `inFlight` are the pages asked, not answered. */
function heldList(all: ListContent[]) {
  const totalPages = Math.ceil(all.length / PER_PAGE);
  const waiting = new Map<number, () => void>();
  const asked: number[] = [];
  let most = 0;
  return {
    asked,
    get most() {
      return most;
    },
    inFlight: () => [...waiting.keys()],
    page(n: number): Promise<ListResponse | null> {
      asked.push(n);
      return new Promise((resolve) => {
        waiting.set(n, () =>
          resolve({
            content: all.slice(n * PER_PAGE, (n + 1) * PER_PAGE),
            page: { number: n, size: PER_PAGE, totalElements: all.length, totalPages },
            statusCounts: {},
          } as ListResponse),
        );
        most = Math.max(most, waiting.size);
      });
    },
    /** Answers these pages (in the order given). */
    answer(pages: number[]) {
      for (const n of pages) {
        waiting.get(n)?.();
        waiting.delete(n);
      }
    },
  };
}

const turn = () => new Promise((r) => setTimeout(r, 0));

/** A full listing of `all` (no mark), 8 pages in flight at most, each `onPage` kept. */
function listingOf(all: ListContent[]) {
  const list = heldList(all);
  const batches: string[][] = [];
  const listing = listChanged({
    page: (n) => list.page(n),
    markMs: -Infinity,
    window: 8,
    onPage: (fresh) => {
      batches.push(fresh.map((e) => e.id));
    },
  });
  return { list, batches, listing };
}

describe('listing the partner’s quotes, several pages at a time', () => {
  it('with no mark: asks for page 0 alone, then the whole window at once; pages that arrived together are taken together, in list order, each quote once', async () => {
    const all = entries(60); // 30 pages
    const { list, batches, listing } = listingOf(all);
    await turn();
    expect(list.inFlight()).toEqual([0]);
    list.answer([0]);
    await turn();
    expect(list.inFlight()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Every page in flight answered at once, the last first: they are taken as one.
    for (let round = 0; round < 30 && list.inFlight().length > 0; round++) {
      list.answer(list.inFlight().reverse());
      await turn();
    }
    const r = await listing;
    expect(list.most).toBe(8);
    expect(r.listed).toBe(60);
    expect(r.settled).toBe(true);
    expect(batches.flat()).toEqual(all.map((e) => e.id));
    expect(batches.length).toBeLessThan(30);
    expect(Math.max(...batches.map((b) => b.length))).toBeGreaterThan(PER_PAGE);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(MAX_TAKEN * PER_PAGE);
    expect([...new Set(list.asked)]).toEqual(list.asked); // each page asked once
  });

  it('keeps in its changes only the entries each page’s taker kept, and still counts every one', async () => {
    const all = entries(20); // 10 pages
    const list = heldList(all);
    const listing = listChanged({
      page: (n) => list.page(n),
      markMs: -Infinity,
      window: 4,
      // As a first sign-in's pull: the entries stored as stubs are done with.
      onPage: (fresh) => fresh.filter((e) => e.id.endsWith('7')),
    });
    for (let round = 0; round < 20; round++) {
      await turn();
      list.answer(list.inFlight());
    }
    const r = await listing;
    expect(r.changed.map((e) => e.id)).toEqual(['q-0007', 'q-0017']);
    expect(r.listed).toBe(20);
    expect(r.newest).toBe(all[0]!.updatedOn);
    expect(r.settled).toBe(true);
  });

  it('down to a mark: the window doubles from one page, so a pull that ends early asks for few pages it does not need', async () => {
    const all = entries(40); // 20 pages
    const list = heldList(all);
    const markMs = Date.parse(all[3]!.updatedOn); // page 1 ends at the mark
    const listing = listChanged({
      page: (n) => list.page(n),
      markMs,
      window: 16,
      onPage: () => {},
    });
    await turn();
    expect(list.inFlight()).toEqual([0]);
    list.answer([0]);
    await turn();
    expect(list.inFlight()).toEqual([1, 2]);
    for (let round = 0; round < 10 && list.inFlight().length > 0; round++) {
      list.answer(list.inFlight());
      await turn();
    }
    const r = await listing;
    expect(r.changed).toHaveLength(4);
    expect(list.asked).toEqual([0, 1, 2]); // not the 16 pages of a whole window
  });

  it('takes with a page the answers read just after it (a body read in the next turn of the event loop, as from a socket)', async () => {
    const all = entries(12); // 6 pages
    const { list, batches, listing } = listingOf(all);
    await turn();
    list.answer([0]);
    await turn();
    expect(list.inFlight()).toEqual([1, 2, 3, 4, 5]);
    // Page 1's answer, then page 2's one turn later: one write for both.
    list.answer([1]);
    setImmediate(() => list.answer([2]));
    for (let round = 0; round < 10; round++) {
      await turn();
      list.answer(list.inFlight());
    }
    await listing;
    expect(batches[1]).toEqual(all.slice(2, 6).map((e) => e.id));
  });

  it('a page answered before the one ahead of it waits for it: nothing is taken out of order, nothing after the mark', async () => {
    const all = entries(20); // 10 pages
    const list = heldList(all);
    const batches: string[][] = [];
    const markMs = Date.parse(all[12]!.updatedOn); // page 6 holds the mark
    const listing = listChanged({
      page: (n) => list.page(n),
      markMs,
      window: 16,
      onPage: (fresh) => {
        batches.push(fresh.map((e) => e.id));
      },
    });
    await turn();
    list.answer([0]);
    await turn();
    list.answer([2]); // page 1 is still on its way
    await turn();
    expect(batches).toEqual([all.slice(0, 2).map((e) => e.id)]);
    for (let round = 0; round < 10 && list.inFlight().length > 0; round++) {
      list.answer(list.inFlight().reverse());
      await turn();
    }
    const r = await listing;
    expect(batches.flat()).toEqual(all.slice(0, 13).map((e) => e.id));
    expect(r.changed.map((e) => e.id)).toEqual(all.slice(0, 13).map((e) => e.id));
  });
});

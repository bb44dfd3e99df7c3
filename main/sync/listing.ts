// The partner's quote list, newest change first, down to the last pull's mark. Page 0 says
// how many pages there are; the pages after it are asked for a few at a time (a first
// sign-in's 100 pages one after another cost 100 round trips) and taken in page order, so
// the stop at the mark and the stubs land as they would one page at a time.
//
// Offset pages are no snapshot: a quote created, changed or deleted while the pages are read
// moves the entries behind it by one, so an entry may come twice (harmless: entries are kept
// by server id, and taken once here) or not at all. A changed quote is newer than any stamp
// seen here and comes with the next pull. A create or delete shows as another total in a
// later answer, and a full listing that saw fewer quotes than the server holds skipped some:
// either makes the listing unsettled, and the pull then keeps its old mark, so the next pull
// lists those pages again.
import type { ListContent, ListResponse } from '../../common/api';

export interface ListingOptions {
  /** One page of the list, newest change first; null past the end (a 404 the spec allows). */
  page(n: number): Promise<ListResponse | null>;
  /** Entries changed before this moment (ms) are older than the last pull: the listing stops. */
  markMs: number;
  /** Pages asked for at the same time after page 0. */
  window: number;
  /** Entries of one page not seen before (in list order), before the next page is taken. */
  onPage(fresh: ListContent[], listed: number, total: number): void;
}

export interface Listing {
  /** Entries changed since the mark, in list order, each quote once. */
  changed: ListContent[];
  /** Quotes seen, each once. */
  listed: number;
  /** How many the server holds, by its last answer. */
  total: number;
  /** The newest change stamp seen, if any. */
  newest: string | undefined;
  /** False when the list moved under the pages (see above): the mark must not move. */
  settled: boolean;
}

export async function listChanged(o: ListingOptions): Promise<Listing> {
  const seen = new Set<string>();
  const changed: ListContent[] = [];
  let newest: string | undefined;
  let newestMs = -Infinity;
  let totals: number | undefined;
  let settled = true;
  let total = 0;
  let pages = 1; // known from page 0's answer
  let cutAtMark = false;

  const asked = new Map<number, Promise<ListResponse | null>>();
  let next = 0;
  let done = false;
  const ask = () => {
    for (; !done && next < pages && asked.size < Math.max(1, o.window); next++) {
      const p = o.page(next);
      p.catch(() => {}); // awaited in page order below; an earlier failure must not leave it unhandled
      asked.set(next, p);
    }
  };

  try {
    for (let n = 0; ; n++) {
      ask();
      const pending = asked.get(n);
      if (!pending) break;
      const res = await pending;
      asked.delete(n);
      if (!res || res.content.length === 0) break;
      if (totals === undefined) totals = res.page.totalElements;
      else if (res.page.totalElements !== totals) settled = false;
      total = res.page.totalElements;
      // The latest answer's count: pages added by a create mid-listing are read too.
      pages = res.page.totalPages;

      const fresh: ListContent[] = [];
      for (const e of res.content) {
        const t = Date.parse(e.updatedOn);
        // Equal times are taken again: another change may share the mark's timestamp.
        if (t < o.markMs) {
          cutAtMark = true;
          break;
        }
        if (seen.has(e.id)) continue;
        seen.add(e.id);
        fresh.push(e);
        if (t > newestMs) {
          newestMs = t;
          newest = e.updatedOn;
        }
      }
      changed.push(...fresh);
      o.onPage(fresh, seen.size, total);
      if (cutAtMark || n + 1 >= pages) break;
    }
  } finally {
    done = true; // pages still in flight are not read
  }
  if (!cutAtMark && seen.size < total) settled = false;
  return { changed, listed: seen.size, total, newest, settled };
}

// The partner's quote list, newest change first, down to the last pull's mark. Page 0 says
// how many pages there are; the pages after it are asked for several at a time — a first
// sign-in's 1,000 pages one after another would cost 1,000 round trips. A listing down to a
// mark doubles its window from one page to `window` as pages come in, so a pull that ends on
// page 1 or 2 asks for few pages it does not need; one with no mark (a first sign-in, the
// own list) wants every page and asks for the whole window at once. Pages are taken in page
// order, so the stop at the mark and the stubs land as they would one page at a time; the
// pages already here when one is taken are taken with it, one `onPage` for them all (the
// store writes them in one transaction: when the pages come faster than they are stored,
// fewer and larger writes catch up).
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
  /** Pages asked for at the same time, at most (the window grows to it from one). */
  window: number;
  /**
   * Entries of one page or more not seen before (in list order), before the next pages are
   * taken: the pages that had arrived, at most `MAX_TAKEN` of them. Returns those of them the
   * caller wants in `changed` (all, when it returns nothing): a first sign-in's 100,000 entries
   * are stored as they come, and held until the listing ends they outlived V8's young
   * generation — every collection copied them, and the old one marked them again.
   */
  onPage(fresh: ListContent[], listed: number, total: number): ListContent[] | void;
}

export interface Listing {
  /** Entries changed since the mark, in list order, each quote once (those `onPage` kept). */
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

/**
 * Pages taken with one `onPage` at most: a write of ~2,000 entries holds the thread 0.1–0.2 s.
 * Each commit rewrites the pages of the server-id index its random ids landed on: writes of
 * 2,000 entries instead of 1,000 wrote a 100,000-quote listing's WAL with 250 MB, not 364, and
 * cost the app 0.5 s less CPU.
 */
export const MAX_TAKEN = 20;

type Answer = { ok: true; res: ListResponse | null } | { ok: false };

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
  /** Answers that have arrived, by page (a failure is left to the await that meets it). */
  const arrived = new Map<number, Answer>();
  let next = 0;
  let taken = 0;
  let done = false;
  // With no mark every page is wanted: once page 0 says how many there are, the whole window
  // is asked for at once (doubling from one cost a first sign-in two more round trips).
  const everyPage = o.markMs === -Infinity;
  const ask = () => {
    const window = everyPage ? o.window : Math.max(1, Math.min(o.window, 2 ** taken));
    for (; !done && next < pages && asked.size < window; next++) {
      const n = next;
      const p = o.page(n);
      p.then(
        (res) => arrived.set(n, { ok: true, res }),
        () => arrived.set(n, { ok: false }),
      );
      asked.set(n, p);
    }
  };

  /** Pages of the current batch that had entries. */
  let full = 0;
  /** Takes one page's answer; false when the list ends with it. */
  const take = (n: number, res: ListResponse | null, fresh: ListContent[]): boolean => {
    asked.delete(n);
    arrived.delete(n);
    taken++;
    if (!res || res.content.length === 0) return false;
    full++;
    if (totals === undefined) totals = res.page.totalElements;
    else if (res.page.totalElements !== totals) settled = false;
    total = res.page.totalElements;
    // The latest answer's count: pages added by a create mid-listing are read too.
    pages = res.page.totalPages;
    for (const e of res.content) {
      const t = Date.parse(e.updatedOn);
      // Equal times are taken again: another change may share the mark's timestamp.
      if (t < o.markMs) {
        cutAtMark = true;
        return false;
      }
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      fresh.push(e);
      if (t > newestMs) {
        newestMs = t;
        newest = e.updatedOn;
      }
    }
    return n + 1 < pages;
  };

  try {
    for (let n = 0; ;) {
      ask();
      const pending = asked.get(n);
      if (!pending) break;
      const fresh: ListContent[] = [];
      full = 0;
      let more = take(n, await pending, fresh);
      n++;
      // Answers already received but not yet read (their bodies wait behind this turn of the
      // event loop) go with it: one write of several pages costs less than one per page.
      if (more) await new Promise((r) => setImmediate(r));
      // The pages after it that are here already go with it.
      for (let k = 1; more && k < MAX_TAKEN; k++, n++) {
        const a = arrived.get(n);
        if (!a?.ok || !asked.has(n)) break;
        more = take(n, a.res, fresh);
      }
      const kept = full > 0 ? o.onPage(fresh, seen.size, total) : undefined;
      changed.push(...(Array.isArray(kept) ? kept : fresh));
      if (!more) break;
    }
  } finally {
    done = true; // pages still in flight are not read
  }
  if (!cutAtMark && seen.size < total) settled = false;
  return { changed, listed: seen.size, total, newest, settled };
}

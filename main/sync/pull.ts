// Incremental pull: the API has no "changed since" filter, so page through the partner's
// quotes newest change first and stop at the first one older than the last pull; refresh
// (or import) those. Remote deletes leave no trace in the list: when the server holds fewer
// quotes than we know, one pass over the ids finds which are gone.
import type { ListContent } from '../../common/api';
import type { RemoteAggregate } from '../store';
import { behindOf, PARTS, readAggregate } from './aggregate';
import { sameStamp } from './parts';
import { PARKED_CREATE } from './conflict-store';
import { isGone, pageOrEnd } from './errors';
import { listChanged, type Listing } from './listing';
import type { SyncApi, SyncStore } from './ports';

export const LAST_PULL = 'sync.lastPull';
/** Meta key: "Keep all quotes offline" — every listed quote is downloaded, not only some. */
export const KEEP_ALL_OFFLINE = 'sync.keepAllOffline';
/**
 * A quote not held yet is downloaded in the background when it changed this recently (or is
 * the salesperson's own, or every quote is kept offline); an older one is only listed, and
 * downloaded when opened. A partner with 100,000 quotes need not fill a laptop with years of
 * colleagues' quotes.
 */
export const HOLD_RECENT_DAYS = 90;
const PAGE = 100;
/**
 * List pages asked for at the same time, at most: a page costs the server a few ms and the
 * link a round trip (50 ms on the bench's), and the app stores the pages that arrived together
 * in one write of up to 20 pages (listing.ts, MAX_TAKEN) while the next ones come. The window
 * must hold more than two such writes: with 32, the 20 pages asked for after a write arrived
 * a round trip and 20 pages of the server's time later, and the app, done with the 12 still in
 * flight, waited for them — a 100,000-quote listing took 6.6 s, 4.9 s with 64 (16 had left it
 * waiting a third of the time). Over HTTP/2 they share one connection (the flow-control window
 * holds 64 pages of 70 KB, api/agent.ts); a 429 is retried after its Retry-After by the
 * client (api/retry.ts).
 */
const LIST_WINDOW = 64;

export interface PullContext {
  api: SyncApi;
  store: SyncStore;
  /** Local ids of quotes with a server id (server id → local id). */
  knownServerQuotes(): Map<string, string>;
  afterImport?(quoteId: string): Promise<void>;
  onStep?(step: string): void;
  /** Changed quotes read at the same time. Default 1. */
  parallelism?: number;
  /** After each list page of a listing that stores stubs: entries listed so far, and how many the server holds. */
  onListed?(listed: number, total: number): void;
  /** Now, in ms (tests hand in their own clock): what "recently changed" is counted from. */
  now?(): number;
}

export interface PullReport {
  listed: number;
  refreshed: number;
  imported: number;
  removed: number;
  /** Quotes not held before, stored as list-entry stubs (fill.ts downloads the queued ones). */
  stubbed: number;
  /** Quotes changed remotely that have local changes: the push merges them. */
  dirty: string[];
}

function busy(store: SyncStore, quoteId: string): boolean {
  const q = store.getQuote(quoteId);
  return !q || q.dirty || q.openConflicts > 0 || store.sync.listJournal({ quoteId }).length > 0;
}

export async function pull(ctx: PullContext): Promise<PullReport> {
  const { api, store } = ctx;
  const report: PullReport = {
    listed: 0,
    refreshed: 0,
    imported: 0,
    removed: 0,
    stubbed: 0,
    dirty: [],
  };
  const mark = store.getMeta<string>(LAST_PULL);
  const markMs = mark ? Date.parse(mark) : -Infinity;
  // A create whose answer was lost may be on the server: importing it now would make it
  // look like someone else's quote, and the lost create would be sent again. That holds while
  // it is journalled and while it is parked for the user (its journal entry is gone then).
  const createsOpen =
    store.sync.listJournal({}).some((j) => j.op === 'createQuote') ||
    store.sync
      .listConflicts()
      .some(
        (c) =>
          c.field === PARKED_CREATE && (c.local as { op?: string } | null)?.op === 'createQuote',
      );

  const keepAll = store.getMeta<boolean>(KEEP_ALL_OFFLINE) === true;
  const recentFrom = (ctx.now?.() ?? Date.now()) - HOLD_RECENT_DAYS * 86_400_000;
  const queued = (e: ListContent) => keepAll || Date.parse(e.updatedOn) >= recentFrom;

  const { listing, stubs } = await listAndStub(ctx, {
    markMs,
    stubbing: !createsOpen,
    queued,
    firstListing: !mark,
    report,
  });
  // A first listing: the salesperson's own quotes (the list's `account=user`: made or owned
  // by the caller) are held offline however old. Later pulls list only changed quotes, and a
  // new one is recent; one only listed that changes stays listed only.
  // Nothing left only listed (every entry was recent, or queued): the own list would queue
  // nothing, so its pages are not read.
  if (!mark && !createsOpen && !keepAll && store.sync.listedOnlyCount() > 0)
    await queueOwnQuotes(ctx);
  const { changed, total } = listing;
  report.listed = listing.listed;
  // A list that moved under the pages may have skipped a quote: the old mark lists it again.
  let newest = listing.settled && listing.newest !== undefined ? listing.newest : mark;

  const toRead: { e: ListContent; base?: RemoteAggregate }[] = [];
  for (const e of changed) {
    if (stubs.has(e.id)) continue; // the fill reads it
    const local = store.sync.localIdOf('quote', e.id);
    if (local && store.sync.isStub(local)) continue;
    if (local) {
      if (busy(store, local)) {
        report.dirty.push(local);
        continue;
      }
      // Read back at this stamp already (e.g. by our own push): nothing new to see.
      // Parts our round did not read back are read now: someone may have changed them
      // while it ran (parts.ts).
      const q = store.getQuote(local)!;
      if (sameStamp(q.base?.quote.updatedOn, e.updatedOn)) {
        if (behindOf(q.base).length) toRead.push({ e, base: q.base! });
        continue;
      }
    } else if (createsOpen) {
      newest = mark; // come back for it once the lost create is settled
      continue;
    }
    toRead.push({ e });
  }
  // Reads of different quotes are independent: a few at a time, in list order per worker.
  const worker = async () => {
    for (let t = toRead.shift(); t; t = toRead.shift()) {
      const { e, base } = t;
      ctx.onStep?.('read');
      const behind = behindOf(base);
      const reuse = base && {
        from: base,
        parts: PARTS.filter((p) => !behind.includes(p)),
        behind: [],
      };
      const agg: RemoteAggregate | null = await readAggregate(api, e.id, base?.quote, reuse);
      if (!agg) continue;
      const r = store.sync.importRemote(agg);
      if (r.action === 'created') report.imported++;
      else if (r.action === 'updated') report.refreshed++;
      else if (r.action === 'dirty') report.dirty.push(r.quoteId);
      await ctx.afterImport?.(r.quoteId);
    }
  };
  const workers = Math.max(1, Math.min(ctx.parallelism ?? 1, toRead.length));
  await Promise.all(Array.from({ length: workers }, worker));

  const known = ctx.knownServerQuotes();
  if (known.size > total) report.removed = await findRemoteDeletes(ctx, known);
  if (newest) store.setMeta(LAST_PULL, newest);
  return report;
}

/**
 * The changed part of the partner's list, its quotes not held yet stored as stubs as the pages
 * come (`stubbing`): listed at once, so the list is whole after the pages alone; the aggregates
 * of the queued ones follow in the background (fill.ts). Returns the listing and the server ids
 * of the listed quotes that are stubs: the fill reads those, not the pull.
 */
async function listAndStub(
  ctx: PullContext,
  o: {
    markMs: number;
    stubbing: boolean;
    queued: (e: ListContent) => boolean;
    firstListing: boolean;
    report: PullReport;
  },
): Promise<{ listing: Listing; stubs: Set<string> }> {
  const stubs = new Set<string>();
  const listing = await listChanged({
    page: (page) => {
      ctx.onStep?.('list');
      // A page past the end may answer 404 (the spec allows it): that ends the list.
      return pageOrEnd(page, () =>
        ctx.api.listQuotes({ account: 'partner', sort: 'updatedOn,desc', limit: PAGE, page }),
      );
    },
    markMs: o.markMs,
    window: LIST_WINDOW,
    onPage: (fresh, listed, total) => {
      let kept = fresh;
      if (o.stubbing) {
        const put = ctx.store.sync.putListEntries(fresh, o.queued);
        o.report.stubbed += put.created.length;
        for (const id of put.stubs) stubs.add(id);
        // A stub's entry is stored: the fill reads its quote, the pull has nothing to do with it.
        if (put.stubs.length) kept = fresh.filter((e) => !stubs.has(e.id));
      }
      // The status shows a listing of quotes not held yet (a first sign-in), not every pull.
      if (o.firstListing || o.report.stubbed > 0) ctx.onListed?.(listed, total);
      return kept;
    },
  });
  return { listing, stubs };
}

/** Queues the stubs of the caller's own quotes for the fill (their list, ids only). */
async function queueOwnQuotes(ctx: PullContext): Promise<void> {
  await listChanged({
    page: (page) => {
      ctx.onStep?.('list');
      return pageOrEnd(page, () =>
        ctx.api.listQuotes({ account: 'user', sort: 'updatedOn,desc', limit: PAGE, page }),
      );
    },
    markMs: -Infinity,
    window: LIST_WINDOW,
    onPage: (fresh) => {
      ctx.store.sync.queueStubs(fresh.map((e) => e.id));
      return []; // nothing more to do with them
    },
  });
}

async function findRemoteDeletes(ctx: PullContext, known: Map<string, string>): Promise<number> {
  const { api, store } = ctx;
  const present = new Set<string>();
  for (let page = 0; ; page++) {
    ctx.onStep?.('list');
    const res = await pageOrEnd(page, () =>
      api.listQuotes({ account: 'partner', sort: 'id,asc', limit: PAGE, page }),
    );
    if (!res) break;
    for (const e of res.content) present.add(e.id);
    // A server may hold pages smaller than asked for: the count of pages says where it ends.
    if (res.content.length === 0 || page + 1 >= res.page.totalPages) break;
  }
  let removed = 0;
  for (const [serverId, local] of known) {
    if (present.has(serverId)) continue;
    try {
      ctx.onStep?.('read');
      await api.getQuote(serverId);
      continue; // still there (created after the listing)
    } catch (e) {
      if (!isGone(e)) throw e;
    }
    const q = store.getQuote(local);
    if (!q) continue;
    if (busy(store, local)) {
      // Local changes: the push sees the delete and raises it as a conflict.
      continue;
    }
    store.purgeQuote(local);
    removed++;
  }
  return removed;
}

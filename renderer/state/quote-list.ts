// The quote list as a window over the whole result: pages are fetched as the virtualized list
// scrolls to them, so 10,000 quotes cost what is on screen, not what is in the store.
import { create } from 'zustand';
import type { ListAccount, QuoteStatus, SortDirection, SortField } from '../../common/api/enums';
import type { QuoteSummary, QuoteSyncInfo, StatusCounts } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';

/** Rows per request: a screenful and a half, so the first answer is small and quick. */
export const PAGE_SIZE = 50;

export interface ListQuery {
  search: string;
  status: QuoteStatus[];
  sort: { field: SortField; direction: SortDirection };
  /** "user": the quotes the signed-in user created or owns; "partner": the whole team's. */
  account: ListAccount;
}

const ACCOUNT_KEY = 'quotedesk.list.account';

/** The switch is a daily habit: it stays where the user left it, across restarts. */
function savedAccount(): ListAccount {
  try {
    return globalThis.localStorage?.getItem(ACCOUNT_KEY) === 'user' ? 'user' : 'partner';
  } catch {
    return 'partner';
  }
}

interface ListState {
  query: ListQuery;
  /** Bumped whenever the query or the data changes; answers for older keys are dropped. */
  key: number;
  total: number;
  loaded: boolean;
  statusCounts: StatusCounts | null;
  pages: Record<number, QuoteSummary[]>;
  error: string | null;
  setSearch: (s: string) => void;
  toggleStatus: (s: QuoteStatus) => void;
  clearStatus: () => void;
  setSort: (field: SortField) => void;
  setAccount: (account: ListAccount) => void;
  ensureRange: (start: number, end: number) => void;
  refresh: () => void;
  /** A quote's sync state as main said it: its row shows it, nothing is read again. */
  applySync: (quoteId: string, sync: QuoteSyncInfo) => void;
  /**
   * The first page, asked for as the window's code loads, before its first render: the core
   * answers while the page renders its frame. A failure (a locked store) is left to the list.
   * Resolves once the answer is in the state (or failed).
   */
  prefetch: () => Promise<void>;
  rowAt: (index: number) => QuoteSummary | undefined;
}

const inflight = new Set<string>();

function sameCounts(a: StatusCounts | null, b: StatusCounts | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(b) as (keyof StatusCounts)[];
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

/**
 * What the window does at start besides its first rows (the pipeline's sums, "Needs
 * attention", its notice) waits for the list's first answer once it has been asked for: the
 * core answers one call at a time, and those would otherwise be answered before it. And for
 * the rows it brought to be on screen: the core's work on those calls (they read every open
 * quote) would otherwise take the processor from the page's drawing of them. Not longer than
 * `FIRST_LIST_WAIT_MS` (where no frame is drawn: a hidden window); not at all where no list
 * was asked for (another screen).
 */
const FIRST_LIST_WAIT_MS = 2_000;
let firstList: Promise<void> | null = null;
let firstListSettled: () => void = () => {};

function firstListAsked(): void {
  firstList ??= new Promise<void>((resolve) => {
    firstListSettled = resolve;
    setTimeout(resolve, FIRST_LIST_WAIT_MS);
  });
}

/** The next frame drawn, then what waited for it (a frame's callbacks run before its paint). */
function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Resolves once the list's first page has been answered (or failed) and drawn, if it was
 * asked for.
 */
export function afterFirstList(): Promise<void> {
  return firstList ?? Promise.resolve();
}

// long: one hook: the list's query, paging and events share its state
export const useQuoteList = create<ListState>((set, get) => {
  /** `quiet`: a failure leaves the list as it was and is asked again, answered as usual. */
  const fetchPage = async (page: number, key: number, quiet = false) => {
    const id = `${key}:${page}`;
    if (inflight.has(id)) return;
    inflight.add(id);
    firstListAsked();
    const { query } = get();
    let retry = false;
    try {
      const res = await ipc().call('quotes.list', {
        search: query.search.trim() || undefined,
        status: query.status.length ? query.status : undefined,
        sort: query.sort,
        page,
        limit: PAGE_SIZE,
        account: query.account,
      });
      if (get().key !== key) return;
      set((s) => ({
        pages: { ...s.pages, [page]: res.content },
        total: res.page.totalElements,
        // The same counts keep the same object: each page a scroll brings carries them, and a
        // new object re-rendered the whole list screen (toolbar, chips, chart) mid-scroll.
        statusCounts: sameCounts(s.statusCounts, res.statusCounts)
          ? s.statusCounts
          : res.statusCounts,
        loaded: true,
        error: null,
      }));
    } catch (e) {
      if (quiet) retry = true;
      else if (get().key === key) set({ error: errorOf(e).message, loaded: true });
    } finally {
      inflight.delete(id);
      if (!retry) afterNextPaint(firstListSettled);
    }
    if (retry && get().key === key && !get().loaded) void fetchPage(page, key);
  };

  const restart = (patch: Partial<ListState>, keepRows = false) => {
    const key = get().key + 1;
    set({ ...patch, key, ...(keepRows ? {} : { pages: {} }) });
    void fetchPage(0, key).then(() => {
      // Keeping old rows while refetching avoids a flash on background changes; pages other
      // than the first are refetched lazily as they come into view.
      if (keepRows && get().key === key) {
        const first = get().pages[0];
        set({ pages: first ? { 0: first } : {} });
      }
    });
  };

  return {
    query: {
      search: '',
      status: [],
      sort: { field: 'updatedOn', direction: 'desc' },
      account: savedAccount(),
    },
    key: 0,
    total: 0,
    loaded: false,
    statusCounts: null,
    pages: {},
    error: null,
    setSearch: (search) => restart({ query: { ...get().query, search } }),
    toggleStatus: (st) => {
      const cur = get().query.status;
      const status = cur.includes(st) ? cur.filter((x) => x !== st) : [...cur, st];
      restart({ query: { ...get().query, status } });
    },
    clearStatus: () => restart({ query: { ...get().query, status: [] } }),
    setSort: (field) => {
      const cur = get().query.sort;
      const direction: SortDirection =
        cur.field === field
          ? cur.direction === 'asc'
            ? 'desc'
            : 'asc'
          : field === 'client.name'
            ? 'asc'
            : 'desc';
      restart({ query: { ...get().query, sort: { field, direction } } });
    },
    setAccount: (account) => {
      try {
        globalThis.localStorage?.setItem(ACCOUNT_KEY, account);
      } catch {
        // Not remembered across restarts where storage is refused; the switch still works.
      }
      restart({ query: { ...get().query, account } });
    },
    ensureRange: (start, end) => {
      const { key, pages, total, loaded } = get();
      if (!loaded) {
        void fetchPage(0, key);
        return;
      }
      // One page beyond the window on each side: rows scrolled into view are then usually
      // there already, drawn once, instead of a placeholder first and the row a frame later.
      const from = Math.max(0, start - PAGE_SIZE);
      const last = Math.min(end + PAGE_SIZE, Math.max(total - 1, 0));
      for (let p = Math.floor(from / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) {
        if (!pages[p]) void fetchPage(p, key);
      }
    },
    prefetch: () => {
      const { key, loaded } = get();
      return key === 0 && !loaded ? fetchPage(0, key, true) : Promise.resolve();
    },
    refresh: () => restart({}, true),
    applySync: (quoteId, sync) => {
      const pages = get().pages;
      for (const [n, rows] of Object.entries(pages)) {
        const at = rows.findIndex((r) => r.id === quoteId);
        if (at < 0) continue;
        const next = rows.map((r, j) => (j === at ? { ...r, sync } : r));
        set({ pages: { ...pages, [n]: next } });
        return;
      }
    },
    rowAt: (index) => get().pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE],
  };
});

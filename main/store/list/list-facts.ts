import type Database from 'better-sqlite3-multiple-ciphers';
import { QuoteStatus } from '../../../common/api';
import { amountMatcher } from './amount-search';
import { SortedRows } from './sorted-rows';

/** The list's filters other than status and search, as `accountFilters` (list.ts) names them. */
export interface RowFilter {
  meEmail?: string;
  meId?: string;
  partnerId?: string;
  intentType?: string;
}

const STATUS_CODE = new Map(QuoteStatus.options.map((s, i) => [s, i]));
const ABSENT = 255;
/**
 * Below this many rows (by the last row id) a list before the facts are built counts its
 * statuses in SQL: one pass of SQLite over the table (a few ms at 10,000) instead of the build
 * (~40 ms at 10,000 in a process just started, its code not yet compiled), which the window's
 * first rows would wait for. A later call builds them (a search, another order, a filter).
 */
const COUNT_IN_SQL_BELOW = 20_000;
/** Above this many rows up to a page's end, `pageByUpdated` sorts them all. */
const TOP_K_MAX = 500;

/**
 * Sort keys whose order is held here, not in a SQLite index: each such index cost every write
 * of a list row (an edit of a price, each of a first sign-in's 100,000 list entries) a b-tree
 * entry at a random place — a page of the index rewritten and written to the WAL per row — where
 * an order in memory costs a few microseconds to mend (sorted-rows.ts).
 */
export const MEMORY_SORTS = [
  'client.name',
  'totals.initialTotal',
  'totals.recurringTotal',
] as const;
export type MemorySort = (typeof MEMORY_SORTS)[number];

/** SQLite's NOCASE: ASCII letters folded, then compared byte by byte in UTF-8. */
function nocaseBytes(s: string): Buffer {
  return Buffer.from(
    s.replace(/[A-Z]/g, (c) => c.toLowerCase()),
    'utf8',
  );
}

/**
 * The list filters of every quote, held in typed arrays by row id. Status counts of a search
 * are counted here over the search's row ids: looking each match up in SQLite costs a
 * B-tree descent per match, which at tens of thousands of matches is most of the budget.
 * Built on first use; every write of a list row updates it; a rolled-back transaction
 * throws it away (it is rebuilt on the next search).
 */
export class ListFacts {
  private status = new Uint8Array(0);
  /** Live rows per status code: the counts of a list without filters, asked for at every page. */
  private perStatus = new Array<number>(QuoteStatus.options.length).fill(0);
  private creator = new Int32Array(0);
  private owner = new Int32Array(0);
  private intent = new Int32Array(0);
  private partner = new Int32Array(0);
  /** Totals in cents, for search by amount. */
  private initial = new Float64Array(0);
  private recurring = new Float64Array(0);
  /** The client's name (interned). */
  private client = new Int32Array(0);
  /** The place of each interned client name in NOCASE order (null: to be worked out). */
  private clientRank: Int32Array | null = null;
  private readonly orders: Record<MemorySort, SortedRows> = {
    'client.name': new SortedRows((a, b) => {
      const r = this.clientRank!;
      return r[this.client[a]!]! - r[this.client[b]!]! || a - b;
    }),
    'totals.initialTotal': new SortedRows((a, b) => this.initial[a]! - this.initial[b]! || a - b),
    'totals.recurringTotal': new SortedRows(
      (a, b) => this.recurring[a]! - this.recurring[b]! || a - b,
    ),
  };
  /**
   * `updated_on` by row id: a search's page in the default order (the list's, newest first) is
   * sorted here, so only the page's rows are read from the table, not every match's.
   */
  private updated: string[] = [];
  /**
   * Whether some `updated_on` holds a character that sorts differently in JavaScript (UTF-16)
   * than in SQLite (UTF-8 bytes): from U+D800 on. Then SQLite sorts.
   */
  private updatedExotic = false;
  private strings = new Map<string, number>();
  private built = false;
  /** Whether rows changed since `begin`: only then can a rollback leave the facts wrong. */
  private touched = false;

  private readonly s;
  /** `countInSql`'s statements, by the filters they have. */
  private readonly counts = new Map<
    string,
    Database.Statement<RowFilter[], { status: QuoteStatus; n: number }>
  >();

  constructor(private db: Database.Database) {
    this.s = {
      lastRow: db.prepare<[], number>('SELECT coalesce(max(qrow), 0) FROM quotes').pluck(),
      perStatus: db.prepare<[], { status: QuoteStatus; n: number }>(
        'SELECT status, count(*) AS n FROM quotes INDEXED BY quotes_status WHERE deleted = 0 GROUP BY status',
      ),
    };
  }

  begin(): void {
    this.touched = false;
  }

  /** After a rollback: forget everything if this transaction had changed anything. */
  rolledBack(): void {
    if (this.touched) this.invalidate();
  }

  invalidate(): void {
    this.built = false;
    this.status = new Uint8Array(0);
    this.strings.clear();
    this.updated = [];
    this.updatedExotic = false;
    this.clientRank = null;
    for (const o of Object.values(this.orders)) o.reset();
  }

  private intern(s: string | null): number {
    if (s === null) return -1;
    let n = this.strings.get(s);
    if (n === undefined) this.strings.set(s, (n = this.strings.size));
    return n;
  }

  private grow(qrow: number): void {
    if (qrow < this.status.length) return;
    const size = Math.max(qrow + 1, Math.ceil(this.status.length * 1.5), 1024);
    const s = new Uint8Array(size).fill(ABSENT);
    s.set(this.status);
    this.status = s;
    for (const k of ['creator', 'owner', 'intent', 'partner', 'client'] as const) {
      const a = new Int32Array(size).fill(-1);
      a.set(this[k]);
      this[k] = a;
    }
    for (const k of ['initial', 'recurring'] as const) {
      const a = new Float64Array(size);
      a.set(this[k]);
      this[k] = a;
    }
  }

  /** Records a row's filters (no-op until built). */
  set(
    qrow: number,
    r: {
      status: string;
      created_by_email: string;
      owner_id: string | null;
      intent_type: string | null;
      partner_id: string | null;
      initial_total: number;
      recurring_total: number;
      updated_on: string;
      client_name: string;
    },
    /** 1 for a tombstone (out of the lists); the row's own column is not read. */
    deleted: number,
  ): void {
    if (!this.built) return;
    this.touched = true;
    this.grow(qrow);
    const wasLive = this.status[qrow] !== ABSENT;
    this.setStatus(qrow, deleted ? ABSENT : (STATUS_CODE.get(r.status as QuoteStatus) ?? ABSENT));
    const client = this.intern(r.client_name);
    // A name not ranked yet moves the ranks of the names after it: the order is sorted again.
    if (this.clientRank !== null && client >= this.clientRank.length) this.clientRank = null;
    if (this.clientRank === null) this.orders['client.name'].reset();
    else if (!wasLive || this.client[qrow] !== client) this.orders['client.name'].touch(qrow);
    this.client[qrow] = client;
    if (!wasLive || this.initial[qrow] !== r.initial_total)
      this.orders['totals.initialTotal'].touch(qrow);
    if (!wasLive || this.recurring[qrow] !== r.recurring_total)
      this.orders['totals.recurringTotal'].touch(qrow);
    this.creator[qrow] = this.intern(r.created_by_email);
    this.owner[qrow] = this.intern(r.owner_id);
    this.intent[qrow] = this.intern(r.intent_type);
    this.partner[qrow] = this.intern(r.partner_id);
    this.initial[qrow] = r.initial_total;
    this.recurring[qrow] = r.recurring_total;
    this.updated[qrow] = r.updated_on;
    if (!this.updatedExotic && /[\ud800-\uffff]/.test(r.updated_on)) this.updatedExotic = true;
  }

  remove(qrow: number): void {
    this.touched = true;
    if (this.built && qrow < this.status.length) this.setStatus(qrow, ABSENT);
  }

  private setStatus(qrow: number, code: number): void {
    const was = this.status[qrow]!;
    if (was !== ABSENT) this.perStatus[was]!--;
    if (code !== ABSENT) this.perStatus[code]!++;
    this.status[qrow] = code;
  }

  private build(): void {
    this.built = true;
    this.status = new Uint8Array(0);
    this.perStatus.fill(0);
    const rows = this.db
      .prepare(
        'SELECT qrow, status, deleted, created_by_email, owner_id, intent_type, partner_id, initial_total, recurring_total, updated_on, client_name FROM quotes',
      )
      .raw()
      .iterate() as IterableIterator<
      [
        number,
        string,
        number,
        string,
        string | null,
        string | null,
        string | null,
        number,
        number,
        string,
        string,
      ]
    >;
    // prettier-ignore
    for (const [qrow, status, deleted, email, owner, intent, partner, initial, recurring, updated, client] of rows) {
      this.set(qrow, {
        status,
        created_by_email: email,
        owner_id: owner,
        intent_type: intent,
        partner_id: partner,
        initial_total: initial,
        recurring_total: recurring,
        updated_on: updated,
        client_name: client,
      }, deleted);
    }
  }

  /**
   * A page of the live rows that pass `hit`, in the order of a sort key held here: `ORDER BY
   * key <dir>, qrow <dir>`, from `offset`, at most `limit` rows.
   */
  pageBy(
    sort: MemorySort,
    desc: boolean,
    hit: (qrow: number) => boolean,
    offset: number,
    limit: number,
  ): number[] {
    if (!this.built) this.build();
    if (sort === 'client.name' && this.clientRank === null) this.rankClients();
    const rows = this.orders[sort].order(() => {
      const live: number[] = [];
      for (let q = 0; q < this.status.length; q++) if (this.status[q] !== ABSENT) live.push(q);
      return live;
    });
    const picked: number[] = [];
    let seen = 0;
    const n = rows.length;
    for (let i = 0; i < n && picked.length < limit; i++) {
      const q = rows[desc ? n - 1 - i : i]!;
      if (this.status[q] === ABSENT || !hit(q)) continue;
      if (seen++ >= offset) picked.push(q);
    }
    return picked;
  }

  /** Ranks every interned string by NOCASE (only client names are ever compared by it). */
  private rankClients(): void {
    const all = [...this.strings].map(([s, id]) => ({ id, key: nocaseBytes(s) }));
    all.sort((a, b) => Buffer.compare(a.key, b.key));
    const rank = new Int32Array(this.strings.size);
    // Equal under NOCASE ("ACME", "acme"): one rank, so the row id decides as in SQLite.
    let r = 0;
    all.forEach((x, i) => {
      if (i > 0 && Buffer.compare(all[i - 1]!.key, x.key) !== 0) r++;
      rank[x.id] = r;
    });
    this.clientRank = rank;
    this.orders['client.name'].reset();
  }

  /**
   * A page of `qrows` (live rows, from `select`) in the order of `ORDER BY updated_on <dir>,
   * qrow <dir>` — or null when SQLite must sort them (see `updatedExotic`).
   */
  pageByUpdated(
    qrows: readonly number[],
    desc: boolean,
    offset: number,
    limit: number,
  ): number[] | null {
    if (!this.built) this.build();
    if (this.updatedExotic) return null;
    const u = this.updated;
    const sign = desc ? -1 : 1;
    const before = (a: number, b: number): number => {
      const x = u[a]!;
      const y = u[b]!;
      return sign * (x < y ? -1 : x > y ? 1 : a - b);
    };
    const want = offset + limit;
    if (want > TOP_K_MAX) return [...qrows].sort(before).slice(offset, want);
    // The first `want` in order, kept sorted while one pass goes over the rest: most rows are
    // turned away by one comparison with the last kept, where a full sort compares each ~10×.
    const top: number[] = [];
    for (const q of qrows) {
      if (top.length === want && before(q, top[want - 1]!) >= 0) continue;
      let i = top.length === want ? want - 1 : top.length;
      while (i > 0 && before(q, top[i - 1]!) < 0) i--;
      top.splice(i, 0, q);
      if (top.length > want) top.pop();
    }
    return top.slice(offset);
  }

  /** Live rows whose totals' amounts match a typed word (see `amount-search.ts`). */
  amountMatches(word: string): number[] {
    const match = amountMatcher(word);
    if (!match) return [];
    if (!this.built) this.build();
    const out: number[] = [];
    for (let q = 0; q < this.status.length; q++) {
      if (this.status[q] !== ABSENT && match(this.initial[q]!, this.recurring[q]!)) out.push(q);
    }
    return out;
  }

  /** Like `filter`, over every row when `qrows` is null. */
  select(
    qrows: readonly number[] | null,
    f: RowFilter,
    statuses: readonly QuoteStatus[] | null,
  ): number[] {
    if (!this.built) this.build();
    if (qrows) return this.filter(qrows, f, statuses);
    const all: number[] = [];
    for (let q = 0; q < this.status.length; q++) if (this.status[q] !== ABSENT) all.push(q);
    return this.filter(all, f, statuses);
  }

  /**
   * Whether a row passes the filters and has one of `statuses` (any, when null): a page's walk
   * over a sort index asks it of each row it steps on, so no list of every match is made.
   */
  passes(f: RowFilter, statuses: readonly QuoteStatus[] | null): (qrow: number) => boolean {
    if (!this.built) this.build();
    const codes = new Uint8Array(256);
    for (const s of statuses ?? QuoteStatus.options) codes[STATUS_CODE.get(s)!] = 1;
    const meEmail = f.meEmail === undefined ? undefined : (this.strings.get(f.meEmail) ?? -2);
    const meId = f.meId === undefined ? undefined : (this.strings.get(f.meId) ?? -2);
    const partner = f.partnerId === undefined ? undefined : (this.strings.get(f.partnerId) ?? -2);
    const intent = f.intentType === undefined ? undefined : (this.strings.get(f.intentType) ?? -2);
    const { status, creator, owner } = this;
    return (q) => {
      if (q >= status.length || codes[status[q]!] !== 1) return false;
      if (meEmail !== undefined && creator[q] !== meEmail && owner[q] !== meId) return false;
      if (partner !== undefined && this.partner[q] !== partner) return false;
      if (intent !== undefined && this.intent[q] !== intent) return false;
      return true;
    };
  }

  /** The `qrows` that pass the filters and have one of `statuses` (any, when null). */
  filter(
    qrows: readonly number[],
    f: RowFilter,
    statuses: readonly QuoteStatus[] | null,
  ): number[] {
    return qrows.filter(this.passes(f, statuses));
  }

  /**
   * Whether a list with no search can be answered without the facts (they are not built yet and
   * the store is small enough to count in SQL): its counts by `count`, its page by an index.
   */
  answersInSql(): boolean {
    return !this.built && this.s.lastRow.get()! < COUNT_IN_SQL_BELOW;
  }

  /** Live rows per status that pass the filters, counted by SQLite (see COUNT_IN_SQL_BELOW). */
  private countInSql(f: RowFilter): { status: QuoteStatus; n: number }[] {
    const where = ['deleted = 0'];
    if (f.meEmail !== undefined) where.push('(created_by_email = @meEmail OR owner_id = @meId)');
    if (f.partnerId !== undefined) where.push('partner_id = @partnerId');
    if (f.intentType !== undefined) where.push('intent_type = @intentType');
    if (where.length === 1) return this.s.perStatus.all();
    const key = where.join(' AND ');
    let statement = this.counts.get(key);
    if (!statement) {
      statement = this.db.prepare(
        `SELECT status, count(*) AS n FROM quotes WHERE ${key} GROUP BY status`,
      );
      this.counts.set(key, statement);
    }
    return statement.all({ ...f });
  }

  /**
   * Counts per status of `qrows` (every live row when null) that pass the filters: the list's
   * status counts, with or without a search (one byte read per row: no table in SQLite to keep
   * in step on every write).
   */
  count(qrows: readonly number[] | null, f: RowFilter): Record<QuoteStatus, number> {
    const n = new Array<number>(QuoteStatus.options.length).fill(0);
    const unfiltered =
      f.meEmail === undefined && f.partnerId === undefined && f.intentType === undefined;
    if (!this.built) {
      // The list at launch: counted by SQLite (over the status index when unfiltered), not by
      // a build of every row's facts that the first list of a small store does not need.
      if (!qrows && this.answersInSql()) {
        for (const r of this.countInSql(f)) n[STATUS_CODE.get(r.status) ?? ABSENT] = r.n;
        return byStatus(n);
      }
      this.build();
    }
    if (!qrows && unfiltered) n.splice(0, n.length, ...this.perStatus);
    const passes = this.passes(f, null);
    const tally = (q: number) => {
      if (passes(q)) n[this.status[q]!]!++;
    };
    if (qrows) for (const q of qrows) tally(q);
    else if (!unfiltered) for (let q = 0; q < this.status.length; q++) tally(q);
    return byStatus(n);
  }
}

function byStatus(n: number[]): Record<QuoteStatus, number> {
  return Object.fromEntries(QuoteStatus.options.map((s, i) => [s, n[i] ?? 0])) as Record<
    QuoteStatus,
    number
  >;
}

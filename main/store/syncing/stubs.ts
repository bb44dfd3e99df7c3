// List-entry stubs: on a first sign-in the list pages arrive long before the quotes' full
// aggregates (three reads each). Each entry is stored at once as a quote of its own, with the
// list's facts (client, status, reference code, totals, line-item counts, owner, dates) and no
// content, so the list, its counts, sorting and search work from the first page. The row in
// `quote_stubs` marks it: it cannot be edited, and its aggregate replaces it in place (same
// local id) and removes the mark in the same transaction — so a crash leaves either the stub
// or the whole quote, never half of one.
//
// A stub is either queued (`queued = 1`: the sync's background fill reads its aggregate) or
// listed only (read when the salesperson opens it, or asks to keep every quote offline): a
// partner with 100,000 quotes need not download the ones nobody here opens. A stub is small on
// disk: its facts live in the list row it shares with every quote (`quotes`, with its search
// entries), no working copy is stored (it is made from the row when asked for), and
// `quote_stubs` keeps only what the row has no column for — the owner's and the partner's
// names — and the change stamp the fill's queue is ordered by.
import type Database from 'better-sqlite3-multiple-ciphers';
import type { InvoiceTotals, ListContent, UserModel } from '../../../common/api';
import { toCents } from '../../../common/money';
import type { QuoteRepo } from '../quote/quote-repo';
import { idKey, type SyncTables } from './sync-tables';
import {
  listedFields,
  listRow,
  searchDoc,
  type ListedRow,
  type ListRow,
  type SearchDoc,
} from '../list/list-row';
import { storedDoc } from '../quote/totals';
import type { WorkQuote } from '../types';
import { StoreValidationError } from '../errors';

/** A stub's place in the fill's queue. */
export interface StubRef {
  quoteId: string;
  serverId: string;
  updatedOn: string;
}

/** How many quotes of each kind this computer holds, and the disk they take (bytes, about). */
export interface HeldCounts {
  /** Quotes whose whole aggregate is here (and those made here). */
  held: { count: number; bytes: number };
  /** Quotes only listed: their list entry, searchable, downloaded when opened. */
  listedOnly: { count: number; bytes: number };
  /** Listed quotes whose aggregate the fill is still to read. */
  queued: number;
}

function zero(currency: string) {
  return { amount: 0, currency };
}

/** The working copy a list entry stands for: its facts, no content. */
export function stubWork(id: string, e: ListContent): WorkQuote {
  const currency = e.totals.initialTotal.currency;
  const totals: InvoiceTotals = {
    initialCost: zero(currency),
    initialProfit: zero(currency),
    initialTotal: e.totals.initialTotal,
    recurringCost: zero(currency),
    recurringProfit: zero(currency),
    recurringTotal: e.totals.recurringTotal,
  };
  const owner: UserModel | null = e.ownedBy
    ? {
        id: e.ownedBy.id,
        email: e.ownedBy.email,
        fullName: e.ownedBy.fullName,
        displayName: e.ownedBy.fullName,
      }
    : null;
  return {
    id,
    status: e.status,
    client: e.client,
    partner: e.partner
      ? ({ id: e.partner.id, name: e.partner.name } as WorkQuote['partner'])
      : null,
    createdBy: e.createdBy,
    createdByEmail: '',
    createdOn: e.createdOn,
    updatedOn: e.updatedOn,
    expiresOn: '',
    introMessage: '',
    termsAndDisclaimers: '',
    published: e.published,
    referenceCode: e.referenceCode,
    publishedOn: e.publishedOn ?? null,
    respondedOn: null,
    revokedOn: null,
    quoteRequestId: null,
    salesMarginPercentage: null,
    intentType: e.intentType ?? null,
    ownedBy: owner,
    acceptedBy: null,
    declinedBy: null,
    currency,
    lineItems: [],
    sections: [],
    accessList: [],
    attachments: [],
    totals,
  };
}

/** The list row of an entry: the working copy's columns, with the counts only the list knows. */
export function stubRow(id: string, e: ListContent): { w: WorkQuote; row: ListRow } {
  const w = stubWork(id, e);
  const c = e.lineItemCounts;
  const row: ListRow = {
    ...listRow(w),
    items_total: c.total,
    items_custom: c.custom,
    items_msp: c.msp,
    initial_total: toCents(e.totals.initialTotal.amount),
    recurring_total: toCents(e.totals.recurringTotal.amount),
  };
  return { w, row };
}

/**
 * A new stub's list row and search text straight from its entry: what `stubRow` and `searchDoc`
 * make of its working copy, without making one — a first sign-in made and dropped 100,000 of
 * them (test/store/stub-row.test.ts holds the two ways equal).
 */
export function listedRow(e: ListContent): { row: ListRow; search: SearchDoc } {
  const c = e.lineItemCounts;
  const owner = e.ownedBy ? e.ownedBy.fullName : null;
  const row: ListRow = {
    status: e.status,
    client_id: e.client.id,
    client_name: e.client.name,
    client_shadow: e.client.isShadowCompany ? 1 : 0,
    created_by: e.createdBy,
    created_by_email: '',
    owner_id: e.ownedBy?.id ?? null,
    partner_id: e.partner?.id ?? null,
    created_on: e.createdOn,
    updated_on: e.updatedOn,
    reference_code: e.referenceCode,
    published: e.published ? 1 : 0,
    published_on: e.publishedOn ?? null,
    expires_on: null,
    intent_type: e.intentType ?? null,
    currency: e.totals.initialTotal.currency,
    initial_total: toCents(e.totals.initialTotal.amount),
    recurring_total: toCents(e.totals.recurringTotal.amount),
    // No line items: no recurring money by period.
    recurring_periods: '{}',
    items_total: c.total,
    items_custom: c.custom,
    items_msp: c.msp,
  };
  const search: SearchDoc = {
    client: e.client.name,
    reference: e.referenceCode,
    creator: owner !== null && owner !== e.createdBy ? `${e.createdBy} ${owner}` : e.createdBy,
    products: '',
    notes: '',
  };
  return { row, search };
}

/** What the list row has no column for: the owner's and the partner's details but their ids. */
interface Extra {
  o?: [email: string, fullName: string, role: string];
  p?: [name: string, parentId?: string, parentName?: string];
}

function extraOf(e: ListContent): string | null {
  const x: Extra = {};
  if (e.ownedBy) x.o = [e.ownedBy.email, e.ownedBy.fullName, e.ownedBy.role];
  if (e.partner) {
    const pp = e.partner.parentPartner;
    x.p = pp ? [e.partner.name, pp.parentPartnerId, pp.parentPartnerName] : [e.partner.name];
  }
  return x.o || x.p ? JSON.stringify(x) : null;
}

interface EntryRow extends ListedRow {
  server_id: string;
  partner_id: string | null;
  extra: string | null;
}

function entryOf(r: EntryRow): ListContent {
  const x = r.extra ? (JSON.parse(r.extra) as Extra) : {};
  return {
    id: r.server_id,
    ...listedFields(r),
    ...(r.published_on ? { publishedOn: r.published_on } : {}),
    ...(r.intent_type ? { intentType: r.intent_type } : {}),
    ...(x.o && r.owner_id
      ? { ownedBy: { id: r.owner_id, email: x.o[0], fullName: x.o[1], role: x.o[2] } }
      : {}),
    ...(x.p && r.partner_id
      ? {
          partner: {
            id: r.partner_id,
            name: x.p[0],
            ...(x.p[1] && x.p[2]
              ? { parentPartner: { parentPartnerId: x.p[1], parentPartnerName: x.p[2] } }
              : {}),
          },
        }
      : {}),
  } as ListContent;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A new stub's local id: the generator's, its first 48 bits a count that grows with each stub
 * (from the store's last row number), as a version-8 UUID (RFC 9562: a layout of one's own).
 * A first sign-in writes 100,000 stubs; with random ids each one landed on another page of
 * every index on the local id (the quote's own, by status, the id map's two), so a page of 100
 * stubs rewrote some 400 pages of them, and more as the store outgrew its cache. In order they
 * are appended. The rest of the generator's id keeps it unique.
 */
function orderedId(random: string, seq: number): string {
  if (!UUID.test(random)) return random;
  const h = seq.toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-${h.slice(8)}-8${random.slice(15)}`;
}

/** The b-trees every quote has a share in (its list row, indexes, search entries, sync row). */
const ROW_TREES = `SELECT name FROM sqlite_schema WHERE tbl_name IN ('quotes', 'quote_sync', 'id_map')
  OR name LIKE 'quote\\_search\\_%' ESCAPE '\\' OR name LIKE 'quote\\_codes\\_%' ESCAPE '\\'`;

export class StubTable {
  private s;

  constructor(
    private db: Database.Database,
    private repo: QuoteRepo,
    private sync: SyncTables,
  ) {
    this.s = {
      put: db.prepare<[number, number, string, string | null]>(
        'INSERT INTO quote_stubs(qrow, queued, updated_on, extra) VALUES (?, ?, ?, ?)',
      ),
      refresh: db.prepare<[string, string | null, number]>(
        'UPDATE quote_stubs SET updated_on = ?, extra = ? WHERE qrow = ?',
      ),
      get: db.prepare<[number], { updated_on: string; queued: number }>(
        'SELECT updated_on, queued FROM quote_stubs WHERE qrow = ?',
      ),
      entry: db.prepare<[number], EntryRow>(
        `SELECT q.id, q.server_id, q.status, q.client_id, q.client_name, q.client_shadow, q.created_by,
           q.created_on, q.updated_on, q.reference_code, q.published, q.published_on, q.intent_type,
           q.owner_id, q.partner_id, q.currency, q.initial_total, q.recurring_total, q.items_total,
           q.items_custom, q.items_msp, s.extra
         FROM quote_stubs s JOIN quotes q ON q.qrow = s.qrow WHERE s.qrow = ?`,
      ),
      remove: db.prepare<[number]>('DELETE FROM quote_stubs WHERE qrow = ?'),
      queueOne: db.prepare<[string]>(
        'UPDATE quote_stubs SET queued = 1 WHERE queued = 0 AND qrow = (SELECT qrow FROM quotes WHERE server_id = ?)',
      ),
      queueAll: db.prepare('UPDATE quote_stubs SET queued = 1 WHERE queued = 0'),
      // Walks the partial index of queued stubs, newest change first.
      queue: db.prepare<[number], { id: string; server_id: string; updated_on: string }>(
        `SELECT q.id, q.server_id, s.updated_on FROM quote_stubs s INDEXED BY quote_stubs_queue
         JOIN quotes q ON q.qrow = s.qrow WHERE s.queued = 1 AND q.deleted = 0
         ORDER BY s.updated_on DESC LIMIT ?`,
      ),
      count: db.prepare<[], { queued: number; listed: number }>(
        `SELECT coalesce(sum(s.queued), 0) AS queued, coalesce(sum(1 - s.queued), 0) AS listed
         FROM quote_stubs s JOIN quotes q ON q.qrow = s.qrow WHERE q.deleted = 0`,
      ),
      queuedCount: db
        .prepare<[], number>(
          `SELECT count(*) FROM quote_stubs s INDEXED BY quote_stubs_queue
         JOIN quotes q ON q.qrow = s.qrow WHERE s.queued = 1 AND q.deleted = 0`,
        )
        .pluck(),
      quotes: db.prepare<[], number>('SELECT count(*) FROM quotes WHERE deleted = 0').pluck(),
      lastRow: db.prepare<[], number>('SELECT coalesce(max(qrow), 0) FROM quotes').pluck(),
      // Which of a batch's server ids (id-map spelling, as a JSON array) this computer knows,
      // in one statement: a first sign-in's 100,000 entries are all new, and asking for each
      // one's local id took two statements an entry (~2 µs).
      known: db
        .prepare<[string], string>(
          `SELECT j.value FROM json_each(?) j
           WHERE EXISTS (SELECT 1 FROM id_map m WHERE m.kind = 'quote' AND m.server_id = j.value)
              OR EXISTS (SELECT 1 FROM quotes q WHERE q.server_id = j.value)`,
        )
        .pluck(),
    };
    // A stub stores no working copy: it is made from the list row when asked for.
    repo.listedOnlyDoc = (qrow) => {
      const r = this.s.entry.get(qrow);
      return r ? storedDoc(stubWork(r.id, entryOf(r))) : undefined;
    };
  }

  has(qrow: number): boolean {
    return this.s.get.get(qrow) !== undefined;
  }

  entry(qrow: number): ListContent | null {
    const r = this.s.entry.get(qrow);
    return r ? entryOf(r) : null;
  }

  /** Removes the mark: the quote's aggregate has replaced the stub. */
  clear(qrow: number): void {
    this.s.remove.run(qrow);
  }

  /**
   * Stores list entries of quotes not held yet as stubs — queued for the fill when `queue`
   * says so, listed only otherwise — and refreshes stubs whose entry changed (a stub keeps
   * its place: one listed only stays listed only). Quotes held whole are left to the pull.
   * Returns the local ids written, and the server ids of the entries that are stubs now
   * (written or not).
   */
  put(
    entries: ListContent[],
    newId: () => string,
    queue: (e: ListContent) => boolean,
  ): { created: string[]; updated: string[]; stubs: string[] } {
    const created: string[] = [];
    const updated: string[] = [];
    const stubs: string[] = [];
    let seq = this.s.lastRow.get()!;
    const keys = entries.map((e) => idKey(e.id));
    const here = new Set(this.s.known.all(JSON.stringify(keys)));
    for (const [i, e] of entries.entries()) {
      const key = keys[i]!;
      const known = here.has(key) ? this.sync.localIdOf('quote', e.id) : null;
      const r = known ? this.repo.byId(known) : undefined;
      if (!r) {
        const id = known ?? orderedId(newId(), ++seq);
        // A stub is mapped by its row (server id in the id map's spelling) and its mark: no
        // id_map row until its aggregate is read (SyncTables.localIdOf). One mapped already
        // (its row gone) keeps its mapping.
        if (known) this.sync.mapId('quote', id, e.id, id);
        const { row, search } = listedRow(e);
        const qrow = this.repo.insertListed(id, key, row, search);
        this.s.put.run(qrow, queue(e) ? 1 : 0, e.updatedOn, extraOf(e));
        created.push(id);
        stubs.push(e.id);
        continue;
      }
      const stub = this.s.get.get(r.qrow);
      if (stub) stubs.push(e.id);
      if (!stub || stub.updated_on === e.updatedOn) continue;
      const prev = this.entry(r.qrow)!;
      const { w, row } = stubRow(r.id, e);
      this.repo.writeListRow(r.qrow, searchDoc(stubWork(r.id, prev)), w, row);
      this.s.refresh.run(e.updatedOn, extraOf(e), r.qrow);
      updated.push(r.id);
    }
    return { created, updated, stubs };
  }

  /** Queues the stubs of these quotes (server ids) for the fill; returns how many moved. */
  queueByServerId(serverIds: Iterable<string>): number {
    let n = 0;
    for (const id of serverIds) n += this.s.queueOne.run(id).changes;
    return n;
  }

  /** Queues every stub: "Keep all quotes offline". Returns how many moved. */
  queueAll(): number {
    return this.s.queueAll.run().changes;
  }

  /** Queued stubs still to fill, the most recently changed first. */
  queue(limit: number): StubRef[] {
    return this.s.queue
      .all(limit)
      .map((r) => ({ quoteId: r.id, serverId: r.server_id, updatedOn: r.updated_on }));
  }

  /** Stubs only listed (not queued). */
  listedOnlyCount(): number {
    return this.s.count.get()!.listed;
  }

  /** Stubs the fill is still to read. */
  count(): number {
    return this.s.queuedCount.get()!;
  }

  /**
   * Quotes held whole and quotes listed only, with the disk each takes. A listed-only quote
   * takes its share of the list's b-trees (row, indexes, search entries, sync row, id) and its
   * stub row; the held ones the rest of the file. Measured with `dbstat` where the build has it.
   */
  held(fileBytes: number, filesBytes: number): HeldCounts {
    const c = this.s.count.get()!;
    const all = this.s.quotes.get()!;
    const listedCount = c.listed;
    let listedBytes = 0;
    try {
      const trees = this.db.prepare(ROW_TREES).pluck().all() as string[];
      const size = this.db
        .prepare<[string], number>('SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = ?')
        .pluck();
      const rows = trees.reduce((sum, t) => sum + size.get(t)!, 0);
      const stubs = ['quote_stubs', 'quote_stubs_queue'].reduce((s, t) => s + size.get(t)!, 0);
      const stubRows = c.queued + c.listed;
      listedBytes =
        (all > 0 ? (rows / all) * listedCount : 0) +
        (stubRows > 0 ? (stubs / stubRows) * listedCount : 0);
    } catch {
      // No dbstat in this build: a listed-only quote's share of the file by count, at most.
      listedBytes = all > 0 ? (fileBytes / all) * listedCount * 0.25 : 0;
    }
    listedBytes = Math.min(Math.round(listedBytes), fileBytes);
    return {
      held: { count: all - listedCount - c.queued, bytes: fileBytes - listedBytes + filesBytes },
      listedOnly: { count: listedCount, bytes: listedBytes },
      queued: c.queued,
    };
  }
}

/** Why a stub refuses an edit: its content is not on this computer yet. */
export function notDownloadedError(): StoreValidationError {
  return new StoreValidationError([
    {
      field: 'quote',
      type: 'QUOTE_NOT_VALID',
      message:
        'quote: only its list entry is on this computer yet; it can be edited once it has been downloaded',
    },
  ]);
}

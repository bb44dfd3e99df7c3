// List-entry stubs: on a first sign-in the list pages arrive long before the quotes' full
// aggregates (three reads each). Each entry is stored at once as a quote of its own, with the
// list's facts (client, status, reference code, totals, line-item counts, owner, dates) and no
// content, so the list, its counts, sorting and search work from the first page. The row in
// `quote_stubs` marks it: it cannot be edited, and the sync's background fill reads its
// aggregate, which replaces it in place (same local id) and removes the mark in the same
// transaction — so a crash leaves either the stub or the whole quote, never half of one.
import type Database from 'better-sqlite3-multiple-ciphers';
import type { InvoiceTotals, ListContent, UserModel } from '../../common/api';
import { toCents } from '../../common/money';
import type { QuoteRepo } from './quote-repo';
import type { SyncTables } from './sync-tables';
import { searchDoc } from './list-row';
import type { WorkQuote } from './types';
import { StoreValidationError } from './errors';

/** A stub's place in the fill's queue. */
export interface StubRef {
  quoteId: string;
  serverId: string;
  updatedOn: string;
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

export class StubTable {
  private s;

  constructor(
    private db: Database.Database,
    private repo: QuoteRepo,
    private sync: SyncTables,
  ) {
    this.s = {
      put: db.prepare(
        'INSERT OR REPLACE INTO quote_stubs(qrow, server_id, updated_on, entry) VALUES (?, ?, ?, ?)',
      ),
      get: db.prepare<[number], { entry: string; updated_on: string }>(
        'SELECT entry, updated_on FROM quote_stubs WHERE qrow = ?',
      ),
      remove: db.prepare<[number]>('DELETE FROM quote_stubs WHERE qrow = ?'),
      // The list's columns the working copy cannot give: a stub has no line items to count.
      counts: db.prepare(
        'UPDATE quotes SET items_total = ?, items_custom = ?, items_msp = ?, initial_total = ?, recurring_total = ? WHERE qrow = ?',
      ),
      queue: db.prepare<[number], { id: string; server_id: string; updated_on: string }>(
        'SELECT q.id, s.server_id, s.updated_on FROM quote_stubs s JOIN quotes q ON q.qrow = s.qrow WHERE q.deleted = 0 ORDER BY s.updated_on DESC LIMIT ?',
      ),
      count: db.prepare<[], { n: number }>(
        'SELECT count(*) AS n FROM quote_stubs s JOIN quotes q ON q.qrow = s.qrow WHERE q.deleted = 0',
      ),
    };
  }

  has(qrow: number): boolean {
    return this.s.get.get(qrow) !== undefined;
  }

  entry(qrow: number): ListContent | null {
    const r = this.s.get.get(qrow);
    return r ? (JSON.parse(r.entry) as ListContent) : null;
  }

  /** Removes the mark: the quote's aggregate has replaced the stub. */
  clear(qrow: number): void {
    this.s.remove.run(qrow);
  }

  private writeFacts(qrow: number, e: ListContent): void {
    const c = e.lineItemCounts;
    this.s.counts.run(
      c.total,
      c.custom,
      c.msp,
      toCents(e.totals.initialTotal.amount),
      toCents(e.totals.recurringTotal.amount),
      qrow,
    );
    this.s.put.run(qrow, e.id, e.updatedOn, JSON.stringify(e));
  }

  /**
   * Stores list entries of quotes not held yet as stubs; refreshes stubs whose entry
   * changed. Quotes held whole are left to the pull. Returns the local ids written.
   */
  put(entries: ListContent[], newId: () => string): { created: string[]; updated: string[] } {
    const created: string[] = [];
    const updated: string[] = [];
    for (const e of entries) {
      const known = this.sync.localIdOf('quote', e.id);
      const r = known ? this.repo.byId(known) : undefined;
      if (!r) {
        const id = known ?? newId();
        this.sync.mapId('quote', id, e.id, id);
        const w = stubWork(id, e);
        const qrow = this.repo.insert(w, {
          serverId: e.id,
          generation: 0,
          syncedGeneration: 0,
          syncState: 'synced',
        });
        this.writeFacts(qrow, e);
        created.push(id);
        continue;
      }
      const stub = this.s.get.get(r.qrow);
      if (!stub || stub.updated_on === e.updatedOn) continue;
      const prev = this.entry(r.qrow)!;
      this.repo.writeWork(r.qrow, searchDoc(stubWork(r.id, prev)), stubWork(r.id, e));
      this.writeFacts(r.qrow, e);
      updated.push(r.id);
    }
    return { created, updated };
  }

  /** Stubs still to fill, the most recently changed first. */
  queue(limit: number): StubRef[] {
    return this.s.queue
      .all(limit)
      .map((r) => ({ quoteId: r.id, serverId: r.server_id, updatedOn: r.updated_on }));
  }

  count(): number {
    return this.s.count.get()!.n;
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

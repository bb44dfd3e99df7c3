import { describe, expect, it } from 'vitest';
import { SortField, type IntentType, type QuoteStatus } from '../../common/api';
import {
  StoreValidationError,
  type ListEntry,
  type RemoteAggregate,
  type Store,
} from '../../main/store';
import {
  M365,
  S1,
  SERVER,
  acme,
  ada,
  ben,
  blueFjord,
  clientOf,
  clients,
  seededStore,
} from './fixtures';
import { engineStore } from '../../main/store/engine';

/** A quote as the server sends it, created by Ben for Acme. */
function remoteQuote(q: {
  id: string;
  status: QuoteStatus;
  partnerId: string;
  intentType?: IntentType;
}): RemoteAggregate {
  return {
    quote: {
      id: q.id,
      status: q.status,
      client: clientOf(acme),
      partner: {
        id: q.partnerId,
        name: 'Northwind IT Services',
        city: 'Denver',
        postcode: '80202',
        stateOrProvinceCode: 'CO',
        street: '120 Harbor Way',
      },
      ...(q.intentType ? { intentType: q.intentType } : {}),
      createdBy: ben.fullName,
      createdByEmail: ben.email,
      createdOn: '2026-01-15T08:00:00Z',
      updatedOn: '2026-01-20T08:00:00Z',
      expiresOn: '2026-02-15T08:00:00Z',
      introMessage: '',
      termsAndDisclaimers: '',
      published: true,
      referenceCode: 'Q-2026-000042',
      attachments: [],
      lineItems: [],
      totals: {
        initialCost: { amount: 0, currency: 'USD' },
        initialProfit: { amount: 0, currency: 'USD' },
        initialTotal: { amount: 0, currency: 'USD' },
        recurringCost: { amount: 0, currency: 'USD' },
        recurringProfit: { amount: 0, currency: 'USD' },
        recurringTotal: { amount: 0, currency: 'USD' },
      },
      ownedBy: {
        id: ben.id,
        displayName: ben.displayName,
        email: ben.email,
        fullName: ben.fullName,
      },
    },
    sections: [],
    accessList: [],
  };
}

/** Five quotes with distinct clients, statuses, totals, creators and contents. */
function fiveQuotes(store: Store) {
  let t = Date.parse('2026-02-01T09:00:00Z');
  const clock = () => new Date((t += 60_000));
  const make = (c: (typeof clients)[number]) =>
    store.createQuote({ client: clientOf(c), now: clock() });
  const a = make(acme); // draft, M365 ×10 (recurring 220)
  store.addLineItems(a.id, [
    {
      type: 'Standard',
      productId: M365.id,
      billingTerm: 'Monthly',
      quantity: 10,
      note: 'includes migration weekend',
    },
  ]);
  const b = make(blueFjord); // sent, server (initial 1899)
  store.addLineItems(b.id, [
    { type: 'Standard', productId: SERVER.id, billingTerm: 'One-Time', quantity: 1 },
  ]);
  store.updateHeader(b.id, { status: 'sent' });
  const c = make(clients[2]!); // closed, custom
  store.addLineItems(c.id, [
    {
      type: 'Custom',
      productName: 'Cabling survey',
      productSku: 'SVC-CABLE',
      billingTerm: 'One-Time',
      price: 450,
      cost: 200,
      initialTotal: 450,
      quantity: 1,
    },
  ]);
  store.updateHeader(c.id, { status: 'closed' });
  const d = make(clients[3]!); // draft, S1 ×3 (recurring 16.5)
  store.addLineItems(d.id, [
    { type: 'Standard', productId: S1.id, billingTerm: 'Monthly', quantity: 3 },
  ]);
  // A quote created by Ben (pulled from the server) that Ada does not own.
  engineStore(store).sync.importRemote(
    remoteQuote({
      id: '3d2f9b1a-0000-4000-8000-0000000000b1',
      status: 'accepted',
      partnerId: '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc',
    }),
  );
  const e = engineStore(store).sync.localIdOf('quote', '3d2f9b1a-0000-4000-8000-0000000000b1')!;
  return { a: a.id, b: b.id, c: c.id, d: d.id, e };
}

const ids = (store: Store, query: Parameters<Store['listQuotes']>[0]) =>
  store.listQuotes(query).content.map((x) => x.id);

describe('listing quotes offline', () => {
  it('filters by one or several statuses and counts every status regardless of that filter', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    const all = store.listQuotes({ account: 'partner' });
    expect(all.page.totalElements).toBe(5);
    expect(all.statusCounts).toMatchObject({
      draft: 2,
      sent: 1,
      closed: 1,
      accepted: 1,
      declined: 0,
      expired: 0,
    });
    const drafts = store.listQuotes({ account: 'partner', status: 'draft' });
    expect(drafts.content.map((x) => x.id).sort()).toEqual([q.a, q.d].sort());
    expect(drafts.statusCounts).toEqual(all.statusCounts);
    expect(drafts.page.totalElements).toBe(2);
    const several = store.listQuotes({
      account: 'partner',
      status: 'sent,closed,accepted',
      sort: 'createdOn,asc',
    });
    expect(several.content.map((x) => x.id)).toEqual([q.e, q.b, q.c]);
    store.close();
  });

  it('lists the caller’s own quotes (created or owned) by default, the partner’s with account=partner', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    expect(ids(store, {}).sort()).toEqual([q.a, q.b, q.c, q.d].sort());
    expect(store.listQuotes({}).statusCounts.accepted).toBe(0);
    expect(ids(store, { account: 'partner' })).toContain(q.e);
    store.close();
  });

  it('searches client names, reference codes, creators, products, SKUs, notes and amounts, by prefix', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    const s = (search: string) => ids(store, { account: 'partner', search }).sort();
    expect(s('acme')).toEqual([q.a, q.e].sort());
    expect(s('Ac')).toEqual([q.a, q.e].sort()); // as you type
    expect(s('blue fj')).toEqual([q.b]);
    expect(s('Q-2026-0000')).toEqual([q.e]);
    expect(s('okafor')).toEqual([q.e]);
    expect(s('MST-M365')).toEqual([q.a]);
    expect(s('poweredge')).toEqual([q.b]);
    expect(s('SVC-CABLE')).toEqual([q.c]);
    expect(s('migration')).toEqual([q.a]);
    expect(s('1899')).toEqual([q.b]);
    expect(s('zebra')).toEqual([]);
    expect(s('acme*')).toEqual([q.a, q.e].sort()); // FTS syntax is plain text
    expect(s('"acme')).toEqual([q.a, q.e].sort());
    expect(s('acme NEAR')).toEqual([]);
    const counted = store.listQuotes({ account: 'partner', search: 'acme', status: 'accepted' });
    expect(counted.content.map((x) => x.id)).toEqual([q.e]);
    expect(counted.statusCounts).toMatchObject({ draft: 1, accepted: 1, sent: 0 });
    expect(counted.page.totalElements).toBe(1);
    store.close();
  });

  it('finds dashed names and codes whole or by their parts', () => {
    const store = seededStore();
    const q = store.createQuote({
      client: {
        id: 'c0ffee00-0000-4000-8000-000000000001',
        name: 'Rolls-Royce Motor Cars',
        isShadowCompany: false,
      },
    });
    store.addLineItems(q.id, [
      {
        type: 'Custom',
        productName: 'Survey',
        productSku: 'SVC-SURVEY-2026',
        billingTerm: 'One-Time',
        price: 10,
        cost: 5,
        initialTotal: 10,
        quantity: 1,
      },
    ]);
    const s = (search: string) => ids(store, { account: 'partner', search });
    expect(s('rolls-roy')).toEqual([q.id]);
    expect(s('royce')).toEqual([q.id]);
    expect(s('svc-survey-20')).toEqual([q.id]);
    expect(s('survey 2026')).toEqual([q.id]);
    expect(s('rolls-royce svc-survey')).toEqual([q.id]);
    expect(s('rolls-bentley')).toEqual([]);
    store.close();
  });

  it('finds a quote by what was just typed into it, and no longer by what was removed', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    store.updateLineItems(q.d, [
      { id: store.getWork(q.d).lineItems[0]!.id, note: 'rollout in Zaragoza' },
    ]);
    expect(ids(store, { account: 'partner', search: 'zarag' })).toEqual([q.d]);
    store.undo(q.d);
    expect(ids(store, { account: 'partner', search: 'zarag' })).toEqual([]);
    store.deleteQuote(q.a);
    expect(ids(store, { account: 'partner', search: 'acme' })).toEqual([q.e]);
    store.close();
  });

  it('sorts by every sort field of the API, both ways', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    const by = (sort: string) => ids(store, { account: 'partner', sort });
    expect(by('totals.initialTotal,desc').slice(0, 2)).toEqual([q.b, q.c]);
    expect(by('totals.recurringTotal,desc').slice(0, 2)).toEqual([q.a, q.d]);
    // Ties (two Acme quotes) keep a stable order.
    expect(by('client.name,asc')).toEqual([q.a, q.e, q.b, q.c, q.d]);
    expect(by('client.name,desc')).toEqual([q.d, q.c, q.b, q.e, q.a]);
    expect(by('createdOn,asc')).toEqual([q.e, q.a, q.b, q.c, q.d]);
    expect(by('createdOn,desc')).toEqual([q.d, q.c, q.b, q.a, q.e]);
    expect(by('createdBy,desc')[0]).toBe(q.e); // Ben Okafor after Ada Stone
    expect(by('status,asc')[0]).toBe(q.e); // accepted
    expect(by('updatedOn,desc')[0]).toBe(q.d);
    expect(by('id,asc')).toEqual([q.a, q.b, q.c, q.d, q.e].sort());
    // Every field, both ways: the page is in that field's order (names without case).
    const keyOf: Record<string, (x: ListEntry) => string | number> = {
      id: (x) => x.id,
      status: (x) => x.status,
      'client.name': (x) => x.client.name.toLowerCase(),
      createdBy: (x) => x.createdBy.toLowerCase(),
      createdOn: (x) => x.createdOn,
      updatedOn: (x) => x.updatedOn,
      'totals.initialTotal': (x) => x.totals.initialTotal.amount,
      'totals.recurringTotal': (x) => x.totals.recurringTotal.amount,
    };
    expect(Object.keys(keyOf).sort()).toEqual([...SortField.options].sort());
    for (const [field, key] of Object.entries(keyOf)) {
      for (const dir of ['asc', 'desc'] as const) {
        const keys = store
          .listQuotes({ account: 'partner', sort: `${field},${dir}` })
          .content.map(key);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (dir === 'desc') sorted.reverse();
        expect({ field, dir, keys }).toEqual({ field, dir, keys: sorted });
        // Not all equal, so the order says something.
        expect(new Set(keys).size, `${field} values`).toBeGreaterThan(1);
      }
    }
    store.close();
  });

  it('answers the first list, before any search, exactly as every later one: own quotes, their counts, their pages', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    // Created by Ben, owned by Ada: hers. Created by Ada, then deleted: not listed.
    const owned = remoteQuote({
      id: '3d2f9b1a-0000-4000-8000-0000000000d4',
      status: 'declined',
      partnerId: '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc',
    });
    owned.quote.ownedBy = { ...owned.quote.ownedBy!, id: ada.id, email: ada.email };
    const ownedId = store.sync.importRemote(owned).quoteId;
    store.deleteQuote(q.c);
    // The store as a launch finds it: reopened, nothing asked of it yet.
    const file = store.database.name;
    store.close();
    const reopened = seededStore({ file });
    const queries = [{}, { limit: 2 }, { limit: 2, page: 1 }, { limit: 2, page: 2 }];
    const first = queries.map((query) => reopened.listQuotes(query));
    expect(first[0]!.content.map((x) => x.id).sort()).toEqual([q.a, q.b, q.d, ownedId].sort());
    expect(first[0]!.statusCounts).toMatchObject({ draft: 2, sent: 1, declined: 1, closed: 0 });
    // A search reads every quote's list facts; after it, the same lists answer the same.
    reopened.listQuotes({ account: 'partner', search: 'acme' });
    expect(queries.map((query) => reopened.listQuotes(query))).toEqual(first);
    reopened.close();
  });

  it('filters by partner and by intent type, and counts statuses within those filters', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    // A quote another partner's platform sent: different partner, different intent.
    const other = store.sync.importRemote(
      remoteQuote({
        id: '3d2f9b1a-0000-4000-8000-0000000000c2',
        status: 'sent',
        partnerId: '406fbbde-0610-4c90-8729-c558b8c20782',
        intentType: 'PLATFORM_TO_PARTNER',
      }),
    ).quoteId;
    const northwind = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';
    const mine = [q.a, q.b, q.c, q.d, q.e].sort();
    expect(ids(store, { account: 'partner', partnerId: northwind }).sort()).toEqual(mine);
    expect(
      ids(store, { account: 'partner', partnerId: '406fbbde-0610-4c90-8729-c558b8c20782' }),
    ).toEqual([other]);
    expect(ids(store, { account: 'partner', intentType: 'PLATFORM_TO_PARTNER' })).toEqual([other]);
    expect(ids(store, { account: 'partner', intentType: 'PARTNER_TO_CLIENT' }).sort()).toEqual(
      [q.a, q.b, q.c, q.d].sort(),
    );
    expect(
      ids(store, { account: 'partner', partnerId: northwind, intentType: 'PLATFORM_TO_PARTNER' }),
    ).toEqual([]);
    const counts = store.listQuotes({
      account: 'partner',
      intentType: 'PLATFORM_TO_PARTNER',
      status: 'draft',
    });
    expect(counts.content).toEqual([]);
    expect(counts.statusCounts).toMatchObject({ sent: 1, draft: 0, accepted: 0 });
    // The same filters with a search are counted the same way.
    expect(
      store.listQuotes({ account: 'partner', partnerId: northwind, search: 'acme' }).statusCounts,
    ).toMatchObject({ draft: 1, accepted: 1, sent: 0 });
    store.close();
  });

  it('pages as the spec counts: zero-based, totals from one, empty past the end with the page echoed', () => {
    const store = seededStore();
    fiveQuotes(store);
    const p0 = store.listQuotes({ account: 'partner', limit: 2, sort: 'createdOn,asc' });
    expect(p0.page).toEqual({ number: 0, size: 2, totalElements: 5, totalPages: 3 });
    const p2 = store.listQuotes({
      account: 'partner',
      limit: '2',
      page: '2',
      sort: 'createdOn,asc',
    });
    expect(p2.content).toHaveLength(1);
    const p3 = store.listQuotes({ account: 'partner', limit: 2, page: 3 });
    expect(p3.content).toEqual([]);
    expect(p3.page.number).toBe(3);
    const all = [0, 1, 2].flatMap((page) =>
      ids(store, { account: 'partner', limit: 2, page, sort: 'createdOn,asc' }),
    );
    expect(new Set(all).size).toBe(5);
    const multi = [0, 1].flatMap((page) =>
      ids(store, {
        account: 'partner',
        status: 'draft,sent,closed',
        limit: 2,
        page,
        sort: 'totals.initialTotal,desc',
      }),
    );
    expect(multi).toHaveLength(4);
    expect(new Set(multi).size).toBe(4);
    expect(store.listQuotes({ account: 'partner', limit: 5 }).page.totalPages).toBe(1);
    expect(store.listQuotes({ account: 'partner', status: 'declined' }).page).toEqual({
      number: 0,
      size: 10,
      totalElements: 0,
      totalPages: 0,
    });
    store.close();
  });

  it('refuses bad parameters with INVALID_REQUEST_PARAMETER naming the parameter', () => {
    const store = seededStore();
    const fields = (query: Parameters<Store['listQuotes']>[0]) => {
      try {
        store.listQuotes(query);
      } catch (err) {
        if (err instanceof StoreValidationError)
          return err.details.map((d) => `${d.field}: ${d.type}`);
        throw err;
      }
      return [];
    };
    expect(fields({ limit: 101 })).toEqual(['limit: INVALID_REQUEST_PARAMETER']);
    expect(fields({ limit: 0 })).toEqual(['limit: INVALID_REQUEST_PARAMETER']);
    expect(fields({ page: -1 })).toEqual(['page: INVALID_REQUEST_PARAMETER']);
    expect(fields({ sort: 'referenceCode,asc' })).toEqual(['sort: INVALID_REQUEST_PARAMETER']);
    expect(fields({ status: 'draft,won' })).toEqual(['status: INVALID_REQUEST_PARAMETER']);
    expect(fields({ limit: 100, sort: 'client.name,desc', status: 'draft,sent' })).toEqual([]);
    store.close();
  });

  it('keeps status counts right through status changes, deletes and pulls', () => {
    const store = seededStore();
    const q = fiveQuotes(store);
    store.updateHeader(q.a, { status: 'sent' });
    store.deleteQuote(q.d);
    const counts = store.listQuotes({ account: 'partner' }).statusCounts;
    expect(counts).toMatchObject({ draft: 0, sent: 2, closed: 1, accepted: 1 });
    const expectAsInTable = () => {
      const now = store.listQuotes({ account: 'partner' }).statusCounts;
      const direct = store.database
        .prepare('SELECT status, count(*) AS n FROM quotes WHERE deleted = 0 GROUP BY status')
        .all() as { status: string; n: number }[];
      expect(Object.values(now).reduce((a, b) => a + b, 0)).toBe(
        direct.reduce((a, r) => a + r.n, 0),
      );
      for (const r of direct) expect(now[r.status as keyof typeof now]).toBe(r.n);
    };
    expectAsInTable();
    // Counted once, then kept in step by every change that follows.
    store.updateHeader(q.a, { status: 'draft' });
    store.undo(q.d);
    store.deleteQuote(q.b);
    store.createQuote({ client: clientOf(acme) });
    expectAsInTable();
    store.close();
  });
});

/** `n` quotes, a tenth of them Blue Fjord's, every seventh with a line, every third sent. */
function manyQuotes(n = 2300) {
  const store = seededStore();
  let t = Date.parse('2026-01-01T00:00:00Z');
  store.transaction(() => {
    for (let i = 0; i < n; i++) {
      const c = i % 10 === 0 ? blueFjord : acme;
      const q = store.createQuote({ client: clientOf(c), now: new Date((t += 1000)) });
      if (i % 7 === 0)
        store.addLineItems(q.id, [
          {
            type: 'Standard',
            productId: M365.id,
            billingTerm: 'Monthly',
            quantity: 1 + (i % 13),
          },
        ]);
      if (i % 3 === 0) store.updateHeader(q.id, { status: 'sent' });
    }
  });
  return store;
}

describe('filtering many quotes by status', () => {
  it('pages thousands of quotes of some statuses exactly like the unfiltered list filtered by hand', () => {
    // More drafts than a page behind a filter is sorted alone: the sort index is walked.
    const store = manyQuotes(3300);
    // The unfiltered list is read in SQLite's own order; the filtered one walks it in memory.
    const byHand = (sort: string, statuses: string[]) => {
      const out: string[] = [];
      for (let page = 0; ; page++) {
        const r = store.listQuotes({ account: 'partner', sort, limit: 100, page });
        out.push(...r.content.filter((x) => statuses.includes(x.status)).map((x) => x.id));
        if (page + 1 >= r.page.totalPages) break;
      }
      return out;
    };
    for (const [sort, status] of [
      ['updatedOn,desc', 'draft'],
      ['totals.recurringTotal,desc', 'draft'],
      ['client.name,asc', 'draft,accepted'],
      ['createdBy,asc', 'sent'],
      ['id,asc', 'draft,sent'],
    ] as const) {
      const want = byHand(sort, status.split(','));
      expect(want.length).toBeGreaterThan(700);
      for (const page of [0, 5]) {
        const got = store.listQuotes({ account: 'partner', sort, status, limit: 100, page });
        expect(got.content.map((x) => x.id)).toEqual(want.slice(page * 100, page * 100 + 100));
        expect(got.page.totalElements).toBe(want.length);
        expect(got.statusCounts.draft + got.statusCounts.sent).toBe(3300);
      }
    }
    store.close();
  });
});

describe('searching many quotes', () => {
  it('pages a search with thousands of matches exactly like the unsearched list filtered by hand', () => {
    const store = manyQuotes();
    const reference = (sort: string, status?: string) => {
      const out: string[] = [];
      for (let page = 0; ; page++) {
        const r = store.listQuotes({ account: 'partner', sort, status, limit: 100, page });
        out.push(...r.content.filter((x) => x.client.name === acme.name).map((x) => x.id));
        if (page + 1 >= r.page.totalPages) break;
      }
      return out;
    };
    for (const [sort, status] of [
      ['createdOn,desc', undefined],
      ['totals.recurringTotal,desc', 'draft,sent'],
      ['status,asc', undefined],
      ['id,asc', 'sent'],
    ] as const) {
      const want = reference(sort, status);
      expect(want.length).toBeGreaterThan(600);
      const got = store.listQuotes({
        account: 'partner',
        search: 'acme',
        sort,
        status,
        limit: 50,
        page: 3,
      });
      expect(got.content.map((x) => x.id)).toEqual(want.slice(150, 200));
      expect(got.page.totalElements).toBe(want.length);
      expect(got.statusCounts.draft + got.statusCounts.sent).toBe(2070);
      // All of them are Ada's, so her own list (created or owned) pages the same way.
      const mine = store.listQuotes({ search: 'acme', sort, status, limit: 50, page: 3 });
      expect(mine.content.map((x) => x.id)).toEqual(want.slice(150, 200));
      const mineAll = store.listQuotes({ sort, status, limit: 50, page: 3 });
      expect(mineAll.content.map((x) => x.id)).toEqual(
        store
          .listQuotes({ account: 'partner', sort, status, limit: 50, page: 3 })
          .content.map((x) => x.id),
      );
    }
    store.close();
  });
});

describe('searching a few quotes', () => {
  it('pages them in the list order, quotes of the same moment by row, as the unsearched list does', () => {
    const store = seededStore();
    const start = Date.parse('2026-02-01T00:00:00Z');
    store.transaction(() => {
      for (let i = 0; i < 900; i++) {
        const c = i % 3 === 0 ? blueFjord : acme;
        // Four quotes share each moment: the order between them is the rows'.
        store.createQuote({ client: clientOf(c), now: new Date(start + Math.floor(i / 4) * 1000) });
      }
    });
    const reference = (sort?: string, client = blueFjord) => {
      const out: string[] = [];
      for (let page = 0; ; page++) {
        const r = store.listQuotes({ account: 'partner', sort, limit: 100, page });
        out.push(...r.content.filter((x) => x.client.name === client.name).map((x) => x.id));
        if (page + 1 >= r.page.totalPages) break;
      }
      return out;
    };
    for (const sort of [undefined, 'updatedOn,desc', 'updatedOn,asc', 'client.name,desc']) {
      const want = reference(sort);
      expect(want).toHaveLength(300);
      for (const page of [0, 1, 3, 9]) {
        const got = store.listQuotes({
          account: 'partner',
          search: 'fjord',
          sort,
          limit: 30,
          page,
        });
        expect(got.content.map((x) => x.id)).toEqual(want.slice(page * 30, page * 30 + 30));
        expect(got.page.totalElements).toBe(300);
      }
    }
    // Deep pages too (600 matches).
    const acmes = reference(undefined, acme);
    const deep = store.listQuotes({ account: 'partner', search: 'acme', limit: 100, page: 5 });
    expect(deep.content.map((x) => x.id)).toEqual(acmes.slice(500, 600));
    // An edit makes its quote the newest: first in the default order from then on.
    const oldest = reference().at(-1)!;
    store.updateHeader(oldest, { introMessage: 'Updated terms' });
    expect(store.listQuotes({ search: 'fjord', limit: 5 }).content[0]!.id).toBe(oldest);
    expect(
      store
        .listQuotes({ search: 'fjord', sort: 'updatedOn,asc', limit: 100, page: 2 })
        .content.at(-1)!.id,
    ).toBe(oldest);
    store.close();
  });
});

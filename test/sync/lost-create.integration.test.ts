// Creates whose answer was lost after the server had made them: the next round must find what
// the server made and adopt it, never make a second copy, and park the quote for the user when
// it cannot tell which of several quotes is its own. The answers are lost by the
// fault-injecting HTTPS proxy (test/api/fault-proxy.ts) between the engine's real client and
// the real server: it forwards the request, the server commits, and the proxy drops the
// connection before the answer (a fault the real server cannot produce on demand).
import { beforeEach, describe, expect, it } from 'vitest';
import { conflictView } from '../../main/services/views';
import { takeMine, takeTheirs } from '../../main/sync';
import { CLIENTS, PRODUCTS, device, primeCatalogue } from './harness';
import { proxiedOfficeForFile } from './office';

const office = proxiedOfficeForFile();
beforeEach(async () => {
  // Every quote of an earlier test would be a candidate for a lost create (same user, within
  // the clock-skew window): each test starts from an empty server view.
  for (let guard = 0; guard < 20; guard++) {
    const res = await office.ben.listQuotes({ account: 'partner', limit: 100 });
    if (!res.content.length) break;
    for (const q of res.content) await office.ben.deleteQuote(q.id);
  }
  office.proxy.clear();
});

const LOSE_QUOTE_CREATE = {
  method: 'POST',
  path: /^\/v2\/quotes$/,
  times: 1,
  fault: { kind: 'drop-after-forward' },
} as const;

/** Ada's quotes for one client on the server, newest first. */
async function adasQuotesFor(clientId: string) {
  const res = await office.ada.listQuotes({ account: 'user', sort: 'createdOn,desc', limit: 100 });
  return res.content.filter((q) => q.client.id === clientId);
}

describe('sync engine against the real server: creates whose answer was lost', () => {
  it('a lost quote create is found on the next round and adopted: one quote on the server, with my content', async () => {
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 5 },
    ]);
    d.store.updateHeader(w.id, { introMessage: 'Lost and found' });
    office.proxy.inject(LOSE_QUOTE_CREATE);

    const first = await d.engine.syncOnce();
    expect(first.retry).not.toBeNull();
    expect(d.store.getQuote(w.id)!.serverId).toBeNull();
    expect(d.store.sync.listJournal({ quoteId: w.id }).map((e) => e.op)).toEqual(['createQuote']);
    expect(await adasQuotesFor(CLIENTS.acme.id)).toHaveLength(1); // the server did make it

    const second = await d.engine.syncOnce();
    expect(second.results[w.id]).toBe('synced');
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(1); // never sent again
    const onServer = await adasQuotesFor(CLIENTS.acme.id);
    expect(onServer).toHaveLength(1);
    expect(d.store.getQuote(w.id)!.serverId).toBe(onServer[0]!.id);
    const remote = await office.ben.getQuote(onServer[0]!.id);
    expect(remote.introMessage).toBe('Lost and found');
    expect(remote.lineItems.map((li) => [li.product.id, li.quantity])).toEqual([
      [PRODUCTS.m365, 5],
    ]);
    expect(d.store.getQuote(w.id)!.dirty).toBe(false);
    expect(d.store.sync.listJournal({})).toEqual([]);
    d.store.close();
  });

  it('a lost line-item add is adopted: no duplicate items, and a later edit reaches the same items', async () => {
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 3 },
    ]);
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;

    const [defender, setup] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.defender, billingTerm: 'Monthly', quantity: 7 },
      {
        type: 'Custom',
        productName: 'Onsite setup',
        billingTerm: 'One-Time',
        price: 450,
        cost: 300,
        initialTotal: 450,
        quantity: 1,
      },
    ]);
    office.proxy.clear(); // count from here: the first round's add went through
    office.proxy.inject({
      method: 'POST',
      path: /\/line-items$/,
      times: 1,
      fault: { kind: 'drop-after-forward' },
    });
    const first = await d.engine.syncOnce();
    expect(first.retry).not.toBeNull();
    expect(d.store.sync.listJournal({ quoteId: w.id }).map((e) => e.op)).toEqual(['addLineItems']);
    expect((await office.ben.getQuote(sid)).lineItems).toHaveLength(3); // they did land

    const second = await d.engine.syncOnce();
    expect(second.results[w.id]).toBe('synced');
    expect(office.proxy.count('POST', /\/line-items$/)).toBe(1); // never sent again
    const items = (await office.ben.getQuote(sid)).lineItems;
    expect(items).toHaveLength(3);
    const defenderRemote = items.filter((li) => li.product.id === PRODUCTS.defender);
    expect(defenderRemote).toHaveLength(1);
    expect(d.store.sync.serverIdOf('lineItem', defender!)).toBe(defenderRemote[0]!.id);
    expect(d.store.sync.serverIdOf('lineItem', setup!)).toBeTruthy();

    // The adoption is real: an edit of the local item lands on that same server item.
    d.store.updateLineItems(w.id, [{ id: defender!, quantity: 9 }]);
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const after = (await office.ben.getQuote(sid)).lineItems;
    expect(after).toHaveLength(3);
    expect(after.find((li) => li.id === defenderRemote[0]!.id)!.quantity).toBe(9);
    expect(d.store.sync.listJournal({})).toEqual([]);
    d.store.close();
  });

  /**
   * Ada made a quote for Cedar on another computer; then this device's create for Cedar is
   * lost after the server made it. Two quotes of hers for Cedar, created in the window, that
   * no local quote stands for: the engine cannot tell which is its own.
   */
  async function parkedCreate() {
    const other = await office.ada.createQuote({ clientId: CLIENTS.cedar.id });
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.backup, billingTerm: 'Monthly', quantity: 6 },
    ]);
    d.store.updateHeader(w.id, { introMessage: 'Mine, made offline' });
    office.proxy.inject(LOSE_QUOTE_CREATE);
    expect((await d.engine.syncOnce()).retry).not.toBeNull();
    const both = await adasQuotesFor(CLIENTS.cedar.id);
    expect(both).toHaveLength(2);
    const lost = both.find((q) => q.id !== other.id)!;

    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('conflict');
    const conflicts = d.store.sync.listConflicts(w.id);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ entityKind: 'quote', field: '#create' });
    // Shown to the salesperson in words, each candidate by its reference code.
    const shown = conflictView(conflicts[0]!, d.store.getWork(w.id));
    expect(shown).toMatchObject({ kind: 'maybeCreated', label: 'The quote itself' });
    expect(shown.mine).toBe('Created from here; the answer never came back');
    for (const q of both) expect(shown.theirs).toContain(q.referenceCode);
    expect(JSON.stringify(shown)).not.toContain('"op"');
    expect(d.store.getQuote(w.id)!.syncState).toBe('conflict');
    expect(d.store.getQuote(w.id)!.serverId).toBeNull();
    // Nothing created, nothing sent to either candidate.
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(1);
    expect(await adasQuotesFor(CLIENTS.cedar.id)).toHaveLength(2);
    for (const q of both) expect((await office.ben.getQuote(q.id)).lineItems).toEqual([]);
    // Parked: the next cycle leaves it alone until the user chooses.
    expect((await d.engine.syncOnce()).pushed).toEqual([]);
    return { d, id: w.id, other: other.id, lost: lost.id };
  }

  it('an ambiguous lost quote create is parked for the user; take theirs adopts the newest candidate and creates nothing', async () => {
    const { d, id, other, lost } = await parkedCreate();
    takeTheirs(d.store, id);
    const r = await d.engine.syncOnce();
    expect(r.results[id]).toBe('synced');
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(1);
    const onServer = await adasQuotesFor(CLIENTS.cedar.id);
    expect(onServer.map((q) => q.id).sort()).toEqual([other, lost].sort());
    // The newest candidate is the one the lost create made: it now holds my quote.
    expect(d.store.getQuote(id)!.serverId).toBe(lost);
    const mine = await office.ben.getQuote(lost);
    expect(mine.introMessage).toBe('Mine, made offline');
    expect(mine.lineItems.map((li) => [li.product.id, li.quantity])).toEqual([
      [PRODUCTS.backup, 6],
    ]);
    expect((await office.ben.getQuote(other)).lineItems).toEqual([]); // the other computer's is untouched
    expect(d.store.sync.listConflicts(id)).toEqual([]);
    expect(d.store.getQuote(id)!.dirty).toBe(false);
    d.store.close();
  });

  it('an ambiguous lost quote create: the user names which server quote is this one, and it gets my content; a quote that is no candidate is refused', async () => {
    const { d, id, other, lost } = await parkedCreate();
    const [parked] = d.store.sync.listConflicts(id);
    const shown = conflictView(parked!, d.store.getWork(id));
    expect(shown.candidates?.map((k) => k.serverId).sort()).toEqual([other, lost].sort());
    expect(() =>
      takeTheirs(d.store, id, parked!.id, '00000000-0000-4000-8000-000000000000'),
    ).toThrow(/not one this quote could be/);
    expect(d.store.sync.listConflicts(id)).toHaveLength(1);

    takeTheirs(d.store, id, parked!.id, other);
    const r = await d.engine.syncOnce();
    expect(r.results[id]).toBe('synced');
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(1);
    expect(d.store.getQuote(id)!.serverId).toBe(other);
    expect((await office.ben.getQuote(other)).introMessage).toBe('Mine, made offline');
    expect((await office.ben.getQuote(lost)).lineItems).toEqual([]);
    d.store.close();
  });

  it('an ambiguous lost quote create is parked for the user; take mine sends the create again, leaving both candidates alone', async () => {
    const { d, id, other, lost } = await parkedCreate();
    takeMine(d.store, id);
    const r = await d.engine.syncOnce();
    expect(r.results[id]).toBe('synced');
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(2);
    const onServer = await adasQuotesFor(CLIENTS.cedar.id);
    expect(onServer).toHaveLength(3);
    const sid = d.store.getQuote(id)!.serverId!;
    expect([other, lost]).not.toContain(sid);
    const mine = await office.ben.getQuote(sid);
    expect(mine.introMessage).toBe('Mine, made offline');
    expect(mine.lineItems.map((li) => [li.product.id, li.quantity])).toEqual([
      [PRODUCTS.backup, 6],
    ]);
    for (const q of [other, lost]) expect((await office.ben.getQuote(q)).lineItems).toEqual([]);
    expect(d.store.sync.listConflicts(id)).toEqual([]);
    expect(d.store.getQuote(id)!.dirty).toBe(false);
    d.store.close();
  });

  it('an ambiguous lost quote create with the pull on: the pull brings in neither candidate while it is parked, and take theirs adopts the newest (one local quote per server quote)', async () => {
    const other = await office.ada.createQuote({ clientId: CLIENTS.blueFjord.id });
    const d = device(office.viaProxy);
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    d.store.updateHeader(w.id, { introMessage: 'Mine, with the pull on' });
    office.proxy.inject(LOSE_QUOTE_CREATE);
    expect((await d.engine.syncOnce()).retry).not.toBeNull();
    const lost = (await adasQuotesFor(CLIENTS.blueFjord.id)).find((q) => q.id !== other.id)!;
    expect((await d.engine.syncOnce()).results[w.id]).toBe('conflict');
    // While the user has not chosen, the pull brings in neither candidate: either may be this
    // very quote, and an empty stand-in she edited could never be adopted again.
    await d.engine.syncOnce();
    const parked = d.store
      .listQuotes({ limit: 100, account: 'partner' })
      .content.filter((e) => e.client.id === CLIENTS.blueFjord.id);
    expect(parked.map((e) => e.id)).toEqual([w.id]);

    takeTheirs(d.store, w.id);
    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('synced');
    expect(office.proxy.count('POST', '/v2/quotes')).toBe(1);
    expect(d.store.getQuote(w.id)!.serverId).toBe(lost.id);
    expect((await office.ben.getQuote(lost.id)).introMessage).toBe('Mine, with the pull on');
    // Here: my quote, and the one from the other computer — no third, empty stand-in.
    const here = d.store
      .listQuotes({ account: 'partner', limit: 100 })
      .content.map((e) => d.store.getQuote(e.id)!)
      .filter((q) => q.work.client.id === CLIENTS.blueFjord.id);
    expect(here.map((q) => q.serverId).sort()).toEqual([lost.id, other.id].sort());
    expect((await adasQuotesFor(CLIENTS.blueFjord.id)).map((q) => q.id).sort()).toEqual(
      [lost.id, other.id].sort(),
    );
    d.store.close();
  });
});

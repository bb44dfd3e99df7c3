// The engine against servers that answer within the spec but not as ours does: the real
// server behind the proxy (test/api/fault-proxy.ts) speaking a dialect (test/api/dialects.ts).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../main/api';
import { fromRemote, fromWork } from '../../main/sync';
import { pageOrEnd } from '../../main/sync/errors';
import { DIALECTS, PAGE_PAST_END_404, UPPER_CASE_IDS, combine } from '../api/dialects';
import { CLIENTS, PRODUCTS, device, pdf, primeCatalogue } from './harness';
import { proxiedOfficeForFile } from './office';

const office = proxiedOfficeForFile();

describe('sync engine against a server that writes ids in upper case', () => {
  it('a new offline quote with two items is created with both, and keeps both here', async () => {
    office.proxy.speak(UPPER_CASE_IDS);
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 5 },
      { type: 'Standard', productId: PRODUCTS.defender, billingTerm: 'Monthly', quantity: 5 },
    ]);

    const r = await d.engine.syncOnce();
    expect(r.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect(q.work.lineItems.map((li) => li.product.id).sort()).toEqual(
      [PRODUCTS.m365, PRODUCTS.defender].sort(),
    );
    const remote = await office.ben.getQuote(q.serverId!.toLowerCase());
    expect(remote.lineItems.map((li) => li.product.id).sort()).toEqual(
      [PRODUCTS.m365, PRODUCTS.defender].sort(),
    );
    // Nothing was deleted on the way.
    expect(office.proxy.count('POST', /\/line-items\/bulk-delete$/)).toBe(0);
    // A second round has nothing to send.
    const again = await d.engine.syncOnce();
    expect(again.pushed).toEqual([]);
    expect(d.store.getQuote(w.id)!.work.lineItems).toHaveLength(2);
    d.store.close();
  });
});

describe('sync engine against a server speaking every dialect at once', () => {
  it("a quote built offline is pushed whole, a colleague's change comes down, and work = base = server", async () => {
    office.proxy.speak(combine(DIALECTS));
    const d = device(office.viaProxy);
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.blueFjord });
    const [a, b] = d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.s1, billingTerm: 'Monthly', quantity: 4 },
      {
        type: 'Standard',
        productId: PRODUCTS.s1Addon,
        billingTerm: 'Monthly',
        quantity: 4,
        requiredLineItemIndex: 0,
      },
      {
        type: 'Custom',
        productName: 'Onboarding',
        billingTerm: 'One-Time',
        price: 300,
        cost: 100,
        initialTotal: 300,
        quantity: 1,
      },
    ]);
    const sec = d.store.createSection(w.id, 'Security');
    d.store.moveLineItem(w.id, a!, { sectionId: sec });
    d.store.moveLineItem(w.id, b!, { sectionId: sec });
    d.store.addAccessEntries(w.id, [{ email: 'ola@fjord.example', accountType: 'contact' }]);
    d.store.addAttachments(w.id, [
      { name: 'one.pdf', bytes: pdf('dialect-1') },
      { name: 'two.pdf', bytes: pdf('dialect-2') },
    ]);
    d.store.updateHeader(w.id, { introMessage: 'Hei Ola' });

    const r = await d.engine.syncOnce();
    expect(r.errors).toEqual({});
    expect(r.results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;
    expect(sid).toBe(sid.toLowerCase());

    // Ben changes the intro; the next cycle brings it down.
    const cur = await office.ben.getQuote(sid);
    await office.ben.updateQuote(sid, {
      expiresOn: cur.expiresOn,
      introMessage: 'Hei Ola, updated',
      termsAndDisclaimers: cur.termsAndDisclaimers,
      status: cur.status,
      published: cur.published,
    });
    const again = await d.engine.syncOnce();
    expect(again.errors).toEqual({});
    const q = d.store.getQuote(w.id)!;
    expect(q.work.introMessage).toBe('Hei Ola, updated');
    expect(q.work.lineItems).toHaveLength(3);
    expect(q.dirty).toBe(false);
    const [quote, s, acl] = await Promise.all([
      office.ben.getQuote(sid),
      office.ben.getSections(sid),
      office.ben.getAccessList(sid),
    ]);
    const idOf = (kind: string, x: string) =>
      d.store.sync.localIdOf(kind as never, x) ?? `unmapped:${x}`;
    const server = fromRemote({ quote, sections: s.sections, accessList: acl.accessList }, idOf);
    expect(fromWork(q.work)).toEqual(server);
    expect(quote.lineItems).toHaveLength(3);
    expect(quote.attachments.map((x) => x.name).sort()).toEqual(['one.pdf', 'two.pdf']);
    // Nothing left to send.
    expect((await d.engine.syncOnce()).pushed).toEqual([]);
    d.store.close();
  });

  it('a page past the end answered 404 ends the list', async () => {
    office.proxy.speak(PAGE_PAST_END_404);
    const err = await office.viaProxy.listQuotes({ page: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect(await pageOrEnd(50, () => office.viaProxy.listQuotes({ page: 50 }))).toBeNull();
    // The first page is never "past the end".
    expect((await pageOrEnd(0, () => office.viaProxy.listQuotes({ page: 0 })))!.page.number).toBe(
      0,
    );
  });
});

// A publish made offline and refused by the server at sync (the refusal injected by the fault
// proxy: the real server takes every valid publish): the quote is a draft again here, says
// why, and every other edit made with it reaches the server.
import { describe, expect, it } from 'vitest';
import { publishRefusal } from '../../main/sync';
import { CLIENTS, PRODUCTS, device, primeCatalogue } from './harness';
import { proxiedOfficeForFile } from './office';

const office = proxiedOfficeForFile();

describe('sync engine: a refused publish', () => {
  it('takes the publish back, keeps and sends the other edits, and says why', async () => {
    const d = device(office.viaProxy, { pull: false });
    await primeCatalogue(d.store, office.ada);
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    d.store.addLineItems(w.id, [
      { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 3 },
    ]);
    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const sid = d.store.getQuote(w.id)!.serverId!;

    d.store.updateHeader(w.id, { introMessage: 'Written at the client’s desk' });
    d.store.updateHeader(w.id, { status: 'sent', published: true });
    const put = new RegExp(`^/v2/quotes/${sid}$`);
    const putsBefore = office.proxy.count('PUT', put);
    office.proxy.inject({
      method: 'PUT',
      path: put,
      times: 1,
      fault: {
        kind: 'status',
        status: 400,
        body: JSON.stringify({
          status: 400,
          type: 'QUOTE_INVALID_STATUS',
          message: 'status: a quote cannot go from draft to sent',
          details: [],
        }),
      },
    });
    const report = await d.engine.syncOnce();
    expect(report.results[w.id]).toBe('synced');
    const q = d.store.getQuote(w.id)!;
    expect([q.work.status, q.work.published, q.work.introMessage]).toEqual([
      'draft',
      false,
      'Written at the client’s desk',
    ]);
    expect(publishRefusal(d.store, w.id)).toBe('status: a quote cannot go from draft to sent');
    const server = await office.ada.getQuote(sid);
    expect([server.status, server.published, server.introMessage]).toEqual([
      'draft',
      false,
      'Written at the client’s desk',
    ]);
    // The refused publish, then the header without it.
    expect(office.proxy.count('PUT', put) - putsBefore).toBe(2);
    d.store.close();
  });
});

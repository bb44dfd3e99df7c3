// Text the server cannot store: half of an emoji, as cutting a note to its limit leaves it.
// The store repairs it before keeping it (the half goes), so what is sent is what is kept and
// what the server reads back: no refusal, and no false conflict afterwards.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { CLIENTS, device, primeCatalogue } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ ada, ben } = office));

describe('text with half a character', () => {
  it('is kept without the half, synced as kept, and reads back without a conflict', async () => {
    const d = device(ada);
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    const cut = 'See you soon 👋'.slice(0, -1); // the emoji's first half only
    d.store.updateHeader(w.id, { introMessage: cut, termsAndDisclaimers: '\udc4b Net 30' });
    const [li] = d.store.addLineItems(w.id, [
      {
        type: 'Custom',
        productName: 'Setup 🚀'.slice(0, -1),
        billingTerm: 'One-Time',
        price: 10,
        cost: 5,
        initialTotal: 10,
        quantity: 1,
      },
    ]);
    d.store.updateLineItems(w.id, [{ id: li!, note: 'Call first ☎️ 📞'.slice(0, -1) }]);
    const work = d.store.getWork(w.id);
    expect(work.introMessage).toBe('See you soon ');
    expect(work.termsAndDisclaimers).toBe(' Net 30');
    expect(work.lineItems[0]!.product.name).toBe('Setup ');
    expect(work.lineItems[0]!.note).toBe('Call first ☎️ ');

    expect((await d.engine.syncOnce()).results[w.id]).toBe('synced');
    const remote = await ben.getQuote(d.store.getQuote(w.id)!.serverId!);
    expect(remote.introMessage).toBe('See you soon ');
    expect(remote.lineItems[0]!.note).toBe('Call first ☎️ ');
    // The next cycle reads it again: the same text, nothing to merge, nothing to send.
    const again = await d.engine.syncOnce();
    expect(again.pushed).toEqual([]);
    expect(d.store.sync.listConflicts(w.id)).toEqual([]);
    expect(d.store.getQuote(w.id)!.syncState).toBe('synced');
    d.store.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { saveMineAsNew, takeMine, takeTheirs } from '../../main/sync';
import { CLIENTS, PRODUCTS, device, primeCatalogue, type Device } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ ada, ben } = office));

/** A quote with two line items, synced: returns the device, local id and server id. */
async function syncedQuote(): Promise<{ d: Device; id: string; sid: string; items: string[] }> {
  const d = device(ada, { pull: false });
  await primeCatalogue(d.store, ada);
  const w = d.store.createQuote({ client: CLIENTS.blueFjord });
  const items = d.store.addLineItems(w.id, [
    { type: 'Standard', productId: PRODUCTS.m365, billingTerm: 'Monthly', quantity: 10 },
    { type: 'Standard', productId: PRODUCTS.defender, billingTerm: 'Monthly', quantity: 10 },
  ]);
  d.store.updateHeader(w.id, { introMessage: 'Hello', termsAndDisclaimers: 'Net 30' });
  const r = await d.engine.syncOnce();
  expect(r.results[w.id]).toBe('synced');
  return { d, id: w.id, sid: d.store.getQuote(w.id)!.serverId!, items };
}

/** Ben edits the (Monthly, Standard) line item of `product` on the server; its id. */
async function benItem(
  sid: string,
  product: string,
  patch: Partial<{ price: number; quantity: number; note: string }>,
): Promise<string> {
  const li = (await ben.getQuote(sid)).lineItems.find((x) => x.product.id === product)!;
  await ben.updateLineItems(sid, [
    {
      type: 'Standard',
      id: li.id,
      effectiveDate: li.effectiveDate,
      price: li.price.amount,
      quantity: li.quantity,
      billingTerm: 'Monthly',
      note: li.note,
      ...patch,
    },
  ]);
  return li.id;
}

async function benHeader(
  sid: string,
  patch: Partial<{
    introMessage: string;
    termsAndDisclaimers: string;
    status: string;
    published: boolean;
  }>,
) {
  const q = await ben.getQuote(sid);
  return ben.updateQuote(sid, {
    expiresOn: q.expiresOn,
    introMessage: q.introMessage,
    termsAndDisclaimers: q.termsAndDisclaimers,
    status: q.status,
    published: q.published,
    ...patch,
  } as never);
}

/** A conflict on the intro (Ada A / Ben A), "take theirs" chosen, then Ada writes "Ada B": no sync since. */
async function theirsTakenThenEditedAgain() {
  const q = await syncedQuote();
  q.d.store.updateHeader(q.id, { introMessage: 'Ada A' });
  await benHeader(q.sid, { introMessage: 'Ben A' });
  expect((await q.d.engine.syncOnce()).results[q.id]).toBe('conflict');
  takeTheirs(q.d.store, q.id);
  q.d.store.updateHeader(q.id, { introMessage: 'Ada B' });
  return q;
}

describe('sync engine against the real server: merges and conflicts', () => {
  it('edits of different fields on both sides are merged, and both end up on the server and here', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateHeader(id, { introMessage: 'Hello from Ada' });
    d.store.updateLineItems(id, [{ id: items[0]!, quantity: 25 }]);
    await benHeader(sid, { termsAndDisclaimers: 'Net 45' });
    await benItem(sid, PRODUCTS.defender, { price: 3.5, quantity: 10, note: 'Ben priced this' });

    const r = await d.engine.syncOnce();
    expect(r.results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.introMessage).toBe('Hello from Ada');
    expect(remote.termsAndDisclaimers).toBe('Net 45');
    expect(remote.lineItems.find((li) => li.product.id === PRODUCTS.m365)!.quantity).toBe(25);
    expect(remote.lineItems.find((li) => li.product.id === PRODUCTS.defender)!.note).toBe(
      'Ben priced this',
    );
    const work = d.store.getQuote(id)!.work;
    expect(work.termsAndDisclaimers).toBe('Net 45');
    expect(work.lineItems.find((li) => li.id === items[1])!.price).toBe(3.5);
    expect(d.store.getQuote(id)!.dirty).toBe(false);
  });

  it('the same field changed on both sides is a conflict with both values; take mine puts mine on the server', async () => {
    const { d, id, sid } = await syncedQuote();
    d.store.updateHeader(id, { introMessage: 'Ada wrote this' });
    await benHeader(sid, { introMessage: 'Ben wrote this' });

    const r = await d.engine.syncOnce();
    expect(r.results[id]).toBe('conflict');
    const [c] = d.store.sync.listConflicts(id);
    expect(c).toMatchObject({
      entityKind: 'quote',
      field: 'introMessage',
      base: 'Hello',
      local: 'Ada wrote this',
      remote: 'Ben wrote this',
    });
    expect((await ben.getQuote(sid)).introMessage).toBe('Ben wrote this');
    // Parked: another cycle sends nothing for it until the user chooses.
    expect((await d.engine.syncOnce()).pushed).toEqual([]);

    takeMine(d.store, id);
    const again = await d.engine.syncOnce();
    expect(again.results[id]).toBe('synced');
    expect((await ben.getQuote(sid)).introMessage).toBe('Ada wrote this');
    expect(d.store.getQuote(id)!.work.introMessage).toBe('Ada wrote this');
    expect(d.store.sync.listConflicts(id)).toEqual([]);
  });

  it('a choice answers the conflict it was made on: an edit of the field made after "take theirs" and before the next sync, while the colleague changes it again, is a new conflict, not overwritten', async () => {
    const { d, id, sid } = await theirsTakenThenEditedAgain();
    // No sync yet since Ada's new edit; Ben writes again too.
    await benHeader(sid, { introMessage: 'Ben B' });

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    expect(d.store.getQuote(id)!.work.introMessage).toBe('Ada B');
    expect(d.store.sync.listConflicts(id)).toMatchObject([
      { field: 'introMessage', local: 'Ada B', remote: 'Ben B' },
    ]);
    expect((await ben.getQuote(sid)).introMessage).toBe('Ben B');
  });

  it('an edit of the field made after "take theirs" and before the next sync is kept, the server unchanged since', async () => {
    const { d, id, sid } = await theirsTakenThenEditedAgain();

    await d.engine.syncOnce();
    expect(d.store.getQuote(id)!.work.introMessage).toBe('Ada B');
    const open = d.store.sync.listConflicts(id);
    if (open.length === 0) expect((await ben.getQuote(sid)).introMessage).toBe('Ada B');
    else expect(open).toMatchObject([{ local: 'Ada B', remote: 'Ben A' }]);
  });

  it('take theirs for a conflicting line item keeps the server value here, and my other edits still go up', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateLineItems(id, [{ id: items[0]!, quantity: 11 }]);
    d.store.updateHeader(id, { termsAndDisclaimers: 'Net 60' });
    const benLine = await benItem(sid, PRODUCTS.m365, { quantity: 40 });

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    const c = d.store.sync.listConflicts(id).find((x) => x.entityKind === 'lineItem')!;
    expect(c).toMatchObject({
      entityId: items[0],
      field: 'quantity',
      base: 10,
      local: 11,
      remote: 40,
    });
    takeTheirs(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.lineItems.find((x) => x.id === benLine)!.quantity).toBe(40);
    expect(remote.termsAndDisclaimers).toBe('Net 60');
    expect(d.store.getQuote(id)!.work.lineItems.find((x) => x.id === items[0])!.quantity).toBe(40);
  });

  it('a quote published remotely while it has local changes is a conflict; nothing is pushed to the sent quote', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateLineItems(id, [{ id: items[1]!, quantity: 3 }]);
    await benHeader(sid, { status: 'sent', published: true });

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    const c = d.store.sync.listConflicts(id)[0]!;
    expect(c).toMatchObject({ entityKind: 'quote', field: 'status', remote: 'sent' });
    expect((await ben.getQuote(sid)).lineItems.every((x) => x.quantity === 10)).toBe(true);

    // Take theirs: the published quote stands, my edit stays on record in the conflict.
    takeTheirs(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const q = d.store.getQuote(id)!;
    expect(q.work.status).toBe('sent');
    expect(q.work.lineItems.every((x) => x.quantity === 10)).toBe(true);
    expect(
      d.store.sync
        .listConflicts(id, true)
        .some((x) => x.field === 'status' && x.resolution === 'remote'),
    ).toBe(true);
  });

  it('take mine on a quote published remotely revokes it to draft and pushes my edits', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateLineItems(id, [{ id: items[1]!, quantity: 3 }]);
    await benHeader(sid, { status: 'sent', published: true });
    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    takeMine(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.status).toBe('draft');
    expect(remote.revokedOn).toBeTruthy();
    expect(remote.lineItems.find((x) => x.product.id === PRODUCTS.defender)!.quantity).toBe(3);
  });

  it('a quote deleted remotely while edited here is a conflict; save mine as new creates a new quote with my version', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateLineItems(id, [{ id: items[0]!, quantity: 77 }]);
    await ben.deleteQuote(sid);

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    const c = d.store.sync.listConflicts(id)[0]!;
    expect(c).toMatchObject({ entityKind: 'quote', field: '*', remote: null });
    const copy = saveMineAsNew(d.store, id);
    expect(d.store.getQuote(id)).toBeNull();
    const r = await d.engine.syncOnce();
    expect(r.results[copy]).toBe('synced');
    const newSid = d.store.getQuote(copy)!.serverId!;
    expect(newSid).not.toBe(sid);
    const remote = await ben.getQuote(newSid);
    expect(remote.lineItems.map((x) => x.quantity).sort()).toEqual([10, 77]);
  });

  it('a quote deleted remotely without local changes is removed here by the next sync', async () => {
    const { d, id, sid } = await syncedQuote();
    await ben.deleteQuote(sid);
    d.store.updateHeader(id, { introMessage: 'touch' });
    d.store.undo(id);
    // The undo leaves the work as the base: nothing of mine to keep.
    await d.engine.syncOnce();
    expect(d.store.getQuote(id)).toBeNull();
  });

  it('a line item deleted remotely and edited here is a conflict on that item', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateLineItems(id, [{ id: items[1]!, note: 'keep this one' }]);
    const li = (await ben.getQuote(sid)).lineItems.find((x) => x.product.id === PRODUCTS.defender)!;
    await ben.bulkDeleteLineItems(sid, [li.id]);
    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    expect(d.store.sync.listConflicts(id)[0]).toMatchObject({
      entityKind: 'lineItem',
      entityId: items[1],
      field: '*',
      remote: null,
    });
    takeMine(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.lineItems.find((x) => x.product.id === PRODUCTS.defender)?.note).toBe(
      'keep this one',
    );
  });
  /** Ben changes the note of the Defender line item on the server. */
  const benNotes = (sid: string, note: string) => benItem(sid, PRODUCTS.defender, { note });

  it('a line item deleted here while edited remotely is a conflict; nothing is deleted there, and take theirs brings it back with the remote edit', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.deleteLineItems(id, [items[1]!]);
    const remoteId = await benNotes(sid, 'Ben still needs this');

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    const [c] = d.store.sync.listConflicts(id);
    expect(c).toMatchObject({
      entityKind: 'lineItem',
      entityId: items[1],
      field: '*',
      local: null,
    });
    expect(c!.remote).toMatchObject({ note: 'Ben still needs this' });
    // The delete waits for the user: Ben's edited item is still on the server.
    expect((await ben.getQuote(sid)).lineItems.map((x) => x.id)).toContain(remoteId);

    takeTheirs(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const back = d.store.getQuote(id)!.work.lineItems.find((x) => x.id === items[1]);
    expect(back?.note).toBe('Ben still needs this');
    const remote = await ben.getQuote(sid);
    expect(remote.lineItems).toHaveLength(2);
    expect(remote.lineItems.find((x) => x.id === remoteId)!.note).toBe('Ben still needs this');
  });

  it('a line item deleted here while edited remotely: take mine deletes it on the server', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.deleteLineItems(id, [items[1]!]);
    const remoteId = await benNotes(sid, 'Ben still needs this');
    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');

    takeMine(d.store, id);
    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.lineItems.map((x) => x.id)).not.toContain(remoteId);
    expect(remote.lineItems.map((x) => x.product.id)).toEqual([PRODUCTS.m365]);
    expect(d.store.getQuote(id)!.work.lineItems.map((x) => x.id)).toEqual([items[0]]);
  });

  it('take mine on one field and take theirs on another field of the same quote: the server ends up with both choices', async () => {
    const { d, id, sid } = await syncedQuote();
    d.store.updateHeader(id, { introMessage: 'Ada intro', termsAndDisclaimers: 'Ada terms' });
    await benHeader(sid, { introMessage: 'Ben intro', termsAndDisclaimers: 'Ben terms' });

    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    const conflicts = d.store.sync.listConflicts(id);
    const intro = conflicts.find((c) => c.field === 'introMessage')!;
    const terms = conflicts.find((c) => c.field === 'termsAndDisclaimers')!;
    expect(conflicts).toHaveLength(2);
    takeMine(d.store, id, intro.id);
    // One choice made, one open: still parked, nothing sent.
    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    expect((await ben.getQuote(sid)).introMessage).toBe('Ben intro');
    takeTheirs(d.store, id, terms.id);

    expect((await d.engine.syncOnce()).results[id]).toBe('synced');
    const remote = await ben.getQuote(sid);
    expect(remote.introMessage).toBe('Ada intro');
    expect(remote.termsAndDisclaimers).toBe('Ben terms');
    const work = d.store.getQuote(id)!.work;
    expect([work.introMessage, work.termsAndDisclaimers]).toEqual(['Ada intro', 'Ben terms']);
    expect(d.store.getQuote(id)!.dirty).toBe(false);
    expect(d.store.sync.listConflicts(id)).toEqual([]);
  });

  it('save mine as new on fields edited on both sides: a new quote with all my values on the server, the original exactly as the colleague left it', async () => {
    const { d, id, sid, items } = await syncedQuote();
    d.store.updateHeader(id, { introMessage: 'Ada wrote this' });
    d.store.updateLineItems(id, [{ id: items[0]!, quantity: 12 }]);
    // An edit of mine nobody else touched goes with my version, not into the colleague's.
    d.store.updateHeader(id, { termsAndDisclaimers: 'Net 15, Ada' });
    await benHeader(sid, { introMessage: 'Ben wrote this' });
    await benItem(sid, PRODUCTS.m365, { quantity: 40 });
    expect((await d.engine.syncOnce()).results[id]).toBe('conflict');
    expect(
      d.store.sync
        .listConflicts(id)
        .map((c) => c.field)
        .sort(),
    ).toEqual(['introMessage', 'quantity']);

    const copy = saveMineAsNew(d.store, id);
    expect(copy).not.toBe(id);
    // At once, before any sync: the original shows the colleague's values and none of mine.
    expect(d.store.getQuote(id)!.work.introMessage).toBe('Ben wrote this');
    expect(d.store.getQuote(id)!.work.termsAndDisclaimers).toBe('Net 30');
    expect(d.store.getQuote(copy)!.work.termsAndDisclaimers).toBe('Net 15, Ada');
    const r = await d.engine.syncOnce();
    expect(r.results[copy]).toBe('synced');
    const newSid = d.store.getQuote(copy)!.serverId!;
    expect(newSid).not.toBe(sid);
    const mine = await ben.getQuote(newSid);
    expect(mine.client.id).toBe(CLIENTS.blueFjord.id);
    expect(mine.introMessage).toBe('Ada wrote this');
    expect(mine.termsAndDisclaimers).toBe('Net 15, Ada');
    expect(mine.lineItems.map((x) => [x.product.id, x.quantity])).toEqual([
      [PRODUCTS.m365, 12],
      [PRODUCTS.defender, 10],
    ]);
    const original = await ben.getQuote(sid);
    expect(original.introMessage).toBe('Ben wrote this');
    expect(original.termsAndDisclaimers).toBe('Net 30');
    expect(original.lineItems.map((x) => [x.product.id, x.quantity])).toEqual([
      [PRODUCTS.m365, 40],
      [PRODUCTS.defender, 10],
    ]);
    const here = d.store.getQuote(id)!;
    expect(here.work.introMessage).toBe('Ben wrote this');
    expect(here.work.termsAndDisclaimers).toBe('Net 30');
    expect(here.work.lineItems.map((x) => x.quantity)).toEqual([40, 10]);
    expect(here.dirty).toBe(false);
    expect(d.store.sync.listConflicts(id)).toEqual([]);
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StoreError, type RemoteAggregate, type Store, type WorkQuote } from '../../main/store';
import type { EngineStore } from '../../main/store/engine';
import { M365, S1, S1_ADDON, acme, ben, quoteWithAddOn, seededStore } from './fixtures';

/**
 * What a server would answer for this working copy: every entity under a server id (new
 * ones for entities `ids` does not know yet), server-assigned fields filled in.
 */
function serverView(
  w: WorkQuote,
  ids: Map<string, string>,
  patch: Partial<RemoteAggregate['quote']> = {},
): RemoteAggregate {
  const sid = (local: string) => {
    if (!ids.has(local)) ids.set(local, crypto.randomUUID());
    return ids.get(local)!;
  };
  return {
    quote: {
      id: sid(w.id),
      status: w.status,
      client: w.client,
      partner: w.partner!,
      createdBy: w.createdBy,
      createdByEmail: w.createdByEmail,
      createdOn: w.createdOn,
      updatedOn: w.updatedOn,
      expiresOn: w.expiresOn,
      introMessage: w.introMessage,
      termsAndDisclaimers: w.termsAndDisclaimers,
      published: w.published,
      referenceCode: w.referenceCode || 'Q-2026-000777',
      attachments: w.attachments.map((a) => ({
        id: sid(a.id),
        name: a.name,
        order: a.order,
        type: a.type,
        url: `https://server.example/a/${sid(a.id)}`,
        createdOn: a.createdOn,
        createdBy: a.createdBy ?? { fullName: 'Ada Stone', id: crypto.randomUUID(), role: 'Admin' },
      })),
      lineItems: w.lineItems.map((li) => ({
        id: sid(li.id),
        billingTerm: li.billingTerm,
        cost: { amount: li.cost, currency: 'USD' },
        price: { amount: li.price, currency: 'USD' },
        effectiveDate: li.effectiveDate,
        note: li.note,
        product: {
          id: li.product.id ?? crypto.randomUUID(),
          name: li.product.name,
          sku: li.product.sku,
          isMspOnly: li.product.isMspOnly,
          type: li.product.type,
        },
        quantity: li.quantity,
        totals: li.totals,
        ...(li.commitmentTerm ? { commitmentTerm: li.commitmentTerm } : {}),
        ...(li.requiredLineItemId
          ? { relationship: { requiredLineItemId: sid(li.requiredLineItemId) } }
          : {}),
        ...(li.usageBased ? { usageBased: li.usageBased } : {}),
      })),
      totals: w.totals,
      salesMarginPercentage: w.salesMarginPercentage ?? 0,
      intentType: 'PARTNER_TO_CLIENT',
      ...(w.ownedBy ? { ownedBy: w.ownedBy } : {}),
      ...patch,
    },
    sections: w.sections.map((s) => ({
      id: sid(s.id),
      name: s.name,
      order: s.order,
      lineItems: s.lineItems.map((x) => ({ lineItemId: sid(x.lineItemId), order: x.order })),
    })),
    accessList: w.accessList.map((e) => ({
      id: sid(e.id),
      email: e.email,
      accountType: e.accountType,
      link: `https://server.example/share/${sid(e.id)}`,
    })),
  };
}

/** Records every server id of `ids` in the store's id map, as a push would. */
function mapAll(store: EngineStore, quoteId: string, w: WorkQuote, ids: Map<string, string>) {
  const kinds: [string, Parameters<EngineStore['sync']['mapId']>[0]][] = [
    [w.id, 'quote'],
    ...w.lineItems.map((x) => [x.id, 'lineItem'] as [string, 'lineItem']),
    ...w.sections.map((x) => [x.id, 'section'] as [string, 'section']),
    ...w.accessList.map((x) => [x.id, 'accessEntry'] as [string, 'accessEntry']),
    ...w.attachments.map((x) => [x.id, 'attachment'] as [string, 'attachment']),
  ];
  for (const [local, kind] of kinds) store.sync.mapId(kind, local, ids.get(local)!, quoteId);
}

function draftWithContent(store: Store) {
  const q = quoteWithAddOn(store);
  const sec = store.createSection(q.id, 'Security');
  store.moveLineItem(q.id, q.parent, { sectionId: sec });
  store.addAccessEntries(q.id, [{ email: 'it@acme.example' }]);
  return store.getWork(q.id);
}

describe('id map', () => {
  it('maps local ids to server ids both ways and refuses to map one server id twice', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const li = w.lineItems[0]!.id;
    store.sync.mapId('lineItem', li, 'aaaaaaaa-0000-4000-8000-000000000001', w.id);
    expect(store.sync.serverIdOf('lineItem', li)).toBe('aaaaaaaa-0000-4000-8000-000000000001');
    expect(store.sync.localIdOf('lineItem', 'aaaaaaaa-0000-4000-8000-000000000001')).toBe(li);
    expect(store.sync.serverIdOf('section', li)).toBeNull();
    expect(() =>
      store.sync.mapId(
        'lineItem',
        w.lineItems[1]!.id,
        'aaaaaaaa-0000-4000-8000-000000000001',
        w.id,
      ),
    ).toThrow(StoreError);
    store.sync.mapId('quote', w.id, 'bbbbbbbb-0000-4000-8000-000000000001', w.id);
    expect(store.getQuote(w.id)!.serverId).toBe('bbbbbbbb-0000-4000-8000-000000000001');
    expect(
      store.sync
        .idMap(w.id)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['lineItem', 'quote']);
    store.close();
  });

  it('lists the server id of every quote the server knows, and only those', () => {
    const store = seededStore();
    const a = draftWithContent(store);
    const b = store.createQuote({ client: acme });
    const offline = store.createQuote({ client: acme });
    store.sync.mapId('quote', a.id, 'cccccccc-0000-4000-8000-000000000001', a.id);
    store.sync.mapId('quote', b.id, 'cccccccc-0000-4000-8000-000000000002', b.id);
    expect(store.sync.serverQuoteIds()).toEqual(
      new Map([
        ['cccccccc-0000-4000-8000-000000000001', a.id],
        ['cccccccc-0000-4000-8000-000000000002', b.id],
      ]),
    );
    expect([...store.sync.serverQuoteIds().values()]).not.toContain(offline.id);
    store.purgeQuote(b.id);
    expect([...store.sync.serverQuoteIds().keys()]).toEqual([
      'cccccccc-0000-4000-8000-000000000001',
    ]);
    store.close();
  });
});

describe('pull and push bookkeeping', () => {
  it('stores a pulled quote as synced, in local ids, tolerating lineItems as one object', () => {
    const store = seededStore();
    const source = draftWithContent(store);
    const remote = serverView(source, new Map());
    const single = {
      ...remote,
      quote: { ...remote.quote, lineItems: (remote.quote.lineItems as unknown[])[0] as never },
    };
    const r = store.sync.importRemote(single);
    expect(r.action).toBe('created');
    const rec = store.getQuote(r.quoteId)!;
    expect(rec.dirty).toBe(false);
    expect(rec.syncState).toBe('synced');
    expect(rec.serverId).toBe(remote.quote.id);
    expect(rec.work.lineItems).toHaveLength(1);
    expect(rec.work.lineItems[0]!.id).not.toBe((remote.quote.lineItems as { id: string }[])[0]!.id);
    expect(store.sync.serverIdOf('lineItem', rec.work.lineItems[0]!.id)).toBe(
      (remote.quote.lineItems as { id: string }[])[0]!.id,
    );
    expect(rec.base).toEqual(single);
    expect(store.sync.importRemote(single).action).toBe('unchanged');
    const full = store.sync.importRemote(remote);
    expect(full.action).toBe('updated');
    const w = store.getWork(r.quoteId);
    expect(w.lineItems).toHaveLength(2);
    expect(w.lineItems[1]!.requiredLineItemId).toBe(w.lineItems[0]!.id);
    expect(w.sections[0]!.lineItems[0]!.lineItemId).toBe(w.lineItems[0]!.id);
    expect(w.accessList[0]!.link).toMatch(/^https:/);
    expect(w.totals).toEqual(remote.quote.totals);
    store.updateHeader(r.quoteId, { introMessage: 'local change' });
    expect(
      store.sync.importRemote({
        ...remote,
        quote: { ...remote.quote, introMessage: 'remote change' },
      }).action,
    ).toBe('dirty');
    expect(store.getWork(r.quoteId).introMessage).toBe('local change');
    store.close();
  });

  it('after a push, takes the read-back state as base and work and marks the quote clean', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const ids = new Map<string, string>();
    const rec = store.getQuote(w.id)!;
    expect(store.sync.listDirty().map((d) => d.id)).toEqual([w.id]);
    const remote = serverView(w, ids);
    mapAll(store, w.id, w, ids);
    store.sync.transition(w.id, 'roundStarted');
    const { workReplaced } = store.sync.commitSync(w.id, remote, rec.generation);
    expect(workReplaced).toBe(true); // the reference code and links arrived
    const after = store.getQuote(w.id)!;
    expect([after.dirty, after.syncState, after.work.referenceCode]).toEqual([
      false,
      'synced',
      'Q-2026-000777',
    ]);
    expect(after.work.lineItems.map((x) => x.id)).toEqual(w.lineItems.map((x) => x.id));
    expect(after.base).toEqual(remote);
    expect(store.sync.listDirty()).toEqual([]);
    // Undo still works and keeps what the server assigned.
    expect(after.undoDepth).toBeGreaterThan(0);
    store.undo(w.id);
    expect(store.getWork(w.id).referenceCode).toBe('Q-2026-000777');
    expect(store.getWork(w.id).accessList).toEqual([]);
    expect(store.listQuotes({ search: 'Q-2026-000777' }).content.map((x) => x.id)).toEqual([w.id]);
    store.close();
  });

  // The server makes a quote's creator its owner: a quote made here before the app knew who
  // signed in has none until its create round. That round may come after the salesperson typed (the settle window, a restart
  // after the app was killed) or while they type: the typing stays one undo step either way.
  it('keeps the undo step typed into a new quote when its create round brings the owner', () => {
    const owner = {
      id: crypto.randomUUID(),
      email: 'ada@example.com',
      fullName: 'Ada Stone',
      displayName: 'Ada',
    };
    for (const typedDuringRound of [false, true]) {
      const store = seededStore();
      store.setIdentity(null); // who signed in is not known yet: the quote has no owner
      const w = store.createQuote({ client: acme });
      for (const text of ['N', 'Ne', 'Net 30'])
        store.updateHeader(w.id, { termsAndDisclaimers: text }, { coalesce: 'terms' });
      const snap = store.getQuote(w.id)!;
      expect([snap.work.ownedBy, snap.undoDepth]).toEqual([null, 1]);
      const ids = new Map<string, string>();
      const remote = serverView(snap.work, ids, { ownedBy: owner });
      mapAll(store, w.id, snap.work, ids);
      store.sync.transition(w.id, 'roundStarted');
      if (typedDuringRound) {
        store.updateHeader(w.id, { termsAndDisclaimers: 'Net 30 days' }, { coalesce: 'terms' });
        // As the round's commit does: the server's copy with the edits made meanwhile on top.
        const cur = store.getQuote(w.id)!;
        store.sync.replaceWork(w.id, { ...cur.work, ownedBy: owner }, cur.generation);
      }
      store.sync.commitSync(w.id, remote, snap.generation);
      const after = store.getQuote(w.id)!;
      expect(after.work.ownedBy?.id).toBe(owner.id);
      expect(after.undoDepth, `typed during the round: ${typedDuringRound}`).toBe(1);
      store.undo(w.id);
      // One step takes all the typing back; the owner the server gave stays.
      expect(store.getWork(w.id).termsAndDisclaimers).toBe('');
      expect(store.getWork(w.id).ownedBy?.id).toBe(owner.id);
      store.close();
    }
  });

  it('keeps a quote dirty when the user edited while it was being pushed', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const ids = new Map<string, string>();
    const pushedAt = store.getQuote(w.id)!.generation;
    const remote = serverView(w, ids);
    mapAll(store, w.id, w, ids);
    store.sync.transition(w.id, 'roundStarted');
    store.updateHeader(w.id, { introMessage: 'typed during sync' });
    expect(store.sync.commitSync(w.id, remote, pushedAt).workReplaced).toBe(false);
    const rec = store.getQuote(w.id)!;
    expect(rec.work.introMessage).toBe('typed during sync');
    expect(rec.base).toEqual(remote);
    expect([rec.dirty, rec.syncedGeneration, rec.syncState]).toEqual([true, pushedAt, 'pending']);
    expect(() => store.sync.replaceWork(w.id, rec.work, pushedAt)).toThrow(
      expect.objectContaining({ code: 'STALE' }),
    );
    store.sync.replaceWork(
      w.id,
      { ...rec.work, termsAndDisclaimers: 'merged from remote' },
      rec.generation,
    );
    expect(store.getWork(w.id).termsAndDisclaimers).toBe('merged from remote');
    expect(store.getQuote(w.id)!.undoDepth).toBe(0);
    store.close();
  });
});

describe('journal', () => {
  it('records requests before they are sent and walks them through their states, across reopening', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const e = store.sync.planRequest({
      quoteId: w.id,
      op: 'createQuote',
      method: 'POST',
      path: '/v2/quotes',
      fingerprint: `create:${acme.id}:${w.id}`,
      body: { clientId: acme.id },
    });
    expect(e.state).toBe('planned');
    expect(store.sync.listJournal({ quoteId: w.id }).map((x) => x.id)).toEqual([e.id]);
    store.sync.markRequest(e.id, 'in_flight');
    const file = store.file;
    store.close();
    const again = seededStore({ file });
    const [pending] = again.sync.listJournal({ states: ['in_flight', 'unknown'] });
    expect(pending).toMatchObject({
      id: e.id,
      op: 'createQuote',
      fingerprint: `create:${acme.id}:${w.id}`,
      body: { clientId: acme.id },
      state: 'in_flight',
    });
    again.sync.markRequest(e.id, 'unknown');
    again.sync.markRequest(e.id, 'done', { id: 'cccccccc-0000-4000-8000-000000000001' });
    expect(again.sync.listJournal({ states: ['done'] })[0]!.result).toEqual({
      id: 'cccccccc-0000-4000-8000-000000000001',
    });
    expect(() => again.sync.markRequest(9999, 'done')).toThrow(StoreError);
    // A quote a create was sent for is not forgotten on delete: the server may hold it.
    again.deleteQuote(w.id);
    expect(again.getQuote(w.id)!.deleted).toBe(true);
    again.sync.removeRequest(e.id);
    expect(again.sync.listJournal()).toEqual([]);
    again.close();
  });

  it('records a request durably without holding the caller: the entry is there for a store opened after a crash', async () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const events: string[] = [];
    store.onChange((x) => events.push(x.what));
    const e = await store.sync.planRequestDurable({
      quoteId: w.id,
      op: 'addLineItems',
      method: 'POST',
      path: '/v2/quotes/x/line-items',
      fingerprint: 'items',
      body: { items: [] },
    });
    expect(e.state).toBe('planned');
    expect(events).toEqual(['journal']);
    // The app dies without closing its database; the next start finds the entry.
    const after = seededStore({ file: store.file });
    expect(after.sync.listJournal({ quoteId: w.id })).toMatchObject([
      { id: e.id, op: 'addLineItems', state: 'planned', body: { items: [] } },
    ]);
    after.close();
    store.close();
  });
});

describe('conflicts', () => {
  it('are recorded with base, local and remote, stop the quote, and resolve either way', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const li = w.lineItems[0]!;
    const events: string[] = [];
    store.onChange((e) => events.push(e.what));
    const [intro, qty] = store.sync.recordConflicts(w.id, [
      {
        entityKind: 'quote',
        entityId: w.id,
        field: 'introMessage',
        base: '',
        local: 'mine',
        remote: 'theirs',
      },
      { entityKind: 'lineItem', entityId: li.id, field: 'quantity', base: 5, local: 5, remote: 9 },
    ]);
    expect(events).toEqual(['syncState', 'conflicts']);
    expect(store.getQuote(w.id)).toMatchObject({ openConflicts: 2, syncState: 'conflict' });
    expect(store.listQuotes({}).content[0]).toMatchObject({
      openConflicts: 2,
      syncState: 'conflict',
    });
    store.sync.resolveConflict(qty!.id, 'remote');
    expect(store.getWork(w.id).lineItems[0]!.quantity).toBe(9);
    expect(store.getWork(w.id).lineItems[0]!.totals.recurringTotal.amount).toBe(49.5);
    store.sync.resolveConflict(intro!.id, 'local');
    expect(store.getWork(w.id).introMessage).toBe(w.introMessage);
    const all = store.sync.listConflicts(w.id, true);
    expect(all.map((c) => [c.field, c.resolution, c.local, c.remote])).toEqual([
      ['introMessage', 'local', 'mine', 'theirs'],
      ['quantity', 'remote', 5, 9],
    ]);
    expect(store.sync.listConflicts(w.id)).toEqual([]);
    expect(store.getQuote(w.id)).toMatchObject({ openConflicts: 0, syncState: 'pending' });
    store.close();
  });

  it('restores a line item deleted locally, and purges a quote deleted remotely when the user agrees', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const addon = w.lineItems[1]!;
    store.deleteLineItems(w.id, [addon.id]);
    const [c] = store.sync.recordConflicts(w.id, [
      {
        entityKind: 'lineItem',
        entityId: addon.id,
        field: '*',
        base: addon,
        local: null,
        remote: { ...addon, note: 'edited remotely' },
      },
    ]);
    store.sync.resolveConflict(c!.id, 'remote');
    expect(store.getWork(w.id).lineItems.map((x) => [x.id, x.note])).toEqual([
      [w.lineItems[0]!.id, ''],
      [addon.id, 'edited remotely'],
    ]);
    const copy = store.saveAsNewQuote(w.id);
    const [gone] = store.sync.recordConflicts(w.id, [
      { entityKind: 'quote', entityId: w.id, field: '*', base: {}, local: {}, remote: null },
    ]);
    store.sync.resolveConflict(gone!.id, 'remote');
    expect(store.getQuote(w.id)).toBeNull();
    const kept = store.getWork(copy.id);
    expect(kept.lineItems.map((x) => x.product.sku)).toEqual(['S1-CONTROL', 'S1-VIGILANCE']);
    expect(kept.lineItems[1]!.requiredLineItemId).toBe(kept.lineItems[0]!.id);
    expect(kept.lineItems[0]!.id).not.toBe(w.lineItems[0]!.id);
    expect(store.getQuote(copy.id)!.serverId).toBeNull();
    store.close();
  });

  it('recorded again, replace the open ones instead of piling up: same field updated in place, gone ones dropped', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const li = w.lineItems[0]!;
    const [intro, qty] = store.sync.replaceConflicts(w.id, [
      {
        entityKind: 'quote',
        entityId: w.id,
        field: 'introMessage',
        base: '',
        local: 'mine',
        remote: 'theirs',
      },
      { entityKind: 'lineItem', entityId: li.id, field: 'quantity', base: 5, local: 6, remote: 9 },
    ]);
    // An earlier choice stays on record whatever comes later.
    const [settled] = store.sync.recordConflicts(w.id, [
      {
        entityKind: 'quote',
        entityId: w.id,
        field: 'expiresOn',
        base: 'a',
        local: 'b',
        remote: 'c',
      },
    ]);
    store.sync.resolveConflict(settled!.id, 'local');

    // The next merge: the intro differs again (remote edited once more); the quantity agrees.
    const again = store.sync.replaceConflicts(w.id, [
      {
        entityKind: 'quote',
        entityId: w.id,
        field: 'introMessage',
        base: '',
        local: 'mine',
        remote: 'theirs, again',
      },
      { entityKind: 'lineItem', entityId: li.id, field: 'note', base: '', local: 'x', remote: 'y' },
    ]);
    expect(again[0]!.id).toBe(intro!.id);
    const open = store.sync.listConflicts(w.id);
    expect(open.map((c) => [c.field, c.local, c.remote])).toEqual([
      ['introMessage', 'mine', 'theirs, again'],
      ['note', 'x', 'y'],
    ]);
    expect(open.some((c) => c.id === qty!.id)).toBe(false);
    expect(store.getQuote(w.id)).toMatchObject({ openConflicts: 2, syncState: 'conflict' });
    expect(store.sync.listConflicts(w.id, true).filter((c) => c.resolvedAt)).toHaveLength(1);

    // Nothing left to conflict about: no open conflict, the quote syncs again.
    expect(store.sync.replaceConflicts(w.id, [])).toEqual([]);
    expect(store.sync.listConflicts(w.id)).toEqual([]);
    expect(store.getQuote(w.id)).toMatchObject({ openConflicts: 0, syncState: 'pending' });
    store.close();
  });

  it("purging a quote also forgets the sync engine's notes about it, and only about it", () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const other = store.createQuote({ client: acme });
    for (const id of [w.id, other.id]) {
      store.sync.setBookkeeping(id, {
        pushed: [{ collection: 'items', key: 'k', value: {} }],
        kept: [{ collection: 'items', key: 'k' }],
        conflictsSettled: 7,
      });
    }
    store.purgeQuote(w.id);
    expect(store.sync.syncRecord(w.id)).toBeNull();
    expect(store.sync.syncRecord(other.id)).toMatchObject({
      pushed: [{ collection: 'items', key: 'k', value: {} }],
      kept: [{ collection: 'items', key: 'k' }],
      conflictsSettled: 7,
    });
    // Its row went with it: nothing left over for a quote that is gone.
    expect(
      (store.database.prepare('SELECT count(*) AS n FROM quote_sync').get() as { n: number }).n,
    ).toBe(1);
    store.close();
  });
});

describe('export for support', () => {
  it('holds the whole record of one quote as JSON', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    store.sync.mapId('quote', w.id, 'dddddddd-0000-4000-8000-000000000001', w.id);
    store.sync.planRequest({
      quoteId: w.id,
      op: 'addLineItems',
      method: 'POST',
      path: '/v2/quotes/x/line-items',
      fingerprint: 'f1',
    });
    store.sync.recordConflicts(w.id, [
      {
        entityKind: 'quote',
        entityId: w.id,
        field: 'expiresOn',
        base: 'a',
        local: 'b',
        remote: 'c',
      },
    ]);
    const exported = JSON.parse(JSON.stringify(store.exportQuote(w.id))) as Record<string, unknown>;
    expect(exported).toMatchObject({
      format: 'quotedesk.quote-export',
      state: {
        id: w.id,
        serverId: 'dddddddd-0000-4000-8000-000000000001',
        dirty: true,
        openConflicts: 1,
      },
      work: { id: w.id, client: { name: acme.name } },
      base: null,
      idMap: [{ kind: 'quote', localId: w.id, serverId: 'dddddddd-0000-4000-8000-000000000001' }],
      journal: [{ op: 'addLineItems', state: 'planned' }],
      conflicts: [{ field: 'expiresOn', local: 'b' }],
    });
    expect(() => store.exportQuote('eeeeeeee-0000-4000-8000-000000000001')).toThrow(
      /not in the local store/,
    );
    store.close();
  });
});

describe('caches', () => {
  it('serve catalogue, pricing, preferences and the library offline, surviving reopening', () => {
    const store = seededStore();
    store.caches.putPreferences({
      daysToExpire: 45,
      introMessage: 'Hi',
      termsAndDisclaimers: 'T',
      salesMarginPercentage: 10,
      attachments: [],
    });
    store.caches.putLibrary([
      {
        id: 'ffffffff-0000-4000-8000-000000000001',
        name: 'Profile.pdf',
        order: 0,
        type: 'application/pdf',
        url: 'https://x/1',
        createdOn: '2026-01-01T00:00:00Z',
        createdBy: { fullName: ben.fullName, id: ben.id, role: 'Sales' },
      },
    ]);
    store.caches.setLibraryFile(
      'ffffffff-0000-4000-8000-000000000001',
      new TextEncoder().encode('%PDF-1.4 profile'),
    );
    const file = store.file;
    store.close();
    const again = seededStore({ file });
    expect(again.caches.listCompanies('fjord').map((c) => c.name)).toEqual([
      'Blue Fjord Logistics',
    ]);
    expect(
      again.caches
        .listProducts('S1-')
        .map((p) => p.sku)
        .sort(),
    ).toEqual(['S1-CONTROL', 'S1-VIGILANCE']);
    expect(again.caches.product(S1_ADDON.id)!.requiresProductId).toBe(S1.id);
    expect(again.caches.pricing(M365.id).map((p) => p.billingTerm)).toEqual(['Monthly', 'Annual']);
    expect(
      again.caches
        .commitmentTerms()
        .map((t) => t.term)
        .sort(),
    ).toEqual(['1-Year', '3-Year', 'Monthly']);
    expect(again.caches.preferences()).toMatchObject({
      daysToExpire: 45,
      salesMarginPercentage: 10,
    });
    const [lib] = again.caches.library();
    expect(lib).toMatchObject({ name: 'Profile.pdf', size: 16 });
    expect(again.readFile(lib!.sha256!).toString()).toBe('%PDF-1.4 profile');
    expect(() => again.caches.putProducts([{ id: 'x' } as never])).toThrow(/products\[0\]\.name/);
    again.close();
  });
});

describe('sync state and downloaded files', () => {
  it('records per-quote sync state, a new base, and an attachment file downloaded by sync', () => {
    const store = seededStore();
    const w = draftWithContent(store);
    const events: string[] = [];
    store.onChange((e) => events.push(`${e.what}`));
    store.sync.transition(w.id, 'failed', {
      message: 'QUOTE_INVALID_STATUS: the quote was sent meanwhile',
    });
    expect(store.getQuote(w.id)).toMatchObject({
      syncState: 'error',
      syncMessage: 'QUOTE_INVALID_STATUS: the quote was sent meanwhile',
    });
    expect(store.listQuotes({}).content[0]!.syncState).toBe('error');

    const ids = new Map<string, string>();
    const withFile = serverView(
      {
        ...w,
        attachments: [
          {
            id: '0a0a0a0a-0000-4000-8000-000000000001',
            name: 'Remote.pdf',
            order: 0,
            type: 'application/pdf',
            sha256: null,
            size: null,
            createdOn: '2026-01-01T00:00:00Z',
            createdBy: null,
            url: null,
            libraryAttachmentId: null,
            preferenceAttachmentId: null,
          },
        ],
      },
      ids,
    );
    const { quoteId } = store.sync.importRemote(withFile);
    const att = store.getWork(quoteId).attachments[0]!;
    expect([att.name, att.sha256, att.url?.startsWith('https://')]).toEqual([
      'Remote.pdf',
      null,
      true,
    ]);
    const generation = store.getQuote(quoteId)!.generation;
    store.setAttachmentFile(quoteId, att.id, new TextEncoder().encode('%PDF-1.7 remote'));
    const after = store.getWork(quoteId).attachments[0]!;
    expect(store.readFile(after.sha256!).toString()).toBe('%PDF-1.7 remote');
    expect(store.getQuote(quoteId)!.generation).toBe(generation); // not an edit
    expect(store.getQuote(quoteId)!.dirty).toBe(false);
    // A later pull keeps the local file.
    store.sync.importRemote({
      ...withFile,
      quote: { ...withFile.quote, introMessage: 'changed remotely' },
    });
    expect(store.getWork(quoteId).attachments[0]!.sha256).toBe(after.sha256);
    expect(store.collectGarbage().removed).toBe(0);

    store.sync.setBase(w.id, withFile);
    expect(store.getQuote(w.id)!.base).toEqual(withFile);
    expect(events).toEqual(['syncState', 'created', 'attachments', 'sync', 'base']);
    store.close();
  });
});

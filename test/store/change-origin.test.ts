// Who made a change travels with it: the store's own edits are the user's, what its sync side
// writes is sync's, a drafts file put back is an import — and a call of the user's that goes
// through the sync side (taking the server's value) stays the user's. The session reads this
// to decide what sync must send; nothing around the call has to say it.
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../main/store';
import { M365, acme, clientOf, seededStore } from './fixtures';

function recorder(store: ReturnType<typeof seededStore>) {
  const seen: Pick<ChangeEvent, 'what' | 'origin'>[] = [];
  store.onChange((e) => seen.push({ what: e.what, origin: e.origin }));
  return seen;
}

describe('the origin of a change', () => {
  it("is the user's for the store's edits, undo and redo, alone or several in one call", () => {
    const store = seededStore();
    const seen = recorder(store);
    const q = store.createQuote({ client: clientOf(acme) });
    store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 1 },
    ]);
    store.transaction(() => {
      store.createSection(q.id, 'A');
      store.updateHeader(q.id, { introMessage: 'Hi' });
    });
    store.undo(q.id);
    store.deleteQuote(q.id);
    expect(seen.map((e) => e.origin)).toEqual(Array(seen.length).fill('user'));
    expect(seen.map((e) => e.what)).toEqual([
      'created',
      'lineItems',
      'sections',
      'header',
      'undo',
      'deleted',
    ]);
  });

  it("is sync's for what the sync side writes, and the user's when the user's call holds it", () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    const seen = recorder(store);
    store.sync.transition(q.id, 'failed', { message: 'refused' });
    const [c] = store.sync.recordConflicts(q.id, [
      {
        entityKind: 'quote',
        entityId: q.id,
        field: 'introMessage',
        base: '',
        local: '',
        remote: 'Theirs',
      },
    ]);
    // The state said by its transition (failed, then conflict), the conflicts beside it.
    expect(seen).toEqual([
      { what: 'syncState', origin: 'sync' },
      { what: 'syncState', origin: 'sync' },
      { what: 'conflicts', origin: 'sync' },
    ]);
    seen.length = 0;
    store.transaction(() => store.sync.resolveConflict(c!.id, 'remote'), 'user');
    expect(seen.filter((e) => e.what !== 'syncState')).toEqual([
      { what: 'conflicts', origin: 'user' },
    ]);
    expect(seen.every((e) => e.origin === 'user')).toBe(true);
    expect(store.getWork(q.id).introMessage).toBe('Theirs');
  });

  it('is an import for drafts put back from a file', () => {
    const from = seededStore();
    const q = from.createQuote({ client: clientOf(acme) });
    from.updateHeader(q.id, { introMessage: 'From the file' });
    const into = seededStore();
    const seen = recorder(into);
    into.putBackDrafts({ quotes: from.localDrafts().quotes, deletes: [] });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((e) => e.origin)).toEqual(Array(seen.length).fill('import'));
  });
});

// Taking their side of a conflict never brings back an add-on whose parent is gone from the
// quote: such a line could never be sent (the server refuses an add-on without its parent on
// every push), so the store answers CONFLICT_TARGET_GONE and the user's deletion stands — in
// the working copy, the open conflict and the file, as when a conflict's target is gone.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError, openStore } from '../../main/store';
import { quoteWithAddOn, seededStore, tempDir } from './fixtures';
import { engineStore } from '../../main/store/engine';

describe('taking their side of a deleted add-on', () => {
  it('answers CONFLICT_TARGET_GONE when its parent is gone, and the deletion stands', () => {
    const file = path.join(tempDir(), 'quotedesk.sqlite');
    const store = seededStore({ file });
    const q = quoteWithAddOn(store);
    const { parent, addOn: addon } = q;
    const before = store.getWork(q.id);
    const addonLine = before.lineItems.find((x) => x.id === addon)!;
    expect(addonLine.requiredLineItemId).toBe(parent);
    // The user deletes both lines; the server meanwhile edited the add-on.
    store.deleteLineItems(q.id, [parent, addon]);
    const [c] = store.sync.recordConflicts(q.id, [
      {
        entityKind: 'lineItem',
        entityId: addon,
        field: '*',
        base: addonLine,
        local: null,
        remote: { ...addonLine, note: 'edited remotely' },
      },
    ]);
    const generation = store.getQuote(q.id)!.generation;

    let refused: unknown;
    try {
      store.sync.resolveConflict(c!.id, 'remote');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).code).toBe('CONFLICT_TARGET_GONE');
    expect((refused as StoreError).message).toBe(
      'The parent of this add-on is no longer on the quote.',
    );

    // Nothing came back: no line, the conflict still open for the user's other choice.
    expect(store.getWork(q.id).lineItems).toEqual([]);
    expect(store.getQuote(q.id)).toMatchObject({ generation, openConflicts: 1 });
    expect(store.sync.listConflicts(q.id).map((x) => x.id)).toEqual([c!.id]);
    store.close();

    // And so it is in the file.
    const again = openStore(file);
    expect(again.getWork(q.id).lineItems).toEqual([]);
    expect(
      engineStore(again)
        .sync.listConflicts(q.id)
        .map((x) => x.id),
    ).toEqual([c!.id]);
    again.close();
  });
});

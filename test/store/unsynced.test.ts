// What "Remove connection" says would be lost: the store counts what exists only on this
// computer, and the dialog's words name each count. Real SQLite files.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsyncedSummary } from '../../main/services/removal-check';
import { acme, clientOf, pdf, seededStore } from './fixtures';

describe('the unsynced count shown before removing a connection', () => {
  it('counts drafts, pending deletes, unresolved conflicts and files not uploaded', () => {
    const store = seededStore();
    expect(store.unsynced()).toEqual({ drafts: 0, deletes: 0, conflicts: 0, files: 0 });
    expect(unsyncedSummary(store.unsynced())).toBeNull();

    const a = store.createQuote({ client: clientOf(acme) });
    store.addAttachments(a.id, [{ name: 'Proposal.pdf', bytes: pdf(1) }]);
    const b = store.createQuote({ client: clientOf(acme) });
    store.sync.recordConflicts(b.id, [
      {
        entityKind: 'quote',
        entityId: b.id,
        field: 'introMessage',
        base: '',
        local: 'x',
        remote: 'y',
      },
    ]);
    const c = store.createQuote({ client: clientOf(acme) });
    // Known to the server: its delete is still to be sent.
    store.sync.mapId('quote', c.id, crypto.randomUUID(), c.id);
    store.deleteQuote(c.id);
    const counts = store.unsynced();
    expect(counts).toEqual({ drafts: 2, deletes: 1, conflicts: 1, files: 1 });
    expect(unsyncedSummary(counts)).toBe(
      '2 drafts not yet synced, 1 delete not yet synced, 1 unresolved conflict, 1 file not uploaded',
    );
    store.close();
  });
});

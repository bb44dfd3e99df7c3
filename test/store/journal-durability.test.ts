import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreError, type Store } from '../../main/store';
import type { PlanRequestInput } from '../../main/store';
import { acme, clientOf, seededStore } from './fixtures';
import { engineStore } from '../../main/store/engine';

afterEach(() => {
  vi.restoreAllMocks();
});

const request = (quoteId: string, fingerprint = 'items'): PlanRequestInput => ({
  quoteId,
  op: 'addLineItems',
  method: 'POST',
  path: '/v2/quotes/x/line-items',
  fingerprint,
  body: { items: [] },
});

function withQuote(): { store: Store; quoteId: string } {
  const store = seededStore();
  return { store, quoteId: store.createQuote({ client: clientOf(acme) }).id };
}

/**
 * Windows flushes a file (FlushFileBuffers) only through a handle opened for writing; fsync
 * of a read-only handle fails there with EPERM. Linux syncs either, so the fault is faked:
 * every handle opened without write access refuses to sync, as on Windows.
 */
function windowsLikeSync(): string[] {
  const synced: string[] = [];
  const realOpen = fs.promises.open.bind(fs.promises);
  vi.spyOn(fs.promises, 'open').mockImplementation(async (file, flags, mode) => {
    const handle = await realOpen(file, flags, mode);
    const writable = typeof flags === 'string' && /[+wa]/.test(flags);
    const realSync = handle.sync.bind(handle);
    handle.sync = async () => {
      if (!writable)
        throw Object.assign(new Error('EPERM: operation not permitted, fsync'), {
          code: 'EPERM',
        });
      synced.push(String(file));
      return realSync();
    };
    return handle;
  });
  return synced;
}

describe('journal durability', () => {
  it('syncs the WAL through a handle it may write before the entry counts as durable (fake: Windows refuses to fsync a read-only handle)', async () => {
    const { store, quoteId } = withQuote();
    const synced = windowsLikeSync();
    const e = await engineStore(store).sync.planRequestDurable(request(quoteId));
    expect(synced).toEqual([`${store.file}-wal`]);
    // The app dies without closing its database; the next start finds the entry.
    const after = seededStore({ file: store.file });
    expect(after.sync.listJournal({ quoteId })).toMatchObject([{ id: e.id, state: 'planned' }]);
    after.close();
    store.close();
  });

  it('refuses a journal write inside another transaction, which rolls back whole', async () => {
    const { store, quoteId } = withQuote();
    const planned = engineStore(store).sync.planRequest(request(quoteId, 'first'));
    const inside = (fn: () => unknown) => () =>
      store.transaction(() => {
        engineStore(store).sync.transition(quoteId, 'failed', { message: 'half-way' });
        fn();
      });
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof StoreError ? err.code : String(err);
      }
      return 'no error';
    };
    expect(
      code(inside(() => engineStore(store).sync.planRequest(request(quoteId, 'second')))),
    ).toBe('JOURNAL_IN_TRANSACTION');
    expect(code(inside(() => engineStore(store).sync.markRequest(planned.id, 'in_flight')))).toBe(
      'JOURNAL_IN_TRANSACTION',
    );
    let durable: Promise<unknown> = Promise.resolve();
    store.transaction(() => {
      durable = engineStore(store).sync.planRequestDurable(request(quoteId, 'third'));
    });
    await expect(durable).rejects.toMatchObject({ code: 'JOURNAL_IN_TRANSACTION' });
    expect(
      engineStore(store)
        .sync.listJournal()
        .map((x) => [x.fingerprint, x.state]),
    ).toEqual([['first', 'planned']]);
    expect(store.getQuote(quoteId)!.syncMessage).toBeNull();
    // Outside a transaction the same calls go through, and edits afterwards commit as before.
    expect(engineStore(store).sync.markRequest(planned.id, 'in_flight').state).toBe('in_flight');
    expect(store.database.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    store.close();
  });
});

// Why the server refused a quote's last publish was a `meta` key named after the quote
// (`publish.refused.<id>`) until the store's migration 8 made it a column of quote_sync. A
// salesperson whose store was written before must still see why their publish was refused,
// and the key must not linger beside the column.
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { STORE_SCHEMA_VERSION, openStore } from '../../main/store';
import { listRow } from '../../main/store/list/list-row';
import { migrate } from '../../main/store/migrations';
import { v08PublishRefused } from '../../main/store/migrations/v08-publish-refused';
import { storedDoc } from '../../main/store/quote/totals';
import { clearPublishRefusal, publishRefusal } from '../../main/sync';
import { M365, acme, blueFjord, clientOf, seededStore, tempDir } from './fixtures';
import { engineStore } from '../../main/store/engine';

const REFUSED = 'status: a quote cannot go from draft to sent';

describe('store migration 8: a refused publish moves from meta into quote_sync', () => {
  it('keeps the refusal of a quote in a file of the version before, and drops the keys', () => {
    // Two quotes as the store writes them, copied into a file of the previous version.
    const scratch = seededStore();
    const refused = scratch.createQuote({ client: clientOf(acme) });
    scratch.addLineItems(refused.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 4 },
    ]);
    const other = scratch.createQuote({ client: clientOf(blueFjord) });
    const works = [scratch.getWork(refused.id), scratch.getWork(other.id)];
    scratch.close();

    const file = path.join(tempDir(), 'v7.sqlite');
    const before = v08PublishRefused.version - 1;
    const db = new Database(file);
    expect(migrate(db, before)).toBe(before);
    // The list columns that version had (later versions add some).
    const had = new Set(
      db.prepare("SELECT name FROM pragma_table_info('quotes')").pluck().all() as string[],
    );
    for (const w of works) {
      const row = Object.fromEntries(Object.entries(listRow(w)).filter(([c]) => had.has(c)));
      const cols = Object.keys(row);
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO quotes (id, ${cols.join(', ')}, generation, synced_generation) VALUES (@id, ${cols.map((c) => '@' + c).join(', ')}, 2, 2)`,
        )
        .run({ id: w.id, ...row });
      db.prepare('INSERT INTO quote_work (qrow, doc) VALUES (?, ?)').run(
        lastInsertRowid,
        storedDoc(w),
      );
      db.prepare("INSERT INTO quote_sync (qrow, state) VALUES (?, 'synced')").run(lastInsertRowid);
    }
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run(`publish.refused.${refused.id}`, JSON.stringify(REFUSED));
    // One of a quote no longer in the file, and a key that is not a quote's.
    meta.run('publish.refused.00000000-0000-4000-8000-00000000dead', '"gone"');
    meta.run('sync.lastPull', '"2026-01-01T00:00:00Z"');
    db.close();

    const store = openStore(file);
    expect(store.database.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    expect(engineStore(store).sync.syncRecord(refused.id)).toMatchObject({
      state: 'synced',
      publishRefused: REFUSED,
    });
    expect(publishRefusal(store, refused.id)).toBe(REFUSED);
    expect(publishRefusal(store, other.id)).toBeNull();
    const keys = store.database.prepare('SELECT key FROM meta').pluck().all() as string[];
    expect(keys.filter((k) => k.startsWith('publish.'))).toEqual([]);
    expect(store.getMeta('sync.lastPull')).toBe('2026-01-01T00:00:00Z');

    // Published again: the refusal is gone, in the column the engine and the view read.
    clearPublishRefusal(store, refused.id);
    expect(publishRefusal(store, refused.id)).toBeNull();
    store.close();
    const again = openStore(file);
    expect(engineStore(again).sync.syncRecord(refused.id)?.publishRefused).toBeNull();
    expect(again.getWork(refused.id)).toEqual(works[0]);
    again.close();
  });
});

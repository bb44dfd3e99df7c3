import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  openStore,
  repairStore,
  StoreCorruptError,
  type Store,
  type WorkQuote,
} from '../../main/store';
import { mapError } from '../../main/services/map-error';
import { deriveStoreKeys } from '../../main/store/disk/cipher';
import { M365, acme, blueFjord, clientOf, seededStore } from './fixtures';
import { overwritePages, pagesOf } from './pages';
import { engineStore } from '../../main/store/engine';

const QUOTES = 12;
const marker = (i: number) => `MARK${String(i).padStart(2, '0')}-`;

/** A closed store file with twelve quotes not yet synced (notes long enough that each
 * working copy has pages of its own), a pending request each, and what they held. */
function populated(key?: Uint8Array): {
  file: string;
  work: Map<string, WorkQuote>;
  ids: string[];
} {
  const store = seededStore(key ? { key } : {});
  const ids: string[] = [];
  for (let i = 0; i < QUOTES; i++) {
    const q = store.createQuote({ client: clientOf(i % 2 ? blueFjord : acme) });
    store.addLineItems(
      q.id,
      [0, 1, 2].map((n) => ({
        type: 'Standard' as const,
        productId: M365.id,
        billingTerm: 'Monthly',
        quantity: i + n + 1,
        note: marker(i).repeat(300).slice(0, 1900) + n,
      })),
    );
    store.sync.planRequest({
      quoteId: q.id,
      op: 'create',
      method: 'POST',
      path: '/v2/quotes',
      fingerprint: `fp-${i}`,
      body: { note: 'j'.repeat(1500) },
    });
    ids.push(q.id);
  }
  const work = new Map(ids.map((id) => [id, store.getWork(id)]));
  store.close();
  return { file: store.file, work, ids };
}

const filesDir = (file: string) => path.join(path.dirname(file), 'attachments');

function expectRecovered(store: Store, work: Map<string, WorkQuote>, except: string[] = []) {
  for (const [id, w] of work) {
    if (except.includes(id)) {
      expect(store.getQuote(id)).toBeNull();
      continue;
    }
    const q = store.getQuote(id)!;
    expect(q.dirty).toBe(true);
    expect(q.work).toEqual(w);
  }
}

describe('a damaged store', () => {
  it('is noticed by the call that reads the damaged page; from then on edits are refused in words, not SQLite text', () => {
    const { file, ids } = populated();
    overwritePages(file, pagesOf(file, 'quote_work', marker(5)));
    // Closed cleanly and checked recently: the open does not read every page.
    const store = openStore(file);
    const seen: (string | null)[] = [];
    store.onCondition((c) => seen.push(c.damaged));
    expect(store.listQuotes({ account: 'partner' }).page.totalElements).toBe(QUOTES);
    expect(store.condition().damaged).toBeNull();

    let err: unknown;
    try {
      store.getQuote(ids[5]!);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect(store.condition().damaged).not.toBeNull();
    // A healthy quote still reads; an edit of it is refused, and nothing is written.
    expect(store.getQuote(ids[0]!)!.work.lineItems).toHaveLength(3);
    const before = store.getQuote(ids[0]!)!.generation;
    expect(() => store.updateHeader(ids[0]!, { introMessage: 'Hello' })).toThrow(StoreCorruptError);
    try {
      store.updateHeader(ids[0]!, { introMessage: 'Hello' });
    } catch (e) {
      const shown = mapError(e)!;
      expect(shown.code).toBe('STORE_DAMAGED');
      expect(shown.message).toMatch(/damaged.*Repair/s);
      expect(shown.message).not.toMatch(/SQLITE|malformed|disk image/i);
    }
    expect(store.getQuote(ids[0]!)!.generation).toBe(before);
    // Said once, however many calls hit it.
    expect(() => store.getQuote(ids[5]!)).toThrow(StoreCorruptError);
    expect(seen).toHaveLength(1);
    store.close();
    // The next start does not take it for whole again: it is repaired (see repairStore).
    expect(() => openStore(file)).toThrow(StoreCorruptError);
  });

  it('is noticed by a search when the full-text index is damaged', () => {
    const { file } = populated();
    overwritePages(file, pagesOf(file, 'quote_search_data'));
    const store = openStore(file);
    expect(() => store.listQuotes({ search: marker(3) })).toThrow(StoreCorruptError);
    expect(store.condition().damaged).not.toBeNull();
    store.close();
  });

  it('repair with a working copy damaged: the file moved aside, every other unsynced quote back as pending, the lost one named', () => {
    const { file, work, ids } = populated();
    overwritePages(file, pagesOf(file, 'quote_work', marker(5)));
    expect(() => openStore(file, { integrityCheck: 'quick' })).toThrow(StoreCorruptError);
    const { store, report } = repairStore(file, { filesDir: filesDir(file) });
    expect(fs.existsSync(report.movedTo)).toBe(true);
    expect(report.recovered).toHaveLength(QUOTES - 1);
    expect(report.lost.join(' ')).toMatch(/Blue Fjord|Acme/);
    expectRecovered(store, work, [ids[5]!]);
    expect(engineStore(store).sync.listDirty()).toHaveLength(QUOTES - 1);
    // The requests that may have reached the server are still on record.
    expect(engineStore(store).sync.listJournal({ states: ['planned'] })).toHaveLength(QUOTES - 1);
    // Edits work again and the file is whole.
    store.updateHeader(ids[0]!, { introMessage: 'After the repair' });
    expect(store.database.pragma('quick_check', { simple: true })).toBe('ok');
    store.close();
  });

  it('repair with an index damaged: every unsynced quote back, nothing lost', () => {
    const { file, work } = populated();
    const pages = pagesOf(file, 'quotes_updated');
    expect(pages.length).toBeGreaterThan(0);
    overwritePages(file, pages);
    expect(() => openStore(file, { integrityCheck: 'quick' })).toThrow(StoreCorruptError);
    const { store, report } = repairStore(file, { filesDir: filesDir(file) });
    expect(report.lost).toEqual([]);
    expect(report.recovered).toHaveLength(QUOTES);
    expectRecovered(store, work);
    store.close();
  });

  it('repair of an encrypted store: read back with its key, the fresh file encrypted too', () => {
    const key = crypto.randomBytes(32);
    const { file, work } = populated(key);
    const dbKey = deriveStoreKeys(key).db;
    overwritePages(file, pagesOf(file, 'quotes_updated', undefined, dbKey), 4096);
    expect(() => openStore(file, { key, integrityCheck: 'quick' })).toThrow(StoreCorruptError);
    const { store, report } = repairStore(file, { filesDir: filesDir(file), key });
    expect(report.lost).toEqual([]);
    expectRecovered(store, work);
    store.close();
    expect(fs.readFileSync(file).includes(Buffer.from(marker(3)))).toBe(false);
    expect(() => openStore(file, { integrityCheck: 'quick' })).toThrow();
  });

  it('repair with the full-text index damaged: every unsynced quote back, and search finds them again', () => {
    const { file, work, ids } = populated();
    overwritePages(file, pagesOf(file, 'quote_search_data'));
    const { store, report } = repairStore(file, { filesDir: filesDir(file) });
    expect(report.lost).toEqual([]);
    expectRecovered(store, work);
    const found = store.listQuotes({ search: marker(7), account: 'partner' });
    expect(found.content.map((q) => q.id)).toEqual([ids[7]]);
    store.close();
  });

  it('repair with the request journal damaged: every quote back, the unread requests said', () => {
    const { file, work } = populated();
    const pages = pagesOf(file, 'journal');
    overwritePages(file, pages.slice(0, Math.ceil(pages.length / 2)));
    const { store, report } = repairStore(file, { filesDir: filesDir(file) });
    expect(report.recovered).toHaveLength(QUOTES);
    expect(report.lost.join(' ')).toMatch(/requests waiting for the server/);
    expectRecovered(store, work);
    expect(engineStore(store).sync.listJournal({ states: ['planned'] }).length).toBeLessThan(
      QUOTES,
    );
    store.close();
  });
});

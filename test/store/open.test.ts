import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import {
  STORE_SCHEMA_VERSION,
  StoreClosedError,
  StoreCorruptError,
  StoreTooNewError,
  openStore,
} from '../../main/store';
import { codesText, listRow, searchDoc } from '../../main/store/list/list-row';
import { migrate } from '../../main/store/migrations';
import { storedDoc } from '../../main/store/quote/totals';
import { stubWork } from '../../main/store/syncing/stubs';
import type { ListContent } from '../../common/api';
import { M365, acme, clientOf, seededStore, tempDir } from './fixtures';
import { engineStore } from '../../main/store/engine';

const sha = (file: string) =>
  crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A store file with a few quotes, closed cleanly. */
function populated(): string {
  const store = seededStore();
  for (let i = 0; i < 40; i++) {
    const q = store.createQuote({ client: clientOf(acme) });
    store.addLineItems(q.id, [
      {
        type: 'Standard',
        productId: M365.id,
        billingTerm: 'Monthly',
        quantity: i + 1,
        note: 'n'.repeat(500),
      },
    ]);
  }
  store.close();
  return store.file;
}

/** Scribbles over three pages in the middle of the file (b-tree pages of quotes and documents). */
/** A quote row's id mapping and search entries, as versions before 17 wrote them. */
function mapAndIndex(
  db: Database.Database,
  qrow: number | bigint,
  w: Parameters<typeof searchDoc>[0],
  serverId: string,
): void {
  db.prepare(
    "INSERT INTO id_map (kind, local_id, server_id, quote_id) VALUES ('quote', ?, ?, ?)",
  ).run(w.id, serverId, w.id);
  const d = searchDoc(w);
  db.prepare(
    'INSERT INTO quote_search (rowid, client, reference, creator, products, notes) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(qrow, d.client, d.reference, d.creator, d.products, d.notes);
  db.prepare('INSERT INTO quote_codes (rowid, codes) VALUES (?, ?)').run(qrow, codesText(d));
}

function damage(file: string): void {
  const bytes = fs.readFileSync(file);
  const pageSize = bytes.readUInt16BE(16);
  const mid = Math.floor(bytes.length / pageSize / 2);
  for (let p = mid; p < mid + 3; p++) bytes.fill(0x5a, p * pageSize, p * pageSize + 64);
  fs.writeFileSync(file, bytes);
}

describe('opening the store', () => {
  it('creates a WAL database with the latest schema and reopens it with everything in place', () => {
    const file = populated();
    expect(fs.existsSync(`${file}-wal`)).toBe(false); // clean close checkpoints the WAL away
    const store = openStore(file);
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    expect(store.listQuotes({ account: 'partner' }).page.totalElements).toBe(40);
    store.close();
    expect(() => store.listQuotes()).toThrow(StoreClosedError);
  });

  it('refuses a file that is not a database, leaving it untouched', () => {
    const file = path.join(tempDir(), 'quotedesk.sqlite');
    fs.writeFileSync(file, 'this is a text file that someone renamed, not a database '.repeat(100));
    const before = sha(file);
    expect(() => openStore(file)).toThrow(StoreCorruptError);
    expect(sha(file)).toBe(before);
    // Nothing beside it but the mark that sends the next start to repair it (no -wal, no copy).
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([
      'quotedesk.sqlite',
      'quotedesk.sqlite.damaged',
    ]);
  });

  it('refuses a damaged database after an unclean shutdown, and on an explicit check, leaving it untouched', () => {
    const file = populated();
    damage(file);
    const before = sha(file);
    let err: unknown;
    try {
      openStore(file, { integrityCheck: 'quick' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as StoreCorruptError).message).toMatch(/damaged/);
    expect(sha(file)).toBe(before);
    // The default check runs quick_check when the last session left its WAL behind.
    fs.writeFileSync(`${file}-wal`, '');
    expect(() => openStore(file)).toThrow(StoreCorruptError);
    expect(sha(file)).toBe(before);
  });

  it('refuses a damaged database left with a non-empty WAL, leaving the file and its WAL exactly as found', () => {
    const src = populated();
    const live = openStore(src);
    // Edits still in the WAL (nothing checkpoints them while this connection is busy).
    for (const q of live.listQuotes({ account: 'partner', limit: 5 }).content)
      live.updateHeader(q.id, { introMessage: `changed ${q.id}` });
    const dir = tempDir();
    const file = path.join(dir, 'quotedesk.sqlite');
    // As a crash leaves them: the file and its WAL, copied while the connection is open.
    fs.copyFileSync(src, file);
    fs.copyFileSync(`${src}-wal`, `${file}-wal`);
    live.close();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    damage(file);
    const before = { main: sha(file), wal: sha(`${file}-wal`) };
    expect(() => openStore(file, { integrityCheck: 'quick' })).toThrow(StoreCorruptError);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    expect({ main: sha(file), wal: sha(`${file}-wal`) }).toEqual(before);
    // The default check (auto) sees the WAL and refuses the same way.
    expect(() => openStore(file)).toThrow(StoreCorruptError);
    expect({ main: sha(file), wal: sha(`${file}-wal`) }).toEqual(before);
  });

  it('refuses a file from a newer version whose version is still in its WAL, leaving both untouched', () => {
    const src = populated();
    const db = new Database(src);
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    const file = path.join(tempDir(), 'quotedesk.sqlite');
    fs.copyFileSync(src, file);
    fs.copyFileSync(`${src}-wal`, `${file}-wal`);
    db.close();
    const before = { main: sha(file), wal: sha(`${file}-wal`) };
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(() => openStore(file)).toThrow(StoreTooNewError);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    expect({ main: sha(file), wal: sha(`${file}-wal`) }).toEqual(before);
  });

  it('refuses a file from a newer version, leaving it untouched', () => {
    const file = populated();
    const db = new Database(file);
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    db.close();
    const before = sha(file);
    expect(() => openStore(file)).toThrow(StoreTooNewError);
    expect(sha(file)).toBe(before);
  });
});

describe('migrations', () => {
  it('bring a first-version database to the latest schema with its data intact', () => {
    // A quote as the first schema held it.
    const scratch = seededStore();
    const q = scratch.createQuote({ client: clientOf(acme) });
    scratch.addLineItems(q.id, [
      {
        type: 'Standard',
        productId: M365.id,
        billingTerm: 'Monthly',
        quantity: 7,
        note: 'kickoff in Reykjavik',
      },
    ]);
    const work = scratch.getWork(q.id);
    const before = { ...work };
    scratch.updateHeader(q.id, { introMessage: 'second version' });
    const later = scratch.getWork(q.id);
    scratch.close();

    const file = path.join(tempDir(), 'v1.sqlite');
    const db = new Database(file);
    expect(migrate(db, 1)).toBe(1);
    // A version-1 row: the recurring amounts per billing period came with version 5, the
    // expiry column with version 11.
    const { recurring_periods: _periods, expires_on: _expires, ...row } = listRow(later);
    const cols = Object.keys(row);
    const info = db
      .prepare(
        `INSERT INTO quotes (id, server_id, ${cols.join(', ')}, generation, synced_generation, sync_state, sync_message) VALUES (@id, @server_id, ${cols.map((c) => '@' + c).join(', ')}, 3, 1, 'error', 'QUOTE_INVALID_STATUS: sent meanwhile')`,
      )
      .run({ id: later.id, server_id: '99999999-0000-4000-8000-000000000001', ...row });
    const qrow = Number(info.lastInsertRowid);
    db.prepare('INSERT INTO quote_work (qrow, doc) VALUES (?, ?)').run(qrow, storedDoc(later));
    db.prepare(
      "INSERT INTO history (qrow, stack, label, doc, created_at) VALUES (?, 'undo', 'Edit quote details', ?, '2026-01-01T00:00:00Z')",
    ).run(qrow, storedDoc(before));
    db.prepare(
      "INSERT INTO id_map (kind, local_id, server_id, quote_id) VALUES ('quote', ?, '99999999-0000-4000-8000-000000000001', ?)",
    ).run(later.id, later.id);
    db.prepare(
      "INSERT INTO journal (quote_id, op, method, path, fingerprint, state, created_at, updated_at) VALUES (?, 'addLineItems', 'POST', '/v2/quotes/x/line-items', 'fp', 'unknown', 't', 't')",
    ).run(later.id);
    db.prepare(
      "INSERT INTO conflicts (quote_id, entity_kind, entity_id, field, base, local, remote, created_at) VALUES (?, 'quote', ?, 'introMessage', '\"a\"', '\"b\"', '\"c\"', 't')",
    ).run(later.id, later.id);
    // The sync engine's per-quote notes as versions 1–6 kept them, in meta; one of a quote
    // no longer here.
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run(`sync.pushed.${later.id}`, '[{"collection":"items","key":"p","value":{"n":1}}]');
    meta.run(`sync.keep.${later.id}`, '[{"collection":"sections","key":"s"}]');
    meta.run(`sync.conflictsSettled.${later.id}`, '12');
    meta.run(`sync.deleteHeldUntil.${later.id}`, '"2030-01-01T00:00:00.000Z"');
    meta.run(`publish.refused.${later.id}`, '"status: a quote cannot go from draft to sent"');
    meta.run('sync.pushed.00000000-0000-4000-8000-00000000dead', '[]');
    meta.run('sync.lastPull', '"2026-01-01T00:00:00Z"');
    db.close();

    const store = openStore(file);
    // Versions 7 and 8: the state, its message and the notes are the quote's sync record now.
    expect(engineStore(store).sync.syncRecord(later.id)).toEqual({
      state: 'error',
      lastError: 'QUOTE_INVALID_STATUS: sent meanwhile',
      retryAt: null,
      deleteHeldUntil: '2030-01-01T00:00:00.000Z',
      conflictsSettled: 12,
      pushed: [{ collection: 'items', key: 'p', value: { n: 1 } }],
      kept: [{ collection: 'sections', key: 's' }],
      publishRefused: 'status: a quote cannot go from draft to sent',
    });
    expect(store.listQuotes({}).content[0]!.syncState).toBe('error');
    expect(
      store.database
        .prepare(
          "SELECT key FROM meta WHERE key LIKE 'sync.%' OR key LIKE 'publish.%' ORDER BY key",
        )
        .all(),
    ).toEqual([{ key: 'sync.lastPull' }]);
    expect(store.database.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    const rec = store.getQuote(later.id)!;
    expect(rec.work).toEqual(later);
    expect([rec.serverId, rec.generation, rec.syncedGeneration, rec.dirty]).toEqual([
      '99999999-0000-4000-8000-000000000001',
      3,
      1,
      true,
    ]);
    expect(store.listQuotes({ search: 'reykjav' }).content.map((x) => x.id)).toEqual([later.id]);
    expect(store.listQuotes({ search: 'MST-M365-BP' }).content.map((x) => x.id)).toEqual([
      later.id,
    ]);
    // Version 5 derived the recurring amounts per billing period from the lines.
    expect(store.listQuotes({}).content[0]!.recurringByPeriod).toEqual({
      monthly: Math.round(later.totals.recurringTotal.amount * 100),
    });
    const amount = later.totals.recurringTotal.amount.toFixed(2);
    expect(store.listQuotes({ search: amount }).content.map((x) => x.id)).toEqual([later.id]);
    expect(
      store.database
        .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'quote_amounts%'")
        .all(),
    ).toEqual([]);
    expect(store.listQuotes({ status: 'draft' }).statusCounts.draft).toBe(1);
    // Version 11 derived the expiry column from the working copy: "Needs attention" finds it.
    expect(
      store.database.prepare('SELECT expires_on FROM quotes WHERE id = ?').pluck().get(later.id),
    ).toBe(later.expiresOn);
    expect(store.database.prepare('SELECT count(*) FROM follow_up_marks').pluck().get()).toBe(0);
    expect(engineStore(store).sync.listJournal({ states: ['unknown'] })).toHaveLength(1);
    expect(engineStore(store).sync.listConflicts(later.id)[0]).toMatchObject({
      local: 'b',
      remote: 'c',
    });
    expect(store.undo(later.id)).toBe(true);
    expect(store.getWork(later.id).introMessage).toBe(before.introMessage);
    store.close();
    // Reopening does not migrate again.
    const again = openStore(file);
    expect(again.listQuotes({}).page.totalElements).toBe(1);
    again.close();
  });
  it('brings a version-7 file with quotes known by their list entry to queued stubs, without their stored copies', () => {
    const entry: ListContent = {
      id: '99999999-0000-4000-8000-0000000000aa',
      status: 'sent',
      client: clientOf(acme),
      createdBy: 'Ben Okafor',
      createdOn: '2024-02-01T10:00:00.000Z',
      updatedOn: '2024-03-01T10:00:00.000Z',
      referenceCode: 'Q-2024-000777',
      published: true,
      publishedOn: '2024-02-02T10:00:00.000Z',
      lineItemCounts: { custom: 1, msp: 0, total: 6 },
      totals: {
        initialTotal: { amount: 1250.5, currency: 'USD' },
        recurringTotal: { amount: 99, currency: 'USD' },
      },
      intentType: 'PARTNER_TO_CLIENT',
      ownedBy: {
        id: 'b0a9d703-1f07-4046-81c9-40e9b0597a6d',
        email: 'ada.stone@northwind.example',
        fullName: 'Ada Stone',
        role: 'Sales',
      },
      partner: { id: '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc', name: 'Northwind Traders' },
    };
    const file = path.join(tempDir(), 'v7.sqlite');
    const db = new Database(file);
    expect(migrate(db, 7)).toBe(7);
    const w = stubWork('11111111-0000-4000-8000-0000000000aa', entry);
    // A version-7 row: the expiry column came with version 11.
    const { expires_on: _expires, ...v7 } = listRow(w);
    const row = {
      ...v7,
      items_total: 6,
      items_custom: 1,
      initial_total: 125050,
      recurring_total: 9900,
    };
    const cols = Object.keys(row);
    const qrow = Number(
      db
        .prepare(
          `INSERT INTO quotes (id, server_id, ${cols.join(', ')}) VALUES (@id, @server_id, ${cols.map((c) => '@' + c).join(', ')})`,
        )
        .run({ id: w.id, server_id: entry.id, ...row }).lastInsertRowid,
    );
    db.prepare('INSERT INTO quote_work (qrow, doc) VALUES (?, ?)').run(qrow, storedDoc(w));
    db.prepare("INSERT INTO quote_sync (qrow, state) VALUES (?, 'synced')").run(qrow);
    mapAndIndex(db, qrow, w, entry.id);
    db.prepare(
      'INSERT INTO quote_stubs (qrow, server_id, updated_on, entry) VALUES (?, ?, ?, ?)',
    ).run(qrow, entry.id, entry.updatedOn, JSON.stringify(entry));
    db.close();

    const store = openStore(file);
    // Still a stub, queued for the fill as every stub of version 7 was; its copy is made from
    // the list row now, none stored.
    expect(
      engineStore(store)
        .sync.listStubs()
        .map((s) => s.quoteId),
    ).toEqual([w.id]);
    expect(store.getQuote(w.id)!.stub).toBe(true);
    expect(engineStore(store).sync.stubEntry(w.id)).toEqual(entry);
    expect(store.getWork(w.id)).toMatchObject({
      referenceCode: 'Q-2024-000777',
      ownedBy: { fullName: 'Ada Stone' },
    });
    expect(store.database.prepare('SELECT count(*) FROM quote_work').pluck().get()).toBe(0);
    expect(store.listQuotes({ search: 'Q-2024-000777' }).content.map((e) => e.id)).toEqual([w.id]);
    expect(engineStore(store).sync.heldCounts()).toMatchObject({
      queued: 1,
      listedOnly: { count: 0 },
    });
    store.close();
  });
  it('brings a version-16 file with listed-only quotes to rows mapped without an id_map row, still listed, searchable and found by server id', () => {
    const serverId = 'AAAAAAAA-0000-4000-8000-0000000000BB';
    const entry: ListContent = {
      id: serverId,
      status: 'draft',
      client: clientOf(acme),
      createdBy: 'Ben Okafor',
      createdOn: '2023-02-01T10:00:00.000Z',
      updatedOn: '2023-03-01T10:00:00.000Z',
      referenceCode: 'Q-2023-000888',
      published: false,
      lineItemCounts: { custom: 0, msp: 0, total: 3 },
      totals: {
        initialTotal: { amount: 10, currency: 'USD' },
        recurringTotal: { amount: 0, currency: 'USD' },
      },
    };
    const file = path.join(tempDir(), 'v16.sqlite');
    const db = new Database(file);
    expect(migrate(db, 16)).toBe(16);
    // A listed-only quote as version 16 wrote it: its row (the server id as listed), its
    // search entries, its stub mark and its id_map row (the server id in lower case).
    const w = stubWork('11111111-0000-4000-8000-0000000000bb', entry);
    const row = { ...listRow(w), items_total: 3, items_custom: 0, items_msp: 0 };
    const cols = Object.keys(row);
    const qrow = Number(
      db
        .prepare(
          `INSERT INTO quotes (id, server_id, ${cols.join(', ')}) VALUES (@id, @server_id, ${cols.map((c) => '@' + c).join(', ')})`,
        )
        .run({ id: w.id, server_id: serverId, ...row }).lastInsertRowid,
    );
    db.prepare("INSERT INTO quote_sync (qrow, state) VALUES (?, 'synced')").run(qrow);
    mapAndIndex(db, qrow, w, serverId.toLowerCase());
    db.prepare(
      'INSERT INTO quote_stubs (qrow, queued, updated_on, extra) VALUES (?, 0, ?, NULL)',
    ).run(qrow, entry.updatedOn);
    db.close();

    const store = engineStore(openStore(file));
    expect(store.database.prepare('SELECT count(*) FROM id_map').pluck().get()).toBe(0);
    // Found by its server id in either spelling, so the list's next page refreshes it in place.
    expect(store.sync.localIdOf('quote', serverId)).toBe(w.id);
    expect(store.sync.localIdOf('quote', serverId.toLowerCase())).toBe(w.id);
    expect(store.sync.serverIdOf('quote', w.id)).toBe(serverId.toLowerCase());
    store.sync.putListEntries([{ ...entry, updatedOn: '2023-04-01T10:00:00.000Z' }], () => false);
    expect(store.listQuotes({}).page.totalElements).toBe(1);
    expect(store.listQuotes({ search: 'Q-2023-000888' }).content.map((e) => e.id)).toEqual([w.id]);
    expect(store.sync.heldCounts()).toMatchObject({ queued: 0, listedOnly: { count: 1 } });
    store.close();
  });
});

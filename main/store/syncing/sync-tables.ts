import type Database from 'better-sqlite3-multiple-ciphers';
import { StoreError } from '../errors';
import type {
  Conflict,
  ConflictInput,
  DirtyQuote,
  EntityKind,
  JournalEntry,
  JournalState,
  PlanRequestInput,
  SyncState,
} from '../types';

interface JournalRow {
  id: number;
  quote_id: string | null;
  op: string;
  method: string;
  path: string;
  fingerprint: string;
  body: string | null;
  state: JournalState;
  result: string | null;
  created_at: string;
  updated_at: string;
}

interface ConflictRow {
  id: number;
  quote_id: string;
  entity_kind: Conflict['entityKind'];
  entity_id: string;
  field: string;
  base: string | null;
  local: string | null;
  remote: string | null;
  created_at: string;
  resolved_at: string | null;
  resolution: Conflict['resolution'];
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));
const unjson = (s: string | null): unknown => (s === null ? null : JSON.parse(s));

function journalEntry(r: JournalRow): JournalEntry {
  return {
    id: r.id,
    quoteId: r.quote_id,
    op: r.op,
    method: r.method,
    path: r.path,
    fingerprint: r.fingerprint,
    body: unjson(r.body),
    state: r.state,
    result: unjson(r.result),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function conflictEntry(r: ConflictRow): Conflict {
  return {
    id: r.id,
    quoteId: r.quote_id,
    entityKind: r.entity_kind,
    entityId: r.entity_id,
    field: r.field,
    base: unjson(r.base),
    local: unjson(r.local),
    remote: unjson(r.remote),
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    resolution: r.resolution,
  };
}

const JOURNAL_STATES: readonly JournalState[] = ['planned', 'in_flight', 'done', 'unknown'];

/** The id map, the request journal and the conflicts: the sync engine's bookkeeping. */
/** Server ids are UUIDs, which are case-insensitive: one spelling in the id map. */
export function idKey(serverId: string): string {
  return /^[0-9a-f-]{36}$/i.test(serverId) ? serverId.toLowerCase() : serverId;
}

export class SyncTables {
  private s;

  constructor(private db: Database.Database) {
    this.s = {
      dirty: db.prepare<
        [],
        {
          id: string;
          server_id: string | null;
          generation: number;
          synced_generation: number;
          deleted: number;
          sync_state: SyncState;
        }
      >(
        'SELECT q.id, q.server_id, q.generation, q.synced_generation, q.deleted, y.state AS sync_state FROM quotes q JOIN quote_sync y ON y.qrow = q.qrow WHERE q.generation > q.synced_generation OR q.deleted = 1 ORDER BY q.qrow',
      ),
      mapId: db.prepare<[string, string, string, string | null]>(
        // A mapping already as given is not written again (SQLite rewrites the index entries of
        // every column an UPDATE sets, changed or not).
        'INSERT INTO id_map (kind, local_id, server_id, quote_id) VALUES (?, ?, ?, ?) ON CONFLICT(kind, local_id) DO UPDATE SET server_id = excluded.server_id, quote_id = coalesce(excluded.quote_id, id_map.quote_id) WHERE server_id IS NOT excluded.server_id OR quote_id IS NOT coalesce(excluded.quote_id, id_map.quote_id)',
      ),
      serverIdOf: db.prepare<[string, string], { server_id: string }>(
        'SELECT server_id FROM id_map WHERE kind = ? AND local_id = ?',
      ),
      localIdOf: db.prepare<[string, string], { local_id: string }>(
        'SELECT local_id FROM id_map WHERE kind = ? AND server_id = ?',
      ),
      idMapOf: db.prepare<[string], { kind: EntityKind; local_id: string; server_id: string }>(
        'SELECT kind, local_id, server_id FROM id_map WHERE quote_id = ? ORDER BY kind, local_id',
      ),
      // A quote only listed (stubs.ts) is mapped by its row alone: no id_map row until held.
      listedLocalId: db
        .prepare<[string], string>(
          'SELECT q.id FROM quotes q JOIN quote_stubs s ON s.qrow = q.qrow WHERE q.server_id = ?',
        )
        .pluck(),
      listedServerId: db
        .prepare<[string], string>(
          'SELECT q.server_id FROM quotes q JOIN quote_stubs s ON s.qrow = q.qrow WHERE q.id = ?',
        )
        .pluck(),
      plan: db.prepare(
        "INSERT INTO journal (quote_id, op, method, path, fingerprint, body, state, created_at, updated_at) VALUES (@quote_id, @op, @method, @path, @fingerprint, @body, 'planned', @now, @now)",
      ),
      entry: db.prepare<[number], JournalRow>('SELECT * FROM journal WHERE id = ?'),
      mark: db.prepare<[string, string | null, string, number]>(
        'UPDATE journal SET state = ?, result = coalesce(?, result), updated_at = ? WHERE id = ?',
      ),
      removeRequest: db.prepare<[number]>('DELETE FROM journal WHERE id = ?'),
      addConflict: db.prepare(
        'INSERT INTO conflicts (quote_id, entity_kind, entity_id, field, base, local, remote, created_at) VALUES (@quote_id, @entity_kind, @entity_id, @field, @base, @local, @remote, @now)',
      ),
      conflict: db.prepare<[number], ConflictRow>('SELECT * FROM conflicts WHERE id = ?'),
      resolve: db.prepare<[string, string, number]>(
        'UPDATE conflicts SET resolved_at = ?, resolution = ? WHERE id = ?',
      ),
      forgetIds: db.prepare<[string]>('DELETE FROM id_map WHERE quote_id = ?'),
      forgetJournal: db.prepare<[string]>('DELETE FROM journal WHERE quote_id = ?'),
      forgetConflicts: db.prepare<[string]>('DELETE FROM conflicts WHERE quote_id = ?'),
      serverQuoteIds: db.prepare<[], { id: string; server_id: string }>(
        'SELECT id, server_id FROM quotes WHERE server_id IS NOT NULL',
      ),
      openConflictsOf: db.prepare<[string], ConflictRow>(
        'SELECT * FROM conflicts WHERE quote_id = ? AND resolved_at IS NULL ORDER BY id',
      ),
      updateConflict: db.prepare(
        'UPDATE conflicts SET base = @base, local = @local, remote = @remote WHERE id = @id',
      ),
      dropConflict: db.prepare<[number]>('DELETE FROM conflicts WHERE id = ?'),
    };
  }

  dirty(): DirtyQuote[] {
    return this.s.dirty.all().map((r) => ({
      id: r.id,
      serverId: r.server_id,
      generation: r.generation,
      syncedGeneration: r.synced_generation,
      deleted: r.deleted === 1,
      syncState: r.sync_state,
    }));
  }

  mapId(kind: EntityKind, localId: string, serverId: string, quoteId: string | null): void {
    serverId = idKey(serverId);
    const taken = this.localIdOf(kind, serverId);
    if (taken && taken !== localId) {
      throw new StoreError(
        'ID_MAP_CONFLICT',
        `Server ${kind} ${serverId} is already mapped to ${taken}.`,
      );
    }
    this.s.mapId.run(kind, localId, serverId, quoteId);
  }

  /**
   * `mapId` of a server id the caller has just found unmapped (`localIdOf`, in the same
   * transaction) to a new local id: its check that no other local id holds it is not repeated.
   */
  mapUnmapped(kind: EntityKind, localId: string, serverId: string, quoteId: string | null): void {
    this.s.mapId.run(kind, localId, idKey(serverId), quoteId);
  }

  /**
   * A quote's server id: its id_map row, or for a quote only listed its row's (a listed-only
   * quote gets an id_map row once its aggregate is read: a first sign-in's 100,000 list
   * entries paid for a row and three indexes each, one of them on a random key).
   */
  serverIdOf(kind: EntityKind, localId: string): string | null {
    const mapped = this.s.serverIdOf.get(kind, localId)?.server_id;
    if (mapped !== undefined || kind !== 'quote') return mapped ?? null;
    return this.s.listedServerId.get(localId) ?? null;
  }

  localIdOf(kind: EntityKind, serverId: string): string | null {
    const key = idKey(serverId);
    const mapped = this.s.localIdOf.get(kind, key)?.local_id;
    if (mapped !== undefined || kind !== 'quote') return mapped ?? null;
    return this.s.listedLocalId.get(key) ?? null;
  }

  idMapOf(quoteId: string): { kind: EntityKind; localId: string; serverId: string }[] {
    const ids = this.s.idMapOf
      .all(quoteId)
      .map((r) => ({ kind: r.kind, localId: r.local_id, serverId: r.server_id }));
    if (ids.some((m) => m.kind === 'quote')) return ids;
    const listed = this.s.listedServerId.get(quoteId);
    return listed ? [{ kind: 'quote', localId: quoteId, serverId: listed }, ...ids] : ids;
  }

  plan(input: PlanRequestInput, now: string): JournalEntry {
    const info = this.s.plan.run({
      quote_id: input.quoteId,
      op: input.op,
      method: input.method,
      path: input.path,
      fingerprint: input.fingerprint,
      body: json(input.body),
      now,
    });
    return journalEntry(this.s.entry.get(Number(info.lastInsertRowid))!);
  }

  mark(id: number, state: JournalState, result: unknown, now: string): JournalEntry {
    if (!JOURNAL_STATES.includes(state))
      throw new StoreError('INVALID_STATE', `Unknown journal state ${state}.`);
    const changes = this.s.mark.run(state, json(result), now, id).changes;
    if (!changes)
      throw new StoreError('JOURNAL_ENTRY_NOT_FOUND', `Journal entry ${id} does not exist.`);
    return journalEntry(this.s.entry.get(id)!);
  }

  journal(filter: { quoteId?: string; states?: JournalState[] }): JournalEntry[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.quoteId !== undefined) {
      where.push('quote_id = ?');
      params.push(filter.quoteId);
    }
    if (filter.states?.length) {
      where.push(`state IN (${filter.states.map(() => '?').join(', ')})`);
      params.push(...filter.states);
    }
    const sql = `SELECT * FROM journal ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id`;
    return (this.db.prepare(sql).all(...params) as JournalRow[]).map(journalEntry);
  }

  removeRequest(id: number): void {
    this.s.removeRequest.run(id);
  }

  addConflict(quoteId: string, c: ConflictInput, now: string): Conflict {
    const info = this.s.addConflict.run({
      quote_id: quoteId,
      entity_kind: c.entityKind,
      entity_id: c.entityId,
      field: c.field,
      base: json(c.base),
      local: json(c.local),
      remote: json(c.remote),
      now,
    });
    return conflictEntry(this.s.conflict.get(Number(info.lastInsertRowid))!);
  }

  conflict(id: number): Conflict | null {
    const r = this.s.conflict.get(id);
    return r ? conflictEntry(r) : null;
  }

  conflicts(quoteId: string | undefined, includeResolved: boolean): Conflict[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (quoteId !== undefined) {
      where.push('quote_id = ?');
      params.push(quoteId);
    }
    if (!includeResolved) where.push('resolved_at IS NULL');
    const sql = `SELECT * FROM conflicts ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id`;
    return (this.db.prepare(sql).all(...params) as ConflictRow[]).map(conflictEntry);
  }

  resolve(id: number, choice: 'local' | 'remote', now: string): void {
    this.s.resolve.run(now, choice, id);
  }

  /**
   * The quote's open conflicts become `conflicts`: one already open for the same (entity,
   * field) takes the new values and keeps its id; open ones not among them go (what they
   * held is moot now); the rest are added. Resolved conflicts stay on record.
   */
  replaceConflicts(quoteId: string, conflicts: ConflictInput[], now: string): Conflict[] {
    const key = (c: { entity_kind: string; entity_id: string; field: string }) =>
      `${c.entity_kind}\u0000${c.entity_id}\u0000${c.field}`;
    const open = new Map(this.s.openConflictsOf.all(quoteId).map((r) => [key(r), r]));
    const out: Conflict[] = [];
    for (const c of conflicts) {
      const k = key({ entity_kind: c.entityKind, entity_id: c.entityId, field: c.field });
      const was = open.get(k);
      if (was) {
        open.delete(k);
        this.s.updateConflict.run({
          id: was.id,
          base: json(c.base),
          local: json(c.local),
          remote: json(c.remote),
        });
        out.push(this.conflict(was.id)!);
      } else out.push(this.addConflict(quoteId, c, now));
    }
    for (const stale of open.values()) this.s.dropConflict.run(stale.id);
    return out;
  }

  /** Server id → local id of every quote that has one, from the quotes table alone. */
  serverQuoteIds(): Map<string, string> {
    return new Map(this.s.serverQuoteIds.all().map((r) => [r.server_id, r.id]));
  }

  forgetQuote(quoteId: string): void {
    this.s.forgetIds.run(quoteId);
    this.s.forgetJournal.run(quoteId);
    this.s.forgetConflicts.run(quoteId);
    // Its quote_sync row (state and bookkeeping) goes with the quote's row (ON DELETE CASCADE).
  }
}

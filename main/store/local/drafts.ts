// What exists only on this computer, read out whole (for "Export unsynced drafts…") and put
// back (import): each quote with its working copy, the base its edits were made on, its id
// map, open conflicts, requests whose answer never came and the sync engine's bookkeeping —
// everything the sync engine needs to treat it as the same quote with the same pending edits.
import type { StoreKernel } from '../kernel';
import type { QuoteMeta } from '../quote/quote-repo';
import { withoutServerFields } from '../quote/server-fields';
import { parseDoc, recomputeTotals, storedDoc } from '../quote/totals';
import type {
  Conflict,
  EntityKind,
  JournalEntry,
  KeptEntity,
  PushedEntity,
  RemoteAggregate,
  WorkQuote,
} from '../types';

/** One quote with changes not yet on the server, as the store holds it. */
export interface LocalDraft {
  id: string;
  serverId: string | null;
  work: WorkQuote;
  base: RemoteAggregate | null;
  ids: { kind: EntityKind; localId: string; serverId: string }[];
  /** Open conflicts, and choices made here not yet sent (resolved, newer than settled). */
  conflicts: Omit<Conflict, 'id' | 'quoteId'>[];
  /** Journal entries not done: their request may have reached the server. */
  requests: (Omit<JournalEntry, 'id' | 'quoteId' | 'state'> & {
    state: Exclude<JournalEntry['state'], 'done'>;
  })[];
  pushed: PushedEntity[];
  kept: KeptEntity[];
  publishRefused: string | null;
}

/** A quote deleted here whose delete has not reached the server. */
export interface LocalDelete {
  serverId: string;
  clientName: string;
  referenceCode: string;
}

export interface LocalDrafts {
  quotes: LocalDraft[];
  deletes: LocalDelete[];
}

/** How a draft was put back: as itself (new, or over a clean copy of the server's), as a copy
 * (the quote here has edits of its own), or not at all (the same version is already here). */
export type PutBackOutcome = 'restored' | 'copy' | 'unchanged';

const pending = (r: QuoteMeta) =>
  r.generation > r.synced_generation || r.deleted === 1 || r.open_conflicts > 0;

export function localDrafts(k: StoreKernel): LocalDrafts {
  k.open();
  const rows = k.db
    .prepare<[], QuoteMeta & { client_name: string; reference_code: string }>(
      `SELECT qrow, id, server_id, generation, synced_generation, deleted, open_conflicts,
              client_name, reference_code
         FROM quotes WHERE generation > synced_generation OR deleted = 1 OR open_conflicts > 0
        ORDER BY qrow`,
    )
    .all();
  const out: LocalDrafts = { quotes: [], deletes: [] };
  for (const r of rows) {
    if (r.deleted) {
      if (r.server_id)
        out.deletes.push({
          serverId: r.server_id,
          clientName: r.client_name,
          referenceCode: r.reference_code,
        });
      continue;
    }
    if (k.stubs.has(r.qrow)) continue;
    const base = k.repo.baseDoc(r.qrow);
    const sync = k.repo.sync.record(r.qrow);
    const settled = sync?.conflictsSettled ?? 0;
    out.quotes.push({
      id: r.id,
      serverId: r.server_id,
      work: parseDoc(k.repo.workDoc(r.qrow)),
      base: base ? (JSON.parse(base) as RemoteAggregate) : null,
      ids: k.tables.idMapOf(r.id),
      conflicts: k.tables
        .conflicts(r.id, true)
        .filter((c) => c.resolvedAt === null || c.id > settled)
        .map(({ id: _id, quoteId: _q, ...c }) => c),
      requests: k.tables
        .journal({ quoteId: r.id, states: ['planned', 'in_flight', 'unknown'] })
        .map(({ id: _id, quoteId: _q, ...j }) => j as LocalDraft['requests'][number]),
      pushed: sync?.pushed ?? [],
      kept: sync?.kept ?? [],
      publishRefused: sync?.publishRefused ?? null,
    });
  }
  return out;
}

/** The partner this store's quotes belong to, when a quote from the server said so. */
export function knownPartnerId(k: StoreKernel): string | null {
  k.open();
  const row = k.db
    .prepare<[], { partner_id: string }>(
      'SELECT partner_id FROM quotes WHERE partner_id IS NOT NULL LIMIT 1',
    )
    .get();
  return row?.partner_id ?? null;
}

/**
 * Puts one draft back, inside the caller's transaction. The quote keeps its ids when nothing
 * here stands in the way, or only a clean copy of the server's (replaced: nothing local is
 * lost); a quote here with edits of its own is never overwritten — the draft comes back as a
 * new quote beside it. `copyOf` makes that copy.
 */
export function putBackDraft(
  k: StoreKernel,
  d: LocalDraft,
  copyOf: (w: WorkQuote) => WorkQuote,
): { outcome: PutBackOutcome; quoteId: string } {
  const serverLocal = d.serverId ? k.tables.localIdOf('quote', d.serverId) : null;
  const here =
    k.repo.byId(d.id) ??
    (serverLocal ? k.repo.byId(serverLocal) : undefined) ??
    (d.serverId ? k.repo.byServerId(d.serverId) : undefined);
  if (here && here.id === d.id) {
    // The same quote: its changes were sent since (it is clean), or it holds this version
    // already (imported before) — or edits made here since, which a copy leaves alone.
    const same =
      !pending(here) || (!here.deleted && sameDraft(parseDoc(k.repo.workDoc(here.qrow)), d.work));
    if (same) return { outcome: 'unchanged', quoteId: here.id };
  }
  if (here && pending(here)) {
    const w = copyOf(d.work);
    recomputeTotals(w);
    k.repo.insert(w, { serverId: null, generation: 1, syncedGeneration: 0, syncState: 'pending' });
    k.bus.emit({ quoteId: w.id, what: 'created' });
    return { outcome: 'copy', quoteId: w.id };
  }
  // What is here is the server's version of it, unchanged (a pull, a list entry): replaced.
  if (here) k.purge(here);
  // Server ids the purged copy (or an older import) mapped to other local ids.
  const unmap = k.db.prepare<[string, string, string]>(
    'DELETE FROM id_map WHERE kind = ? AND (lower(server_id) = lower(?) OR local_id = ?)',
  );
  for (const m of d.ids) unmap.run(m.kind, m.serverId, m.localId);
  for (const m of d.ids) k.tables.mapId(m.kind, m.localId, m.serverId, d.id);
  const w = structuredClone(d.work);
  recomputeTotals(w);
  const qrow = k.repo.insert(w, {
    serverId: d.serverId,
    generation: 1,
    syncedGeneration: 0,
    syncState: 'pending',
  });
  if (d.base) k.repo.writeBase(qrow, JSON.stringify(d.base));
  // Choices made before the export are newer than anything settled here.
  const settled = k.db
    .prepare<[], number>('SELECT coalesce(max(id), 0) FROM conflicts')
    .pluck()
    .get()!;
  const addConflict = k.db.prepare(
    `INSERT INTO conflicts (quote_id, entity_kind, entity_id, field, base, local, remote,
                            created_at, resolved_at, resolution)
     VALUES (@quote_id, @entity_kind, @entity_id, @field, @base, @local, @remote,
             @created_at, @resolved_at, @resolution)`,
  );
  for (const c of d.conflicts)
    addConflict.run({
      quote_id: d.id,
      entity_kind: c.entityKind,
      entity_id: c.entityId,
      field: c.field,
      base: json(c.base),
      local: json(c.local),
      remote: json(c.remote),
      created_at: c.createdAt,
      resolved_at: c.resolvedAt,
      resolution: c.resolution,
    });
  // Times kept: a lost create is looked for among quotes made since its request.
  const addRequest = k.db.prepare(
    `INSERT INTO journal (quote_id, op, method, path, fingerprint, body, state, result, created_at, updated_at)
     VALUES (@quote_id, @op, @method, @path, @fingerprint, @body, @state, @result, @created_at, @updated_at)`,
  );
  for (const j of d.requests)
    addRequest.run({
      quote_id: d.id,
      op: j.op,
      method: j.method,
      path: j.path,
      fingerprint: j.fingerprint,
      body: json(j.body),
      state: j.state,
      result: json(j.result),
      created_at: j.createdAt,
      updated_at: j.updatedAt,
    });
  k.repo.sync.setBookkeeping(qrow, {
    pushed: d.pushed,
    kept: d.kept,
    conflictsSettled: settled,
    publishRefused: d.publishRefused,
  });
  const open = d.conflicts.filter((c) => c.resolvedAt === null).length;
  if (open > 0) {
    k.repo.setOpenConflicts(qrow, open);
    k.repo.sync.apply(qrow, 'conflictsFound', { message: null }, d.id);
  }
  k.bus.emit({ quoteId: d.id, what: 'created' });
  return { outcome: 'restored', quoteId: d.id };
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/** The same version of a quote: what the server assigns (reference code, dates, links — a sync
 * may have filled them in since), file addresses and totals aside, keys in any order. */
function sameDraft(a: WorkQuote, b: WorkQuote): boolean {
  const plain = (w: WorkQuote) =>
    withoutServerFields(
      JSON.parse(
        storedDoc({
          ...w,
          attachments: w.attachments.map((x) => ({ ...x, sha256: null, size: null })),
        }),
      ) as WorkQuote,
    );
  return plain(a) === plain(b);
}

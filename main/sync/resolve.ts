// What the user can do about a conflict: take mine, take theirs (one conflict or the whole
// quote), or save my version as a new quote. The engine carries the choice to the server on
// the next round; a losing value stays on record in its conflict row.
import { StoreError, workFromRemote, type Store } from '../store';
import type { Conflict, EntityKind } from '../store';
import { PARKED_CREATE, currentLocal } from './conflict-store';
import { same } from './model';
import { syncView, type SyncStore } from './ports';
import { markPushed } from './pushed';
import { sentValues } from './recover';

type Choice = 'local' | 'remote';

function open(store: SyncStore, quoteId: string, conflictId?: number): Conflict[] {
  const all = store.sync.listConflicts(quoteId);
  return conflictId === undefined ? all : all.filter((c) => c.id === conflictId);
}

/** Keep my value (one conflict, or every open conflict of the quote). A quote deleted
 * remotely is kept by saving it as a new quote. */
export function takeMine(given: Store | SyncStore, quoteId: string, conflictId?: number): string {
  const store = syncView(given);
  let id = quoteId;
  store.transaction(() => {
    for (const c of open(store, quoteId, conflictId)) {
      if (c.field === PARKED_CREATE) resolveParkedCreate(store, c.id, 'local');
      else if (c.entityKind === 'quote' && c.field === '*' && c.remote === null)
        id = saveMineAsNew(store, quoteId);
      else store.sync.resolveConflict(c.id, 'local');
    }
  });
  return id;
}

/** Take the server's value (one conflict, or every open conflict of the quote). */
export function takeTheirs(
  given: Store | SyncStore,
  quoteId: string,
  conflictId?: number,
  /** For a parked quote create: the candidate the user says is this quote (else the newest). */
  adopt?: string,
): void {
  const store = syncView(given);
  store.transaction(() => {
    for (const c of open(store, quoteId, conflictId)) {
      if (c.field === PARKED_CREATE) resolveParkedCreate(store, c.id, 'remote', adopt);
      else if (store.getQuote(quoteId)) {
        keepNewerLocal(store, quoteId, c);
        resolveRemote(store, c);
      }
    }
  });
}

/** The entity may be gone here since (deleted by the user): then the deletion stands, and
 * the next merge raises it against the remote change as a delete/edit conflict. */
function resolveRemote(store: SyncStore, c: Conflict): void {
  try {
    store.sync.resolveConflict(c.id, 'remote');
  } catch (e) {
    if (!(e instanceof StoreError) || e.code !== 'CONFLICT_TARGET_GONE') throw e;
    store.sync.resolveConflict(c.id, 'local');
  }
}

/**
 * The user may have edited the field again since the conflict was recorded: that newer
 * value loses too, so it goes on record as well before the remote value replaces it.
 */
function keepNewerLocal(store: SyncStore, quoteId: string, c: Conflict): void {
  const q = store.getQuote(quoteId);
  if (!q || q.deleted || (c.entityKind === 'quote' && c.field === '*')) return;
  const now = currentLocal(q.work, c);
  if (same(now, c.local ?? null) || same(now, c.remote ?? null)) return;
  const [again] = store.sync.recordConflicts(quoteId, [
    {
      entityKind: c.entityKind,
      entityId: c.entityId,
      field: c.field,
      base: c.base,
      local: now,
      remote: c.remote,
    },
  ]);
  if (again) resolveRemote(store, again);
}

/**
 * My working copy becomes a new quote (created on the server at the next sync); the
 * original takes the server's side of every conflict (or goes, if deleted remotely).
 * Returns the new quote's local id.
 */
export function saveMineAsNew(given: Store | SyncStore, quoteId: string): string {
  const store = syncView(given);
  return store.transaction(() => {
    const copy = store.saveAsNewQuote(quoteId);
    // The original is the server's version now, not a blend: every edit of mine lives in the
    // copy. Its working copy goes back to the state last read from the server, then takes the
    // server's side of each conflict (what the server holds now), and the next round brings
    // whatever else changed there.
    const q = store.getQuote(quoteId);
    if (q?.base) {
      const idOf = (kind: EntityKind, serverId: string) =>
        store.sync.localIdOf(kind, serverId) ?? serverId;
      store.sync.replaceWork(quoteId, workFromRemote(q.base, idOf, q.work), q.generation);
      store.sync.setBookkeeping(quoteId, { pushed: [] });
    }
    for (const c of store.sync.listConflicts(quoteId)) {
      if (!store.getQuote(quoteId)) break;
      if (c.field === PARKED_CREATE) resolveParkedCreate(store, c.id, 'local');
      else resolveRemote(store, c);
    }
    return copy.id;
  });
}

/**
 * A create whose answer was lost matched several candidates on the server. `remote`
 * adopts the first (newest) candidate still free; `local` sends the create again.
 */
export function resolveParkedCreate(
  given: Store | SyncStore,
  conflictId: number,
  choice: Choice,
  adopt?: string,
): void {
  const store = syncView(given);
  const c = store.sync.listConflicts(undefined).find((x) => x.id === conflictId);
  if (!c || c.field !== PARKED_CREATE) return;
  store.transaction(() => {
    if (choice === 'remote') {
      const candidates = (c.remote ?? []) as {
        key?: string;
        kind?: string;
        serverId: string;
        fingerprint?: string;
        weak?: string;
      }[];
      const local = c.local as {
        op: string;
        body: Record<
          string,
          { key: string; fingerprint: string; weak?: string; value?: unknown }[]
        >;
      };
      if (local.op === 'createQuote') {
        if (adopt && !candidates.some((x) => x.serverId === adopt && free(store, adopt, c.quoteId)))
          throw new StoreError(
            'STALE',
            'That quote on the server is not one this quote could be (or another quote here is it).',
          );
        const pick = candidates.find(
          (x) => (!adopt || x.serverId === adopt) && free(store, x.serverId, c.quoteId),
        );
        if (pick) {
          const standIn = store.sync.localIdOf('quote', pick.serverId);
          if (standIn && standIn !== c.quoteId) store.purgeQuote(standIn);
          store.sync.mapId('quote', c.quoteId, pick.serverId, c.quoteId);
        }
        // None free: each candidate is another local quote's by now, so none is this one's:
        // the create is sent again.
      } else {
        const adopted: string[] = [];
        const wanted =
          local.body.items ?? local.body.sections ?? local.body.entries ?? local.body.files ?? [];
        const pool = [...candidates];
        // Exact matches first, then what no update can change.
        const rest = wanted.filter((w) => {
          const i = pool.findIndex((p) => p.fingerprint === w.fingerprint);
          if (i < 0) return true;
          const [hit] = pool.splice(i, 1);
          store.sync.mapId(hit!.kind as never, w.key, hit!.serverId, c.quoteId);
          adopted.push(w.key);
          return false;
        });
        for (const w of rest) {
          const i = pool.findIndex((p) => p.weak !== undefined && p.weak === w.weak);
          if (i < 0) continue;
          const [hit] = pool.splice(i, 1);
          store.sync.mapId(hit!.kind as never, w.key, hit!.serverId, c.quoteId);
          adopted.push(w.key);
        }
        const kind = candidates[0]?.kind as Parameters<typeof sentValues>[0];
        markPushed(
          store,
          c.quoteId,
          sentValues(
            kind,
            wanted.filter((w) => adopted.includes(w.key)),
          ),
        );
      }
    }
    // 'local' on the store's side: the working copy stays as it is either way.
    store.sync.resolveConflict(conflictId, 'local');
  });
}

/**
 * A candidate server quote this quote may adopt: no local quote stands for it, or only the
 * copy a pull brought in meanwhile and nobody touched here (never edited, nothing pending),
 * which then gives way. A quote of this device's own, or one edited here, is never taken.
 */
function free(store: SyncStore, serverId: string, quoteId: string): boolean {
  const holder = store.sync.localIdOf('quote', serverId);
  if (!holder || holder === quoteId) return true;
  const q = store.getQuote(holder);
  return (
    !!q &&
    q.generation === 0 &&
    !q.dirty &&
    q.openConflicts === 0 &&
    store.sync.listJournal({ quoteId: holder }).length === 0
  );
}

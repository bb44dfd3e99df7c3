// One quote's round: recover journalled requests, read the server, merge, push the calls
// that take the server to the merged state, and read the quote back as the new base.
import type { QuoteResponse } from '../../common/api';
import { StoreError, workFromRemote } from '../store';
import type { EntityKind, RemoteAggregate, WorkQuote } from '../store/types';
import { readAggregate } from './aggregate';
import {
  recordMergeConflicts,
  decisionsFor,
  settleConflicts,
  openCreateParked,
} from './conflictStore';
import { failureOf, isEntityGone, isGone, type Failure } from './errors';
import { recoverJournal } from './recover';
import { merge } from './merge';
import { normalizeOrders } from './normalize';
import { type Collection, type QuoteState, clone, emptyQuote, splitPlacementKey } from './model';
import { nextStep, type Step } from './plan';
import type { SyncApi, SyncStore } from './ports';
import { rebaseWork } from './rebase';
import { fromRemote, fromWork } from './translate';
import {
  addItemsPayload,
  itemFingerprint,
  itemWeakFingerprint,
  updateItemsPayload,
} from './payloads';

export interface RoundContext {
  api: SyncApi;
  store: SyncStore;
  newId: () => string;
  /** Shared across rounds: false once a server refused new section ids in PUT sections. */
  sectionsByPut: { value: boolean };
  onStep?: (quoteId: string, step: string) => void;
  /** Where downloads land before the store keeps them. */
  tmpDir: string;
}

export type RoundResult =
  | { state: 'synced' | 'pending' | 'conflict' | 'dropped' }
  | { state: 'error'; message: string }
  | { state: 'retry'; failure: Failure };

/** Stops the round: read the server again and recompute from what is really there. */
class Reread extends Error {
  constructor(
    readonly failure: Failure | null,
    readonly why: string,
  ) {
    super(why);
  }
}
/** Stops the round for later (transient failure). */
class Later extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

const MAX_STEPS = 60;

export async function syncQuote(quoteId: string, ctx: RoundContext): Promise<RoundResult> {
  let lastRefusal: Failure | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await round(quoteId, ctx);
    } catch (e) {
      if (e instanceof Later) return { state: 'retry', failure: e.failure };
      if (e instanceof Reread) {
        lastRefusal = e.failure;
        continue;
      }
      const f = failureOf(e);
      if (f && (f.kind === 'unknown' || f.transient)) return { state: 'retry', failure: f };
      if (f) {
        lastRefusal = f;
        continue;
      }
      throw e;
    }
  }
  const message = lastRefusal?.message ?? 'The server did not take the changes.';
  ctx.store.setSyncState(quoteId, 'error', message);
  return { state: 'error', message };
}

const pushedKey = (quoteId: string) => `sync.pushed.${quoteId}`;

/** An entity this device created on the server, as it was sent, for the base to show. */
export interface Pushed {
  collection: Collection;
  key: string;
  value: unknown;
}

/**
 * Entities this device created on the server since the base was last recorded (their
 * answers recorded, the commit not yet, e.g. after a crash). They count as part of the base:
 * deleted here since → delete there; deleted there → gone here; never "added" again.
 */
export function pushedOf(store: SyncStore, quoteId: string): Pushed[] {
  return store.getMeta<Pushed[]>(pushedKey(quoteId)) ?? [];
}

/** Called inside the transaction that records the mappings. */
export function markPushed(store: SyncStore, quoteId: string, entries: Pushed[]): void {
  if (!entries.length) return;
  const all = new Map(pushedOf(store, quoteId).map((p) => [`${p.collection}:${p.key}`, p]));
  for (const e of entries) all.set(`${e.collection}:${e.key}`, e);
  store.setMeta(pushedKey(quoteId), [...all.values()]);
}

/** The base with what this device created since: null stays null when nothing was. */
function withPushed(
  base: QuoteState | null,
  pushed: Pushed[],
  remote: QuoteState | null,
): QuoteState | null {
  if (!pushed.length || (!base && !remote)) return base;
  const b: QuoteState = base ? clone(base) : { ...emptyQuote(remote!.header) };
  for (const p of pushed) {
    const col = b[p.collection] as Record<string, unknown>;
    if (!(p.key in col)) col[p.key] = clone(p.value);
  }
  return b;
}

const COLLECTION_OF_KIND: Partial<Record<EntityKind, Collection>> = {
  lineItem: 'items',
  section: 'sections',
  accessEntry: 'access',
  attachment: 'attachments',
};

export function pushedEntries(
  merged: QuoteState,
  mappings: { kind: EntityKind; localId: string }[],
): Pushed[] {
  return mappings.flatMap((m) => {
    const collection = COLLECTION_OF_KIND[m.kind];
    const value = collection
      ? (merged[collection] as Record<string, unknown>)[m.localId]
      : undefined;
    return collection && value !== undefined ? [{ collection, key: m.localId, value }] : [];
  });
}

function localIdOf(
  store: SyncStore,
  quoteId: string,
  newId: () => string,
  ownSections: Set<string>,
) {
  // A mapping never changes once made, and the round asks for every entity at every step:
  // kept here, not looked up in SQLite each time. (One round only: a failed round's
  // rolled-back mappings go with it.)
  const seen = new Map<string, string>();
  return (kind: EntityKind, serverId: string): string => {
    if (kind === 'quote') return quoteId;
    const k = `${kind}:${serverId}`;
    const had = seen.get(k);
    if (had) return had;
    let id = store.localIdOf(kind, serverId);
    if (!id) {
      // A section sent with our own id whose answer was lost: it is ours, not a new one.
      id = kind === 'section' && ownSections.has(serverId) ? serverId : newId();
      store.mapId(kind, id, serverId, quoteId);
    }
    seen.set(k, id);
    return id;
  };
}

async function round(quoteId: string, ctx: RoundContext): Promise<RoundResult> {
  const { store, api } = ctx;
  if (!store.getQuote(quoteId)) return { state: 'dropped' };

  if (await recoverJournal(quoteId, ctx)) return { state: 'conflict' };
  if (openCreateParked(store, quoteId)) return { state: 'conflict' };

  const snap = store.getQuote(quoteId);
  if (!snap) return { state: 'dropped' };
  store.setSyncState(quoteId, 'syncing', null);

  if (snap.deleted) {
    if (snap.serverId) {
      ctx.onStep?.(quoteId, 'deleteQuote');
      try {
        await api.deleteQuote(snap.serverId);
      } catch (e) {
        if (!isGone(e)) throw e;
      }
    }
    store.purgeQuote(quoteId);
    return { state: 'dropped' };
  }

  // Files of remote attachments not yet here: fetch them while the server still has them
  // (a quote in conflict may be deleted remotely and saved as new later).
  if (snap.serverId) await downloadMissingFiles(quoteId, ctx);

  const idOf = localIdOf(store, quoteId, ctx.newId, new Set(snap.work.sections.map((x) => x.id)));
  let agg: RemoteAggregate | null = null;
  if (snap.serverId) {
    ctx.onStep?.(quoteId, 'read');
    agg = await readAggregate(api, snap.serverId);
  }
  const base = snap.base ? fromRemote(snap.base, idOf) : null;
  const remote = agg ? fromRemote(agg, idOf) : null;
  const local = fromWork(snap.work);
  const { decide, applied } = decisionsFor(store, quoteId);

  if (snap.serverId && !agg && !base) {
    // Created here, its first read-back never recorded, and now gone remotely.
    recordMergeConflicts(store, quoteId, snap.work, null, null, [
      { kind: 'deleted', path: 'quote', base: null, local, remote: null },
    ]);
    return { state: 'conflict' };
  }

  const m = merge(
    withPushed(base, pushedOf(store, quoteId), remote),
    local,
    snap.serverId ? remote : null,
    decide,
  );
  if (m.conflicts.length) {
    recordMergeConflicts(store, quoteId, snap.work, snap.base, agg, m.conflicts, idOf);
    return { state: 'conflict' };
  }
  if (!m.merged) {
    store.purgeQuote(quoteId); // deleted remotely, nothing local to keep
    return { state: 'dropped' };
  }
  let merged: QuoteState = m.merged;
  normalizeOrders(merged);

  const seen = new Set<string>();
  const itemOrder = snap.work.lineItems.map((li) => li.id);
  let calls = 0;
  let lastKind: Step['kind'] | null = null;
  for (let n = 0; ; n++) {
    const known = agg ? fromRemote(agg, idOf) : null;
    const step = nextStep(merged, known, {
      createSections: !ctx.sectionsByPut.value,
      itemOrder,
    });
    if (!step) break;
    const sig = JSON.stringify([step, known]);
    if (seen.has(sig) || n >= MAX_STEPS) {
      throw new Reread(
        {
          kind: 'refused',
          transient: false,
          offline: false,
          status: 0,
          code: 'NOT_CONVERGING',
          message: `The server did not take the change (${step.kind}).`,
        },
        'not converging',
      );
    }
    seen.add(sig);
    ctx.onStep?.(quoteId, step.kind);
    agg = await runStep(step, quoteId, merged, agg, snap.work, ctx);
    calls++;
    lastKind = step.kind;
    if (step.kind === 'createQuote') {
      // The server's defaults for a new quote (e.g. preference attachments) join the merge.
      const again = merge(null, local, fromRemote(agg, idOf), decide);
      merged = again.merged!;
      normalizeOrders(merged);
    }
  }
  if (!agg) throw new Error('no server state after the push');
  if (calls) {
    // Read back: the base is what the server holds now, never what the answers suggest it
    // should (a delete answers nothing, the answers carry no totals of the whole quote, and
    // someone else may have changed the quote meanwhile).
    ctx.onStep?.(quoteId, 'readBack');
    try {
      // A header PUT answers the whole quote: when it was the last call, that is the read.
      const answered = lastKind === 'updateHeader' ? agg.quote : undefined;
      agg = await readAggregate(api, agg.quote.id, answered);
    } catch (e) {
      fail(e);
    }
    if (!agg) throw new Reread(null, 'quote gone after the push');
  }
  const final: RemoteAggregate = agg;
  let state: 'synced' | 'pending' = 'synced';
  store.transaction(() => {
    const cur = store.getQuote(quoteId);
    if (!cur) return;
    if (cur.generation !== snap.generation) {
      const serverWork = workFromRemote(final, idOf, cur.work);
      store.replaceWork(quoteId, rebaseWork(snap.work, cur.work, serverWork), cur.generation);
      state = 'pending';
    }
    store.commitSync(quoteId, final, snap.generation);
    store.setMeta(pushedKey(quoteId), null);
    settleConflicts(store, quoteId, applied);
  });
  await downloadMissingFiles(quoteId, ctx);
  return { state };
}

async function journalled<T>(
  ctx: RoundContext,
  quoteId: string,
  merged: QuoteState | null,
  req: { op: string; method: string; path: string; body: unknown; fingerprint: string },
  call: () => Promise<T>,
  mappings: (r: T) => { kind: EntityKind; localId: string; serverId: string }[],
): Promise<T> {
  const { store } = ctx;
  // Durable before the request goes out; the disk sync does not hold up other quotes.
  const entry = await store.planRequestDurable({ quoteId, ...req });
  let r: T;
  try {
    r = await call();
  } catch (e) {
    const f = failureOf(e);
    if (f && f.kind === 'refused') store.removeRequest(entry.id);
    else if (f) store.markRequest(entry.id, 'unknown');
    throw e;
  }
  store.transaction(() => {
    const ms = mappings(r);
    for (const m of ms) store.mapId(m.kind, m.localId, m.serverId, quoteId);
    if (merged) markPushed(store, quoteId, pushedEntries(merged, ms));
    store.removeRequest(entry.id);
  });
  return r;
}

function fail(e: unknown): never {
  const f = failureOf(e);
  if (!f) throw e;
  if (f.kind === 'unknown' || f.transient) throw new Later(f);
  throw new Reread(f, f.message);
}

async function runStep(
  step: Step,
  quoteId: string,
  merged: QuoteState,
  agg: RemoteAggregate | null,
  work: WorkQuote,
  ctx: RoundContext,
): Promise<RemoteAggregate> {
  const { api, store } = ctx;
  const sid = (kind: EntityKind, key: string) => {
    const s = store.serverIdOf(kind, key);
    if (!s) throw new Reread(null, `no server id for ${kind} ${key}`);
    return s;
  };
  try {
    if (step.kind === 'createQuote') {
      const body = { clientId: step.clientId };
      const q = await journalled(
        ctx,
        quoteId,
        null,
        { op: 'createQuote', method: 'POST', path: '/v2/quotes', body, fingerprint: step.clientId },
        () => api.createQuote(body),
        (q) => [{ kind: 'quote', localId: quoteId, serverId: q.id }],
      );
      learnIdentity(store, q);
      return { quote: q, sections: [], accessList: [] };
    }
    const a = agg!;
    const qid = a.quote.id;
    switch (step.kind) {
      case 'updateHeader': {
        const h = merged.header;
        a.quote = await api.updateQuote(qid, {
          expiresOn: h.expiresOn,
          introMessage: h.introMessage,
          published: h.published,
          status: h.status as never,
          termsAndDisclaimers: h.termsAndDisclaimers,
        });
        return a;
      }
      case 'deleteItems': {
        const ids = step.keys.map((k) => sid('lineItem', k));
        try {
          await api.bulkDeleteLineItems(qid, ids);
        } catch (e) {
          if (isEntityGone(e)) throw new Reread(null, 'line item already gone');
          throw e;
        }
        const gone = new Set(ids);
        a.quote.lineItems = a.quote.lineItems.filter((li) => !gone.has(li.id));
        for (const s of a.sections)
          s.lineItems = s.lineItems.filter((x) => !gone.has(x.lineItemId));
        return a;
      }
      case 'addItems': {
        const payload = addItemsPayload(merged, step.keys, (k) => store.serverIdOf('lineItem', k));
        const body = {
          items: step.keys.map((k) => ({
            key: k,
            fingerprint: itemFingerprint(merged.items[k]!),
            weak: itemWeakFingerprint(merged.items[k]!),
            value: merged.items[k]!,
          })),
        };
        const added = await journalled(
          ctx,
          quoteId,
          merged,
          {
            op: 'addLineItems',
            method: 'POST',
            path: `/v2/quotes/${qid}/line-items`,
            body,
            fingerprint: body.items.map((i) => i.fingerprint).join('|'),
          },
          () => api.addLineItems(qid, payload),
          (res) =>
            step.keys.map((k, i) => ({
              kind: 'lineItem' as const,
              localId: k,
              serverId: res[i]!.id,
            })),
        );
        a.quote.lineItems = [...a.quote.lineItems, ...added];
        return a;
      }
      case 'updateItems': {
        const payload = updateItemsPayload(merged, step.keys, (k) => sid('lineItem', k));
        const res = await api.updateLineItems(qid, payload);
        const byId = new Map(res.map((li) => [li.id, li]));
        a.quote.lineItems = a.quote.lineItems.map((li) => byId.get(li.id) ?? li);
        return a;
      }
      case 'createSection': {
        const name = merged.sections[step.key]!.name;
        const before = new Set(a.sections.map((s) => s.id));
        const res = await journalled(
          ctx,
          quoteId,
          merged,
          {
            op: 'createSection',
            method: 'POST',
            path: `/v2/quotes/${qid}/sections`,
            body: {
              sections: [
                {
                  key: step.key,
                  fingerprint: name,
                  weak: 'section',
                  value: merged.sections[step.key],
                },
              ],
            },
            fingerprint: name,
          },
          () => api.createSection(qid, name),
          (r) => {
            const fresh = r.sections.filter((s) => !before.has(s.id));
            const pick = fresh.length === 1 ? fresh[0] : fresh.find((s) => s.name === name);
            return pick ? [{ kind: 'section' as const, localId: step.key, serverId: pick.id }] : [];
          },
        );
        a.sections = res.sections;
        return a;
      }
      case 'putSections': {
        const fresh: string[] = [];
        const sections = Object.entries(merged.sections).map(([key, s]) => {
          let id = store.serverIdOf('section', key);
          if (!id) {
            id = key; // a new section takes our own id (PUT is the desired state)
            fresh.push(key);
          }
          const lineItems = Object.entries(merged.placements)
            .filter(([pk]) => splitPlacementKey(pk).section === key)
            .map(([pk, p]) => ({
              lineItemId: sid('lineItem', splitPlacementKey(pk).item),
              order: p.order,
            }))
            .sort((x, y) => x.order - y.order);
          return { id, name: s.name, order: s.order, lineItems };
        });
        try {
          const res = await api.replaceSections(qid, { sections });
          store.transaction(() => {
            for (const k of fresh) store.mapId('section', k, k, quoteId);
            markPushed(store, quoteId, [
              ...fresh.map((key) => ({
                collection: 'sections' as const,
                key,
                value: merged.sections[key],
              })),
              ...Object.entries(merged.placements).map(([key, value]) => ({
                collection: 'placements' as const,
                key,
                value,
              })),
            ]);
          });
          a.sections = res.sections;
        } catch (e) {
          const f = failureOf(e);
          // Only a refusal of the ids themselves means this server wants sections created
          // first (our server names the field, e.g. `sections[1].id`).
          if (
            fresh.length &&
            f?.kind === 'refused' &&
            !f.transient &&
            /sections\[\d+\]\.id\b/.test(f.message)
          ) {
            ctx.sectionsByPut.value = false; // this server wants sections created first
            throw new Reread(f, 'sections need creating first');
          }
          throw e;
        }
        return a;
      }
      case 'deleteAccess': {
        const id = sid('accessEntry', step.key);
        try {
          await api.deleteAccessEntry(qid, id);
        } catch (e) {
          if (!isEntityGone(e)) throw e;
        }
        a.accessList = a.accessList.filter((x) => x.id !== id);
        return a;
      }
      case 'addAccess': {
        const entries = step.keys.map((k) => {
          const e = merged.access[k]!;
          return {
            email: e.email,
            ...(e.accountType
              ? { accountType: e.accountType as 'user' | 'contact' | 'guest' }
              : {}),
            ...(e.accountName ? { accountName: e.accountName } : {}),
            ...(e.accountRole ? { accountRole: e.accountRole } : {}),
          };
        });
        const body = {
          entries: step.keys.map((k) => ({
            key: k,
            fingerprint: merged.access[k]!.email,
            weak: merged.access[k]!.email,
            value: merged.access[k]!,
          })),
        };
        const res = await journalled(
          ctx,
          quoteId,
          merged,
          {
            op: 'addAccessList',
            method: 'POST',
            path: `/v2/quotes/${qid}/access-list`,
            body,
            fingerprint: body.entries.map((e) => e.fingerprint).join('|'),
          },
          () => api.addAccessList(qid, entries),
          (r) =>
            step.keys.flatMap((k) => {
              const hit = r.find((x) => x.email.toLowerCase() === merged.access[k]!.email);
              return hit ? [{ kind: 'accessEntry' as const, localId: k, serverId: hit.id }] : [];
            }),
        );
        a.accessList = [...a.accessList, ...res];
        return a;
      }
      case 'deleteAttachment': {
        const id = sid('attachment', step.key);
        try {
          await api.deleteQuoteAttachment(qid, id);
        } catch (e) {
          if (!isEntityGone(e)) throw e;
        }
        a.quote.attachments = a.quote.attachments
          .filter((x) => x.id !== id)
          .sort((x, y) => x.order - y.order)
          .map((x, i) => ({ ...x, order: i }));
        return a;
      }
      case 'uploadAttachments': {
        // Copied from the library and its file never came down: the server copies it from
        // its own library (one call), before the uploads of files that are here.
        const fromLibrary = step.keys.filter((k) => {
          const w = work.attachments.find((x) => x.id === k);
          return !!w?.libraryAttachmentId && !w.sha256;
        });
        if (fromLibrary.length)
          return await copyFromLibrary(fromLibrary, quoteId, merged, a, work, ctx);
        const files = step.keys.map((k) => {
          const w = work.attachments.find((x) => x.id === k);
          if (!w?.sha256) {
            throw new Reread(
              {
                kind: 'refused',
                transient: false,
                offline: false,
                status: 0,
                code: 'FILE_MISSING',
                message: `The file of attachment ${merged.attachments[k]!.name} is not on this computer.`,
              },
              'file missing',
            );
          }
          return { path: store.filePath(w.sha256), name: merged.attachments[k]!.name };
        });
        const asSent = appended(
          merged,
          step.keys,
          step.keys.map((k) => merged.attachments[k]!.name),
          a.quote.attachments.length,
        );
        const body = {
          files: step.keys.map((k) => ({
            key: k,
            fingerprint: merged.attachments[k]!.name,
            weak: merged.attachments[k]!.name,
            value: asSent.attachments[k]!,
          })),
        };
        const res = await journalled(
          ctx,
          quoteId,
          asSent,
          {
            op: 'uploadAttachments',
            method: 'POST',
            path: `/v2/quotes/${qid}/attachments`,
            body,
            fingerprint: body.files.map((f) => f.fingerprint).join('|'),
          },
          () => api.uploadQuoteAttachments(qid, files),
          (r) =>
            step.keys.map((k, i) => ({
              kind: 'attachment' as const,
              localId: k,
              serverId: r[i]!.id,
            })),
        );
        a.quote.attachments = [...a.quote.attachments, ...res];
        return a;
      }
      case 'updateAttachments': {
        const payload = Object.entries(merged.attachments)
          .map(([k, v]) => ({ id: sid('attachment', k), name: v.name, order: v.order }))
          .sort((x, y) => x.order - y.order);
        a.quote.attachments = await api.updateQuoteAttachments(qid, payload);
        return a;
      }
    }
  } catch (e) {
    if (e instanceof Reread || e instanceof Later) throw e;
    if (isGone(e)) throw new Reread(failureOf(e), 'quote gone');
    fail(e);
  }
}

/**
 * New attachments as the server will hold them (these names, appended after `start`), not as
 * wanted here: they count as the base after a crash, so a name or place chosen here stays a
 * change still to push.
 */
function appended(merged: QuoteState, keys: string[], names: string[], start: number): QuoteState {
  const out: QuoteState = { ...merged, attachments: { ...merged.attachments } };
  keys.forEach((k, i) => {
    out.attachments[k] = { name: names[i]!, order: start + i };
  });
  return out;
}

/** Library attachments copied into the quote by the server (journalled: not idempotent). */
async function copyFromLibrary(
  keys: string[],
  quoteId: string,
  merged: QuoteState,
  a: RemoteAggregate,
  work: WorkQuote,
  ctx: RoundContext,
): Promise<RemoteAggregate> {
  const { api, store } = ctx;
  const qid = a.quote.id;
  const library = new Map(store.library().map((l) => [l.id, l.name]));
  const sources = keys.map((k) => work.attachments.find((x) => x.id === k)!.libraryAttachmentId!);
  // The copy takes the library entry's name: that is what a lost answer is looked up by.
  const names = keys.map((k, i) => library.get(sources[i]!) ?? merged.attachments[k]!.name);
  const asSent = appended(merged, keys, names, a.quote.attachments.length);
  const body = {
    files: keys.map((k, i) => ({
      key: k,
      fingerprint: names[i]!,
      weak: names[i]!,
      value: asSent.attachments[k]!,
    })),
  };
  let res;
  try {
    res = await journalled(
      ctx,
      quoteId,
      asSent,
      {
        op: 'copyLibraryAttachments',
        method: 'POST',
        path: `/v2/quotes/${qid}/attachments/shared`,
        body,
        fingerprint: names.join('|'),
      },
      () =>
        api.copyLibraryAttachmentsToQuote(
          qid,
          sources.map((attachmentId) => ({ attachmentId })),
        ),
      (r) => keys.map((k, i) => ({ kind: 'attachment' as const, localId: k, serverId: r[i]!.id })),
    );
  } catch (e) {
    const f = failureOf(e);
    if (f?.kind === 'refused' && f.code === 'LIBRARY_ATTACHMENT_NOT_FOUND') {
      const gone = keys.map((k) => merged.attachments[k]!.name).join(', ');
      throw new Reread(
        {
          ...f,
          message: `The attachment ${gone} is no longer in the library and its file is not on this computer.`,
        },
        'library attachment gone',
      );
    }
    throw e;
  }
  a.quote.attachments = [...a.quote.attachments, ...res];
  return a;
}

export async function downloadMissingFiles(quoteId: string, ctx: RoundContext): Promise<void> {
  const { store, api } = ctx;
  const q = store.getQuote(quoteId);
  if (!q?.serverId) return;
  for (const a of q.work.attachments) {
    if (a.sha256 || !a.url) continue;
    const sid = store.serverIdOf('attachment', a.id);
    if (!sid) continue;
    const { readFile, rm } = await import('node:fs/promises');
    const dest = `${ctx.tmpDir}/${ctx.newId()}.pdf`;
    try {
      await api.downloadQuoteAttachment(q.serverId, sid, dest);
      const bytes = await readFile(dest);
      store.setAttachmentFile(quoteId, a.id, bytes);
    } catch (e) {
      // A missing preview is not worth failing the sync; the next round tries again.
      if (!failureOf(e) && !(e instanceof StoreError)) throw e;
    } finally {
      await rm(dest, { force: true });
    }
  }
}

/**
 * The API has no "who am I" call, but a quote the server has just created for us names its
 * creator: the signed-in user. Learned once, it lets "My quotes" and new offline quotes name
 * the user.
 */
function learnIdentity(store: SyncStore, q: QuoteResponse): void {
  if (store.identity()) return;
  const user = q.ownedBy ?? {
    id: '',
    displayName: q.createdBy,
    email: q.createdByEmail,
    fullName: q.createdBy,
  };
  if (!user.email && !user.id) return;
  store.setIdentity({ user, partner: q.partner ?? null, currency: q.totals.initialTotal.currency });
}

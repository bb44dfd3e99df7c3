// One quote's round: recover journalled requests, read the server, merge, push the calls
// that take the server to the merged state, and read the quote back as the new base.
import { unhandled } from '../../common/api';
import { StoreError, workFromRemote } from '../store';
import type { EntityKind, QuoteRecord, RemoteAggregate } from '../store';
import { readAggregate, type Part } from './aggregate';
import { reusable } from './parts';
import {
  recordMergeConflicts,
  decisionsFor,
  settleConflicts,
  openCreateParked,
} from './conflict-store';
import { failureOf, failureWords, isGone, type Failure } from './errors';
import { recoverJournal } from './recover';
import { matchDefaultAttachments } from './defaults';
import {
  checkCommit,
  keep,
  unkeep,
  keptOf,
  removalLoses,
  RoundTrack,
  withoutKept,
  wouldLose,
  type Lost,
} from './keep';
import { merge, type Decide } from './merge';
import { normalizeOrders } from './normalize';
import type { QuoteState } from './model';
import { ownershipWanted, takeOwnership } from './ownership';
import { nextStep, type Step } from './plan';
import type { RoundContext, SyncStore } from './ports';
import { refusedPublish, withdrawPublish } from './publish-refused';
import { keepRefusedAnswer, refusedAnswer } from './desk-refused';
import { stopForChangedQuote } from './desk-guard';
import { pushedOf, withPushed } from './pushed';
import { rebaseWork } from './rebase';
import { MAX_STEPS, ROUND_ATTEMPTS } from './backoff';
import { removedBy, runStep } from './steps';
import { isStop, reread, stopOf, type Stop } from './stops';
import { fromRemote, fromWork } from './translate';

export type RoundResult =
  | { state: 'synced' | 'pending' | 'conflict' | 'dropped' }
  | { state: 'error'; message: string }
  | { state: 'retry'; failure: Failure };

/**
 * Rounds of one quote until one ends: a re-read starts a new round (at most ROUND_ATTEMPTS),
 * a transient failure ends it for later, a round that would lose local work parks the quote.
 * The quote's sync state follows the outcome (store.sync.transition).
 */
export async function syncQuote(quoteId: string, ctx: RoundContext): Promise<RoundResult> {
  let lastRefusal: Failure | null = null;
  for (let attempt = 0; attempt < ROUND_ATTEMPTS; attempt++) {
    const r = await round(quoteId, ctx);
    if (!isStop(r)) return r;
    switch (r.stop) {
      case 'later':
        if (ctx.store.getQuote(quoteId))
          ctx.store.sync.transition(quoteId, 'deferred', {
            message: failureWords(r.failure),
            retryAt: retryAt(r.failure),
          });
        return { state: 'retry', failure: r.failure };
      case 'lose':
        ctx.store.sync.transition(quoteId, 'failed', { message: r.message });
        return { state: 'error', message: r.message };
      case 'answerRefused':
        // Kept here as refused, the quote at the server's status; the rest still goes.
        keepRefusedAnswer(ctx.store, quoteId, r);
        lastRefusal = r.failure;
        continue;
      case 'publishRefused':
        // The quote is a draft again here; the next attempt sends what else there is.
        withdrawPublish(ctx.store, quoteId, r);
        lastRefusal = r.failure;
        continue;
      case 'reread':
        lastRefusal = r.failure;
        continue;
      default:
        return unhandled(r, 'stop');
    }
  }
  const message = lastRefusal?.message ?? 'The server did not take the changes.';
  ctx.store.sync.transition(quoteId, 'failed', { message });
  return { state: 'error', message };
}

/** When a transient failure asked to be tried again (its Retry-After), as an instant. */
function retryAt(f: Failure): string | null {
  return f.retryAfterMs ? new Date(Date.now() + f.retryAfterMs).toISOString() : null;
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
    let id = store.sync.localIdOf(kind, serverId);
    if (!id) {
      // A section sent with our own id whose answer was lost: it is ours, not a new one.
      id = kind === 'section' && ownSections.has(serverId) ? serverId : newId();
      store.sync.mapId(kind, id, serverId, quoteId);
    }
    seen.set(k, id);
    return id;
  };
}

/** What the phases of a round hand on: how far it got, or how it ends. */
type Next<T> = T | RoundResult | Stop;
const ends = <T extends object>(x: Next<T>): x is RoundResult | Stop => 'state' in x || 'stop' in x;

/**
 * One round, in the phases of README.md (One quote's round): recover the journal, read the
 * server, merge, plan and push, read back and commit. Each phase returns what the next one
 * needs, or how the round ends; none stops it by throwing.
 */
async function round(quoteId: string, ctx: RoundContext): Promise<RoundResult | Stop> {
  const begun = await recover(quoteId, ctx);
  if (ends(begun)) return begun;
  const read = await readServer(begun.snap, ctx);
  if (ends(read)) return read;
  const merged = mergeSides(read, ctx);
  if (ends(merged)) return merged;
  const pushed = await pushSteps(merged, ctx);
  if (ends(pushed)) return pushed;
  return await readBackAndCommit(pushed, ctx);
}

/**
 * 1. Recover the journal, then begin the round: the quote's snapshot — or its held or sent
 * delete, which ends the round here.
 */
async function recover(quoteId: string, ctx: RoundContext): Promise<Next<{ snap: QuoteRecord }>> {
  const { store, api } = ctx;
  if (!store.getQuote(quoteId)) return { state: 'dropped' };
  try {
    if (await recoverJournal(quoteId, ctx)) return { state: 'conflict' };
  } catch (e) {
    return stopOf(e);
  }
  if (openCreateParked(store, quoteId)) return { state: 'conflict' };

  const snap = store.getQuote(quoteId);
  if (!snap) return { state: 'dropped' };
  store.sync.transition(quoteId, 'roundStarted');
  if (!snap.deleted) return { snap };

  // Within the undo window the delete waits: undo gives back the same quote (the hold is the
  // store's, set with the delete: Store.deleteQuote).
  const heldUntil = store.sync.syncRecord(quoteId)?.deleteHeldUntil;
  if (heldUntil && Date.parse(heldUntil) > Date.now()) {
    store.sync.transition(quoteId, 'held');
    return { state: 'pending' };
  }
  if (snap.serverId) {
    ctx.onStep?.(quoteId, 'deleteQuote');
    try {
      await api.deleteQuote(snap.serverId);
    } catch (e) {
      if (!isGone(e)) return stopOf(e);
    }
  }
  store.transaction(() => {
    // Restored while the delete was under way: it is gone there; the next round says so.
    if (store.getQuote(quoteId)?.deleted) store.purgeQuote(quoteId);
  });
  return { state: 'dropped' };
}

interface Read {
  snap: QuoteRecord;
  agg: RemoteAggregate | null;
  idOf: (kind: EntityKind, serverId: string) => string;
  /** Parts taken from the base, not read (parts.ts): not read back either. */
  reused: readonly Part[];
}

/** 2. Read the server's aggregate (none for a quote not created there yet). */
async function readServer(snap: QuoteRecord, ctx: RoundContext): Promise<Next<Read>> {
  const { store, api } = ctx;
  const quoteId = snap.id;
  // Files of remote attachments not yet here: fetch them while the server still has them
  // (a quote in conflict may be deleted remotely and saved as new later).
  if (snap.serverId) await downloadMissingFiles(quoteId, ctx);

  const idOf = localIdOf(store, quoteId, ctx.newId, new Set(snap.work.sections.map((x) => x.id)));
  let agg: RemoteAggregate | null = null;
  let reused: readonly Part[] = [];
  if (snap.serverId) {
    ctx.onStep?.(quoteId, 'read');
    try {
      // The quote first: its stamp says whether the parts this round does not change can be
      // the base's (parts.ts).
      const quote = await api.getQuote(snap.serverId).catch((e: unknown) => {
        if (isGone(e)) return null;
        throw e;
      });
      const reuse = quote ? reusable(store, snap, quote, idOf) : undefined;
      reused = reuse?.parts ?? [];
      agg = quote ? await readAggregate(api, snap.serverId, quote, reuse) : null;
    } catch (e) {
      return stopOf(e);
    }
    // Created, but its first read-back never recorded (a crash right after the create):
    // the server's copies of the default attachments are still the local ones.
    if (agg && !snap.base) {
      const found = agg;
      store.transaction(() => {
        for (const m of matchDefaultAttachments(store, snap.work, found.quote.attachments))
          store.sync.mapId(m.kind, m.localId, m.serverId, quoteId);
      });
    }
  }
  return { snap, agg, idOf, reused };
}

interface Merged extends Read {
  merged: QuoteState;
  mergeBase: QuoteState | null;
  local: QuoteState;
  decide: Decide;
  applied: number;
}

/** 3. Merge base, work and remote; conflicts park the quote, a remote delete drops it. */
function mergeSides(read: Read, ctx: RoundContext): Next<Merged> {
  const { store } = ctx;
  const { snap, agg, idOf } = read;
  const quoteId = snap.id;
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

  // Entities a stopped round kept are not part of the base: they are sent again.
  const mergeBase = withoutKept(
    withPushed(base, pushedOf(store, quoteId), remote),
    keptOf(store, quoteId),
  );
  const changed = stopForChangedQuote(store, {
    quoteId,
    base: mergeBase,
    local,
    remote,
    agg,
    work: snap.work,
    idOf,
  });
  if (changed) {
    store.sync.transition(quoteId, 'failed', { message: changed });
    return { state: 'error', message: changed };
  }
  const m = merge(mergeBase, local, snap.serverId ? remote : null, decide);
  if (m.conflicts.length) {
    recordMergeConflicts(store, quoteId, snap.work, snap.base, agg, m.conflicts, idOf);
    return { state: 'conflict' };
  }
  if (!m.merged) {
    store.purgeQuote(quoteId); // deleted remotely, nothing local to keep
    return { state: 'dropped' };
  }
  normalizeOrders(m.merged);
  return { ...read, merged: m.merged, mergeBase, local, decide, applied };
}

interface Pushed extends Merged {
  /** The round's picture of the server after its last call. */
  agg: RemoteAggregate;
  calls: number;
  lastKind: Step['kind'] | null;
  track: RoundTrack;
}

/** 4. Plan and push: the next call toward the merged state, applied to its answer, until none. */
async function pushSteps(m: Merged, ctx: RoundContext): Promise<Next<Pushed>> {
  const { store, api } = ctx;
  const { snap, idOf, local, decide } = m;
  const quoteId = snap.id;
  let { agg, merged } = m;
  const seen = new Set<string>();
  const itemOrder = snap.work.lineItems.map((li) => li.id);
  let calls = 0;
  let lastKind: Step['kind'] | null = null;
  if (agg && ownershipWanted(snap.work, snap.base, agg)) {
    ctx.onStep?.(quoteId, 'takeOwnership');
    try {
      agg = await takeOwnership(api, store, agg);
    } catch (e) {
      return isGone(e) ? reread(failureOf(e), 'quote gone') : stopOf(e);
    }
    calls++;
  }
  const track = new RoundTrack();
  for (let n = 0; ; n++) {
    const known = agg ? fromRemote(agg, idOf) : null;
    track.see(known);
    const step = nextStep(merged, known, {
      createSections: !ctx.sectionsByPut.value,
      itemOrder,
    });
    if (!step) break;
    const sig = JSON.stringify([step, known]);
    if (seen.has(sig) || n >= MAX_STEPS) {
      return reread(
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
    const removes = removedBy(step, merged, known);
    let replaced: Lost[] = [];
    if (removes) {
      const lost = removalLoses(removes.collection, removes.keys, local, merged);
      if (lost.length) return wouldLose(store, quoteId, snap.work, lost);
      for (const k of removes.keys) track.removed.add(`${removes.collection}:${k}`);
      // Replaced (removed to be added again): until a commit has them, not part of the base.
      const already = new Set(keptOf(store, quoteId).map((l) => `${l.collection}:${l.key}`));
      replaced = removes.keys
        .filter((key) => key in local[removes.collection])
        .map((key) => ({ collection: removes.collection, key }))
        .filter((l) => !already.has(`${l.collection}:${l.key}`));
      keep(store, quoteId, replaced);
    }
    ctx.onStep?.(quoteId, step.kind);
    const after = await runStep(step, quoteId, merged, agg, snap.work, ctx);
    if (isStop(after)) {
      // Refused: the server removed nothing, so they are still part of the base.
      if (after.stop === 'reread' && after.failure?.kind === 'refused')
        unkeep(store, quoteId, replaced);
      return (
        refusedPublish(step, merged, known, after) ??
        refusedAnswer(store, quoteId, step, merged, known, after) ??
        after
      );
    }
    agg = after;
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
  return { ...m, agg, merged, calls, lastKind, track };
}

/**
 * 5. Read back and commit: what the server holds becomes the base (and the working copy,
 * but for edits made meanwhile), unless the safety net finds something of ours missing.
 */
async function readBackAndCommit(p: Pushed, ctx: RoundContext): Promise<RoundResult | Stop> {
  const { store, api } = ctx;
  const { snap, idOf, local, mergeBase, track, applied } = p;
  const quoteId = snap.id;
  let agg: RemoteAggregate | null = p.agg;
  if (p.calls) {
    // Read back: the base is what the server holds now, never what the answers suggest it
    // should (a delete answers nothing, the answers carry no totals of the whole quote, and
    // someone else may have changed the quote meanwhile).
    ctx.onStep?.(quoteId, 'readBack');
    try {
      // A header PUT answers the whole quote: when it was the last call, that is the read.
      const answered = p.lastKind === 'updateHeader' ? agg.quote : undefined;
      // Parts this round neither read nor changed are not read back: behind the new stamp.
      const reuse = { from: agg, parts: p.reused, behind: p.reused };
      agg = await readAggregate(api, agg.quote.id, answered, reuse);
    } catch (e) {
      return stopOf(e);
    }
    if (!agg) return reread(null, 'quote gone after the push');
  } else if (agg.partsBehind?.length) {
    // Nothing sent, and parts behind the stamp from an earlier round: no later pull would
    // look at them again (the stamp does not move), so they are read now.
    ctx.onStep?.(quoteId, 'read');
    try {
      const behind = agg.partsBehind;
      const reuse = { from: agg, parts: p.reused.filter((x) => !behind.includes(x)), behind: [] };
      agg = await readAggregate(api, agg.quote.id, agg.quote, reuse);
    } catch (e) {
      return stopOf(e);
    }
    if (!agg) return reread(null, 'quote gone');
  }
  const final: RemoteAggregate = agg;
  // The safety net: nothing the salesperson has here goes without a delete to account for it.
  const now = store.getQuote(quoteId);
  if (now) {
    const verdict = checkCommit(
      local,
      fromWork(now.work),
      fromRemote(final, idOf),
      mergeBase,
      track,
    );
    if (!verdict.ok && verdict.reread) return reread(null, 'removed remotely during the push');
    if (!verdict.ok) return wouldLose(store, quoteId, snap.work, verdict.lost);
  }
  let state: 'synced' | 'pending' = 'synced';
  store.transaction(() => {
    const cur = store.getQuote(quoteId);
    if (!cur) return;
    if (cur.generation !== snap.generation) {
      const serverWork = workFromRemote(final, idOf, cur.work);
      store.sync.replaceWork(quoteId, rebaseWork(snap.work, cur.work, serverWork), cur.generation);
      state = 'pending';
    }
    store.sync.commitSync(quoteId, final, snap.generation);
    store.sync.setBookkeeping(quoteId, { pushed: [], kept: [] });
    settleConflicts(store, quoteId, applied);
  });
  await downloadMissingFiles(quoteId, ctx);
  return { state };
}

export async function downloadMissingFiles(quoteId: string, ctx: RoundContext): Promise<void> {
  const { store, api } = ctx;
  const q = store.getQuote(quoteId);
  if (!q?.serverId) return;
  for (const a of q.work.attachments) {
    if (a.sha256 || !a.url) continue;
    const sid = store.sync.serverIdOf('attachment', a.id);
    if (!sid) continue;
    try {
      // In memory (at most the service's 10 MiB), never a plain file: the store seals it.
      const { bytes } = await api.quoteAttachmentBytes(q.serverId, sid);
      store.setAttachmentFile(quoteId, a.id, bytes);
    } catch (e) {
      // A missing preview is not worth failing the sync; the next round tries again.
      if (!failureOf(e) && !(e instanceof StoreError)) throw e;
    }
  }
}

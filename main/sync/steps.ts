// One function per kind of push step (`plan.ts` decides which comes next, `push.ts` runs the
// round). Each sends its call(s), records ids and the journal where a lost answer could make
// a duplicate, and returns the round's picture of the server after its answer.
import { canTransition, type QuoteStatus } from '../../common/api';
import type { EntityKind, RemoteAggregate, WorkQuote } from '../store';
import { failureOf, isEntityGone, isGone } from './errors';
import { librarySourceOf, matchDefaultAttachments } from './defaults';
import type { Kept } from './keep';
import { type QuoteState, splitPlacementKey } from './model';
import { learnIdentity } from './ownership';
import type { Step } from './plan';
import type { RoundContext } from './ports';
import { markPushed } from './pushed';
import { journalled } from './journalled';
import { isStop, reread, stopOf, type Stop } from './stops';
import { itemFromRemote } from './translate';
import { pairAnswers } from './answers';
import { appended, attachmentsPaired, copyFromLibrary } from './attachment-steps';
import {
  addItemsPayload,
  itemFingerprint,
  itemWeakFingerprint,
  updateItemsPayload,
} from './payloads';

/** What a step sees of its round. */
interface StepScope {
  quoteId: string;
  merged: QuoteState;
  /** The server's state as the round knows it; null only before the quote is created. */
  agg: RemoteAggregate | null;
  work: WorkQuote;
  ctx: RoundContext;
  /** The server ids of entities the plan says the server has (one missing: read again). */
  sids: (kind: EntityKind, keys: Iterable<string>) => Map<string, string> | Stop;
}

type StepFns = {
  [K in Step['kind']]: (
    step: Extract<Step, { kind: K }>,
    at: StepScope,
  ) => Promise<RemoteAggregate | Stop>;
};

/** The status between `from` and `to` when the API allows no direct change; null otherwise. */
export function statusOnTheWay(from: QuoteStatus, to: QuoteStatus): QuoteStatus | null {
  if (canTransition(from, to)) return null;
  return canTransition(from, 'sent') && canTransition('sent', to) ? 'sent' : null;
}

function serverQuote(at: StepScope): RemoteAggregate {
  if (!at.agg) throw new Error('a step before the quote exists on the server');
  return at.agg;
}

const STEPS: StepFns = {
  async createQuote(step, at) {
    const { quoteId, work, ctx } = at;
    const { api, store } = at.ctx;
    const body = { clientId: step.clientId };
    const q = await journalled(
      ctx,
      quoteId,
      null,
      { op: 'createQuote', method: 'POST', path: '/v2/quotes', body, fingerprint: step.clientId },
      () => api.createQuote(body),
      (q) => [
        { kind: 'quote', localId: quoteId, serverId: q.id },
        // The server added the partner's default attachments: those are ours.
        ...matchDefaultAttachments(store, work, q.attachments),
      ],
    );
    learnIdentity(store, q);
    return { quote: q, sections: [], accessList: [] };
  },
  async updateHeader(_step, at) {
    const { merged } = at;
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const h = merged.header;
    // A status the API reaches only through another (an answer given at the desk on a draft:
    // published first, then accepted) goes one change at a time; the plan asks again after.
    const via = statusOnTheWay(a.quote.status, h.status);
    a.quote = await api.updateQuote(qid, {
      expiresOn: h.expiresOn,
      introMessage: h.introMessage,
      published: via ? via === 'sent' : h.published,
      status: via ?? h.status,
      termsAndDisclaimers: h.termsAndDisclaimers,
    });
    return a;
  },
  async deleteItems(step, at) {
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const known = at.sids('lineItem', step.keys);
    if (isStop(known)) return known;
    const ids = step.keys.map((k) => known.get(k)!);
    try {
      await api.bulkDeleteLineItems(qid, ids);
    } catch (e) {
      if (isEntityGone(e)) return reread(null, 'line item already gone');
      throw e;
    }
    const gone = new Set(ids);
    a.quote.lineItems = a.quote.lineItems.filter((li) => !gone.has(li.id));
    for (const s of a.sections) s.lineItems = s.lineItems.filter((x) => !gone.has(x.lineItemId));
    return a;
  },
  async addItems(step, at) {
    const { quoteId, merged, ctx } = at;
    const { api, store } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const payload = addItemsPayload(merged, step.keys, (k) => store.sync.serverIdOf('lineItem', k));
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
      (res) => {
        const paired = pairAnswers(
          body.items.map((i) => ({ strong: i.fingerprint, weak: i.weak })),
          res,
          (li) => {
            const item = itemFromRemote(li, () => 'unmapped');
            return { strong: itemFingerprint(item), weak: itemWeakFingerprint(item) };
          },
        );
        return step.keys.flatMap((k, i) =>
          paired[i] ? [{ kind: 'lineItem' as const, localId: k, serverId: paired[i]!.id }] : [],
        );
      },
    );
    a.quote.lineItems = [...a.quote.lineItems, ...added];
    return a;
  },
  async updateItems(step, at) {
    const { merged } = at;
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const known = at.sids('lineItem', step.keys);
    if (isStop(known)) return known;
    const payload = updateItemsPayload(merged, step.keys, (k) => known.get(k)!);
    const res = await api.updateLineItems(qid, payload);
    const byId = new Map(res.map((li) => [li.id, li]));
    a.quote.lineItems = a.quote.lineItems.map((li) => byId.get(li.id) ?? li);
    return a;
  },
  async createSection(step, at) {
    const { quoteId, merged, ctx } = at;
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
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
  },
  async putSections(_step, at) {
    const { quoteId, merged, ctx } = at;
    const { api, store } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const placed = at.sids(
      'lineItem',
      new Set(Object.keys(merged.placements).map((pk) => splitPlacementKey(pk).item)),
    );
    if (isStop(placed)) return placed;
    const fresh: string[] = [];
    const sections = Object.entries(merged.sections).map(([key, s]) => {
      let id = store.sync.serverIdOf('section', key);
      if (!id) {
        id = key; // a new section takes our own id (PUT is the desired state)
        fresh.push(key);
      }
      const lineItems = Object.entries(merged.placements)
        .filter(([pk]) => splitPlacementKey(pk).section === key)
        .map(([pk, p]) => ({
          lineItemId: placed.get(splitPlacementKey(pk).item)!,
          order: p.order,
        }))
        .sort((x, y) => x.order - y.order);
      return { id, name: s.name, order: s.order, lineItems };
    });
    try {
      const res = await api.replaceSections(qid, { sections });
      store.transaction(() => {
        for (const k of fresh) store.sync.mapId('section', k, k, quoteId);
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
        return reread(f, 'sections need creating first');
      }
      throw e;
    }
    return a;
  },
  async deleteAccess(step, at) {
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const known = at.sids('accessEntry', [step.key]);
    if (isStop(known)) return known;
    const id = known.get(step.key)!;
    try {
      await api.deleteAccessEntry(qid, id);
    } catch (e) {
      if (!isEntityGone(e)) throw e;
    }
    a.accessList = a.accessList.filter((x) => x.id !== id);
    return a;
  },
  async addAccess(step, at) {
    const { quoteId, merged, ctx } = at;
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const entries = step.keys.map((k) => {
      const e = merged.access[k]!;
      return {
        email: e.email,
        ...(e.accountType ? { accountType: e.accountType as 'user' | 'contact' | 'guest' } : {}),
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
  },
  async deleteAttachment(step, at) {
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const known = at.sids('attachment', [step.key]);
    if (isStop(known)) return known;
    const id = known.get(step.key)!;
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
  },
  async uploadAttachments(step, at) {
    const { quoteId, merged, work, ctx } = at;
    const { api, store } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    // Copied from the library and its file never came down: the server copies it from
    // its own library (one call), before the uploads of files that are here.
    const library = store.caches.library();
    const fromLibrary = step.keys.filter((k) => {
      const w = work.attachments.find((x) => x.id === k);
      return !!w && !!librarySourceOf(w, library);
    });
    if (fromLibrary.length)
      return await copyFromLibrary(fromLibrary, quoteId, merged, a, work, ctx);
    const missing = step.keys.find((k) => !work.attachments.find((x) => x.id === k)?.sha256);
    if (missing !== undefined) {
      return reread(
        {
          kind: 'refused',
          transient: false,
          offline: false,
          status: 0,
          code: 'FILE_MISSING',
          message: `The file of attachment ${merged.attachments[missing]!.name} is not on this computer.`,
        },
        'file missing',
      );
    }
    const files = step.keys.map((k) => {
      const sha256 = work.attachments.find((x) => x.id === k)!.sha256!;
      const name = merged.attachments[k]!.name;
      // From the store's (decrypted) bytes: its file on disk may be encrypted.
      return { path: name, bytes: store.readFile(sha256), name };
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
      (r) => attachmentsPaired(step.keys, body.files, r),
    );
    a.quote.attachments = [...a.quote.attachments, ...res];
    return a;
  },
  async updateAttachments(_step, at) {
    const { merged } = at;
    const { api } = at.ctx;
    const a = serverQuote(at);
    const qid = a.quote.id;
    const known = at.sids('attachment', Object.keys(merged.attachments));
    if (isStop(known)) return known;
    const payload = Object.entries(merged.attachments)
      .map(([k, v]) => ({ id: known.get(k)!, name: v.name, order: v.order }))
      .sort((x, y) => x.order - y.order);
    a.quote.attachments = await api.updateQuoteAttachments(qid, payload);
    return a;
  },
};

/**
 * Runs one step: the server's state after its answer, or how the round stops — a failed call
 * becomes a re-read (refused, gone) or a retry later (transient); any other error is one.
 */
export async function runStep(
  step: Step,
  quoteId: string,
  merged: QuoteState,
  agg: RemoteAggregate | null,
  work: WorkQuote,
  ctx: RoundContext,
): Promise<RemoteAggregate | Stop> {
  const sids = (kind: EntityKind, keys: Iterable<string>): Map<string, string> | Stop => {
    const out = new Map<string, string>();
    for (const key of keys) {
      const s = ctx.store.sync.serverIdOf(kind, key);
      if (!s) return reread(null, `no server id for ${kind} ${key}`);
      out.set(key, s);
    }
    return out;
  };
  const fn = STEPS[step.kind] as (s: Step, at: StepScope) => Promise<RemoteAggregate | Stop>;
  try {
    return await fn(step, { quoteId, merged, agg, work, ctx, sids });
  } catch (e) {
    if (isGone(e)) return reread(failureOf(e), 'quote gone');
    return stopOf(e);
  }
}

/** The entities a step removes on the server (PUT sections replaces the whole list). */
export function removedBy(
  step: Step,
  merged: QuoteState,
  known: QuoteState | null,
): { collection: Kept; keys: string[] } | null {
  switch (step.kind) {
    case 'deleteItems':
      return { collection: 'items', keys: step.keys };
    case 'deleteAccess':
      return { collection: 'access', keys: [step.key] };
    case 'deleteAttachment':
      return { collection: 'attachments', keys: [step.key] };
    case 'putSections':
      return {
        collection: 'sections',
        keys: Object.keys(known?.sections ?? {}).filter((k) => !(k in merged.sections)),
      };
    default:
      return null;
  }
}

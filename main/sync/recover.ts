// Journal entries left by a crash or a lost answer: before anything is sent again, look on
// the server for what the request may have created, and adopt it (docs/architecture.md#recovering-a-lost-create).
import type { JournalEntry, RemoteAggregate } from '../store';
import { readAggregate } from './aggregate';
import { pageOrEnd } from './errors';
import { PARKED_CREATE } from './conflict-store';
import { matchLostEntities, matchLostQuote, type QuoteCandidate } from './lost-create';
import type { RoundContext } from './ports';
import { markPushed, type Pushed } from './pushed';
import { itemFingerprint, itemWeakFingerprint } from './payloads';
import { itemFromRemote } from './translate';

/** As journalled: the entity's key, fingerprints and the value that was sent. */
type Wanted = { key: string; fingerprint: string; weak?: string; value?: unknown };

/** Pages of the caller's newest quotes to look through for a lost create. */
const MAX_PAGES = 5;

/** Returns true when the quote is parked: a lost create matched more than one candidate. */
export async function recoverJournal(quoteId: string, ctx: RoundContext): Promise<boolean> {
  for (const entry of ctx.store.sync.listJournal({ quoteId })) {
    if (await recoverEntry(entry, quoteId, ctx)) return true;
  }
  return false;
}

function park(ctx: RoundContext, quoteId: string, entry: JournalEntry, candidates: unknown): void {
  const { store } = ctx;
  store.transaction(() => {
    store.sync.recordConflicts(
      quoteId,
      [
        {
          entityKind: 'quote',
          entityId: quoteId,
          field: PARKED_CREATE,
          base: null,
          local: { op: entry.op, body: entry.body },
          remote: candidates,
        },
      ],
      'The server may hold more than one copy of a change sent from here.',
    );
    store.sync.removeRequest(entry.id);
  });
}

// long: one journal entry's recovery, case by case for each kind of request in flight
async function recoverEntry(
  entry: JournalEntry,
  quoteId: string,
  ctx: RoundContext,
): Promise<boolean> {
  const { store, api } = ctx;
  ctx.onStep?.(quoteId, `recover:${entry.op}`);

  if (entry.op === 'createQuote') {
    const clientId = (entry.body as { clientId: string }).clientId;
    const since = Date.parse(entry.createdAt);
    const candidates: QuoteCandidate[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await pageOrEnd(page, () =>
        api.listQuotes({ account: 'user', sort: 'createdOn,desc', limit: 100, page }),
      );
      if (!res) break;
      for (const q of res.content)
        candidates.push({
          id: q.id,
          clientId: q.client.id,
          createdOn: q.createdOn,
          referenceCode: q.referenceCode,
        });
      const oldest = res.content[res.content.length - 1];
      if (
        !oldest ||
        Date.parse(oldest.createdOn) < since - 10 * 60_000 ||
        page + 1 >= res.page.totalPages
      )
        break;
    }
    const known = new Set<string>();
    const m = matchLostQuote({ clientId, journalledAt: entry.createdAt }, candidates, (id) => {
      if (known.has(id)) return true;
      const hit = store.sync.localIdOf('quote', id) !== null;
      if (hit) known.add(id);
      return hit;
    });
    if (m.kind === 'ambiguous') {
      park(
        ctx,
        quoteId,
        entry,
        m.found.map((c) => ({
          key: quoteId,
          serverId: c.id,
          referenceCode: c.referenceCode,
          createdOn: c.createdOn,
        })),
      );
      return true;
    }
    store.transaction(() => {
      if (m.kind === 'adopt') store.sync.mapId('quote', quoteId, m.found.id, quoteId);
      store.sync.removeRequest(entry.id);
    });
    return false;
  }

  const serverId = store.sync.serverIdOf('quote', quoteId);
  const agg: RemoteAggregate | null = serverId ? await readAggregate(api, serverId) : null;
  if (!agg) {
    store.sync.removeRequest(entry.id); // the quote is gone: nothing to adopt
    return false;
  }
  const body = entry.body as Record<string, Wanted[]>;
  const present = new Set([
    ...agg.quote.lineItems.map((x) => x.id),
    ...agg.sections.map((x) => x.id),
    ...agg.accessList.map((x) => x.id),
    ...agg.quote.attachments.map((x) => x.id),
  ]);
  // Still to find: keys with no server id yet, or one the server no longer holds (the entity
  // was deleted there and this request sent it again).
  const wanted = (body.items ?? body.sections ?? body.entries ?? body.files ?? []).filter((w) => {
    const sid = store.sync.serverIdOf(kindOf(entry.op), w.key);
    return !sid || !present.has(sid);
  });
  const kind = kindOf(entry.op);
  const noMint = () => 'unmapped';
  const unmapped: { id: string; fingerprint: string; weak: string }[] = [];
  if (kind === 'lineItem') {
    for (const li of agg.quote.lineItems) {
      if (!store.sync.localIdOf('lineItem', li.id)) {
        const item = itemFromRemote(li, noMint);
        unmapped.push({
          id: li.id,
          fingerprint: itemFingerprint(item),
          weak: itemWeakFingerprint(item),
        });
      }
    }
  } else if (kind === 'section') {
    for (const s of agg.sections)
      if (!store.sync.localIdOf('section', s.id))
        unmapped.push({ id: s.id, fingerprint: s.name, weak: 'section' });
  } else if (kind === 'accessEntry') {
    for (const a of agg.accessList) {
      if (!store.sync.localIdOf('accessEntry', a.id))
        unmapped.push({
          id: a.id,
          fingerprint: a.email.toLowerCase(),
          weak: a.email.toLowerCase(),
        });
    }
  } else {
    for (const a of agg.quote.attachments) {
      if (!store.sync.localIdOf('attachment', a.id))
        unmapped.push({ id: a.id, fingerprint: a.name, weak: a.name });
    }
  }
  const m = adoptable(wanted, unmapped);
  if (m.kind === 'ambiguous') {
    park(
      ctx,
      quoteId,
      entry,
      unmapped.map((c) => ({ kind, serverId: c.id, fingerprint: c.fingerprint, weak: c.weak })),
    );
    return true;
  }
  store.transaction(() => {
    if (m.kind === 'adopt') {
      for (const [w, c] of m.found) store.sync.mapId(kind, w.key, c.id, quoteId);
      // As sent: the base for what happened to them since (here and there).
      markPushed(store, quoteId, sentValues(kind, [...m.found.keys()]));
    }
    store.sync.removeRequest(entry.id);
  });
  return false;
}

function kindOf(op: string) {
  switch (op) {
    case 'addLineItems':
      return 'lineItem' as const;
    case 'createSection':
      return 'section' as const;
    case 'addAccessList':
      return 'accessEntry' as const;
    default:
      return 'attachment' as const;
  }
}

/**
 * Exact fingerprints first. When only some match exactly, the request did land (it applies
 * as a whole) and someone edited part of it since: then what no update can change (kind,
 * product) decides, if it pairs them one to one. When nothing matches exactly but such
 * candidates exist, it may have landed and been edited: the user decides, never a resend.
 */
function adoptable(
  wanted: Wanted[],
  unmapped: { id: string; fingerprint: string; weak: string }[],
) {
  if (!wanted.length) return { kind: 'none' } as const;
  const strong = matchLostEntities(wanted, unmapped);
  if (strong.kind === 'adopt') return strong;
  const weakWanted = wanted.map((w) => ({ ...w, fingerprint: w.weak ?? w.fingerprint }));
  const weakPool = unmapped.map((c) => ({ ...c, fingerprint: c.weak }));
  const weak = matchLostEntities(weakWanted, weakPool);
  if (strong.kind === 'none' && weak.kind === 'none') return strong;
  const landed = wanted.some((w) => unmapped.some((c) => c.fingerprint === w.fingerprint));
  if (!landed || weak.kind !== 'adopt') {
    return { kind: 'ambiguous', found: unmapped } as const;
  }
  const out = new Map<Wanted, { id: string; fingerprint: string; weak: string }>();
  for (const [w, c] of weak.found)
    out.set(
      wanted.find((x) => x.key === w.key)!,
      c,
    );
  return { kind: 'adopt', found: out } as const;
}

const COLLECTION = {
  lineItem: 'items',
  section: 'sections',
  accessEntry: 'access',
  attachment: 'attachments',
} as const;

export function sentValues(kind: keyof typeof COLLECTION, wanted: Wanted[]): Pushed[] {
  return wanted.flatMap((w) =>
    w.value === undefined ? [] : [{ collection: COLLECTION[kind], key: w.key, value: w.value }],
  );
}

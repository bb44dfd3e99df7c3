// Journal entries left by a crash or a lost answer: before anything is sent again, look on
// the server for what the request may have created, and adopt it (DESIGN.md §3).
import type { JournalEntry, RemoteAggregate } from '../store/types';
import { readAggregate } from './aggregate';
import { PARKED_CREATE } from './conflictStore';
import { matchLostEntities, matchLostQuote, type QuoteCandidate } from './lostCreate';
import { markPushed, type RoundContext } from './push';
import { itemFingerprint } from './payloads';
import { itemFromRemote } from './translate';

type Wanted = { key: string; fingerprint: string };

/** Pages of the caller's newest quotes to look through for a lost create. */
const MAX_PAGES = 5;

/** Returns true when the quote is parked: a lost create matched more than one candidate. */
export async function recoverJournal(quoteId: string, ctx: RoundContext): Promise<boolean> {
  for (const entry of ctx.store.listJournal({ quoteId })) {
    if (await recoverEntry(entry, quoteId, ctx)) return true;
  }
  return false;
}

function park(ctx: RoundContext, quoteId: string, entry: JournalEntry, candidates: unknown): void {
  const { store } = ctx;
  store.transaction(() => {
    store.recordConflicts(quoteId, [
      {
        entityKind: 'quote',
        entityId: quoteId,
        field: PARKED_CREATE,
        base: null,
        local: { op: entry.op, body: entry.body },
        remote: candidates,
      },
    ]);
    store.setSyncState(
      quoteId,
      'conflict',
      'The server may hold more than one copy of a change sent from here.',
    );
    store.removeRequest(entry.id);
  });
}

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
      const res = await api.listQuotes({
        account: 'user',
        sort: 'createdOn,desc',
        limit: 100,
        page,
      });
      for (const q of res.content)
        candidates.push({ id: q.id, clientId: q.client.id, createdOn: q.createdOn });
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
      const hit = store.localIdOf('quote', id) !== null;
      if (hit) known.add(id);
      return hit;
    });
    if (m.kind === 'ambiguous') {
      park(
        ctx,
        quoteId,
        entry,
        m.found.map((c) => ({ key: quoteId, serverId: c.id })),
      );
      return true;
    }
    store.transaction(() => {
      if (m.kind === 'adopt') store.mapId('quote', quoteId, m.found.id, quoteId);
      store.removeRequest(entry.id);
    });
    return false;
  }

  const serverId = store.serverIdOf('quote', quoteId);
  const agg: RemoteAggregate | null = serverId ? await readAggregate(api, serverId) : null;
  if (!agg) {
    store.removeRequest(entry.id); // the quote is gone: nothing to adopt
    return false;
  }
  const body = entry.body as Record<string, Wanted[]>;
  const wanted = (body.items ?? body.sections ?? body.entries ?? body.files ?? []).filter(
    (w) => !store.serverIdOf(kindOf(entry.op), w.key),
  );
  const kind = kindOf(entry.op);
  const noMint = () => 'unmapped';
  const unmapped: { id: string; fingerprint: string }[] = [];
  if (kind === 'lineItem') {
    for (const li of agg.quote.lineItems) {
      if (!store.localIdOf('lineItem', li.id))
        unmapped.push({ id: li.id, fingerprint: itemFingerprint(itemFromRemote(li, noMint)) });
    }
  } else if (kind === 'section') {
    for (const s of agg.sections)
      if (!store.localIdOf('section', s.id)) unmapped.push({ id: s.id, fingerprint: s.name });
  } else if (kind === 'accessEntry') {
    for (const a of agg.accessList) {
      if (!store.localIdOf('accessEntry', a.id))
        unmapped.push({ id: a.id, fingerprint: a.email.toLowerCase() });
    }
  } else {
    for (const a of agg.quote.attachments) {
      if (!store.localIdOf('attachment', a.id)) unmapped.push({ id: a.id, fingerprint: a.name });
    }
  }
  const m = wanted.length ? matchLostEntities(wanted, unmapped) : ({ kind: 'none' } as const);
  if (m.kind === 'ambiguous') {
    park(
      ctx,
      quoteId,
      entry,
      m.found.map((c) => ({ kind, serverId: c.id, fingerprint: c.fingerprint })),
    );
    return true;
  }
  store.transaction(() => {
    if (m.kind === 'adopt') {
      for (const [w, c] of m.found) store.mapId(kind, w.key, c.id, quoteId);
      markPushed(
        store,
        quoteId,
        [...m.found.keys()].map((w) => w.key),
      );
    }
    store.removeRequest(entry.id);
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

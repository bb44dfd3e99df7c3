// A call that may create something on the server: journalled durably before it goes out, so
// a lost answer is looked up (`recover.ts`) rather than sent twice.
import type { EntityKind } from '../store';
import { failureOf } from './errors';
import type { QuoteState } from './model';
import type { RoundContext } from './ports';
import { markPushed, pushedEntries } from './pushed';

export async function journalled<T>(
  ctx: RoundContext,
  quoteId: string,
  merged: QuoteState | null,
  req: { op: string; method: string; path: string; body: unknown; fingerprint: string },
  call: () => Promise<T>,
  mappings: (r: T) => { kind: EntityKind; localId: string; serverId: string }[],
): Promise<T> {
  const { store } = ctx;
  // Durable before the request goes out; the disk sync does not hold up other quotes.
  const entry = await store.sync.planRequestDurable({ quoteId, ...req });
  let r: T;
  try {
    r = await call();
  } catch (e) {
    const f = failureOf(e);
    if (f && f.kind === 'refused') store.sync.removeRequest(entry.id);
    else if (f) store.sync.markRequest(entry.id, 'unknown');
    throw e;
  }
  store.transaction(() => {
    const ms = mappings(r);
    for (const m of ms) store.sync.mapId(m.kind, m.localId, m.serverId, quoteId);
    if (merged) markPushed(store, quoteId, pushedEntries(merged, ms));
    store.sync.removeRequest(entry.id);
  });
  return r;
}

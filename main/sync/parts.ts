// Which parts of a quote's aggregate a round must read. The conflict check needs the server's
// value of whatever this device is about to change; a part nobody changed since the base — the
// quote's stamp is still the base's — and that is not changed here, is the base's own: read
// neither before the writes nor after them (marked behind the new stamp, so the pull reads it
// again: a colleague may have changed it while the round ran).
import type { QuoteResponse } from '../../common/api';
import type { EntityKind, QuoteRecord } from '../store';
import { PARTS, type Part, type Reuse } from './aggregate';
import { decisionsFor } from './conflict-store';
import { keptOf } from './keep';
import { ownershipWanted } from './ownership';
import type { QuoteState } from './model';
import type { SyncStore } from './ports';
import { pushedOf } from './pushed';
import { fromRemote, fromWork } from './translate';

/** The same moment, however written (`Z` or an offset); sub-millisecond digits, which
 * Date.parse drops, must then be written alike. */
export function sameStamp(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a === b) return true;
  const fine = /\.\d{4,}/;
  return !fine.test(a) && !fine.test(b) && Date.parse(a) === Date.parse(b);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The parts a local change to `local` (from `base`) needs the server's value of. */
function partsChanged(base: QuoteState, local: QuoteState): Set<Part> {
  const needed = new Set<Part>();
  // A status change (a publish, a revoke) may move what the server shares; the client too.
  const h = (q: QuoteState) => [q.header.status, q.header.published, q.header.clientId];
  if (!same(h(base), h(local))) return new Set(PARTS);
  const added = Object.keys(local.items).some((k) => !(k in base.items));
  const removed = Object.keys(base.items).some((k) => !(k in local.items));
  // An item added or removed changes its section on the server (a delete takes it out).
  if (added || removed) needed.add('sections');
  if (!same(base.sections, local.sections) || !same(base.placements, local.placements))
    needed.add('sections');
  if (!same(base.access, local.access)) needed.add('accessList');
  return needed;
}

/**
 * The parts the round takes from the base instead of reading them, given the quote just read:
 * none unless the quote's stamp is the base's (nothing changed there since), no request of a
 * past round is still being accounted for (pushed, kept) and no conflict choice is waiting to
 * be sent. A server that sends no stamp is read whole.
 */
export function reusable(
  store: SyncStore,
  snap: QuoteRecord,
  quote: QuoteResponse,
  idOf: (kind: EntityKind, serverId: string) => string,
): Reuse | undefined {
  const base = snap.base;
  if (!base || !sameStamp(base.quote.updatedOn, quote.updatedOn)) return undefined;
  if (pushedOf(store, snap.id).length || keptOf(store, snap.id).length) return undefined;
  const settled = store.sync.syncRecord(snap.id)?.conflictsSettled ?? 0;
  if (decisionsFor(store, snap.id).applied !== settled) return undefined;
  // Taking the quote over may change who it is shared with: read whole.
  if (ownershipWanted(snap.work, base, { ...base, quote })) return undefined;
  const needed = partsChanged(fromRemote(base, idOf), fromWork(snap.work));
  const parts = PARTS.filter((p) => !needed.has(p));
  if (!parts.length) return undefined;
  return { from: base, parts, behind: base.partsBehind ?? [] };
}

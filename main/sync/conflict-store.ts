// Conflicts as the store keeps them: (entity kind, local entity id, field) with base, local
// and remote values in working-copy shape, so that "take theirs" can write the remote value
// straight into the working copy. Field '*' is the entity as a whole (a quote deleted
// remotely: the quote with remote null), '#create' a lost create that matched ambiguously.
import { workFromRemote } from '../store';
import type {
  ConflictEntityKind,
  ConflictInput,
  EntityKind,
  RemoteAggregate,
  WorkQuote,
} from '../store';
import type { Conflict, Decide } from './merge';
import type { SyncStore } from './ports';
import { instant } from './translate';

const COLLECTION: Record<
  string,
  { kind: ConflictEntityKind; list: keyof WorkQuote; fields: string[] }
> = {
  items: {
    kind: 'lineItem',
    list: 'lineItems',
    fields: [
      'price',
      'quantity',
      'note',
      'billingTerm',
      'effectiveDate',
      'cost',
      'initialTotal',
      'usageBased',
    ],
  },
  sections: { kind: 'section', list: 'sections', fields: ['name', 'order'] },
  placements: { kind: 'section', list: 'sections', fields: [] },
  access: {
    kind: 'accessEntry',
    list: 'accessList',
    fields: ['email', 'accountType', 'accountName', 'accountRole'],
  },
  attachments: { kind: 'attachment', list: 'attachments', fields: ['name', 'order'] },
};

export const PARKED_CREATE = '#create';

interface Key {
  entityKind: ConflictEntityKind;
  entityId: string;
  field: string;
  list?: keyof WorkQuote;
}

function keyOf(quoteId: string, c: Conflict): Key {
  if (c.kind === 'deleted') return { entityKind: 'quote', entityId: quoteId, field: '*' };
  if (c.kind === 'status') return { entityKind: 'quote', entityId: quoteId, field: 'status' };
  const [head, key, field] = c.path.split('.');
  if (head === 'header') return { entityKind: 'quote', entityId: quoteId, field: key! };
  const col = COLLECTION[head!]!;
  const entityId = head === 'placements' ? key!.split('/')[0]! : key!;
  return {
    entityKind: col.kind,
    entityId,
    field: field && col.fields.includes(field) ? field : '*',
    list: col.list,
  };
}

const keyText = (k: { entityKind: string; entityId: string; field: string }) =>
  `${k.entityKind}\u0000${k.entityId}\u0000${k.field}`;

const LIST_OF: Partial<Record<ConflictEntityKind, keyof WorkQuote>> = {
  lineItem: 'lineItems',
  section: 'sections',
  accessEntry: 'accessList',
  attachment: 'attachments',
};

/** The working copy's value now for a stored conflict's entity and field. */
export function currentLocal(w: WorkQuote, c: ConflictInput): unknown {
  return valueIn(w, { ...c, list: LIST_OF[c.entityKind] });
}

function valueIn(w: WorkQuote | null, k: Key): unknown {
  if (!w) return null;
  if (k.entityKind === 'quote')
    return k.field === '*' ? w : ((w as unknown as Record<string, unknown>)[k.field] ?? null);
  const e = (w[k.list!] as unknown as { id: string }[]).find((x) => x.id === k.entityId);
  if (!e) return null;
  return k.field === '*' ? e : ((e as unknown as Record<string, unknown>)[k.field] ?? null);
}

export function recordMergeConflicts(
  store: SyncStore,
  quoteId: string,
  work: WorkQuote,
  base: RemoteAggregate | null,
  remote: RemoteAggregate | null,
  conflicts: Conflict[],
  idOf: (kind: EntityKind, serverId: string) => string = (_k, s) => s,
): void {
  const baseWork = base ? workFromRemote(base, idOf, work) : null;
  const remoteWork = remote ? workFromRemote(remote, idOf, work) : null;
  const out = new Map<string, ConflictInput>();
  for (const c of conflicts) {
    const k = keyOf(quoteId, c);
    const t = keyText(k);
    if (out.has(t)) continue;
    const deleted = c.kind === 'deleted';
    out.set(t, {
      entityKind: k.entityKind,
      entityId: k.entityId,
      field: k.field,
      base: deleted ? baseWork : valueIn(baseWork, k),
      local: valueIn(work, k),
      remote: deleted ? null : valueIn(remoteWork, k),
    });
  }
  store.transaction(() => {
    // This merge's conflicts are the quote's conflicts now: earlier open ones are updated
    // to today's values or, no longer found, go (they never pile up).
    // The quote's state becomes `conflict` with them (store.sync's transition table).
    store.sync.replaceConflicts(quoteId, [...out.values()]);
  });
}

/** The user's choices not yet carried to the server, as a merge decision. */
export function decisionsFor(
  store: SyncStore,
  quoteId: string,
): { decide: Decide; applied: number } {
  const settled = store.sync.syncRecord(quoteId)?.conflictsSettled ?? 0;
  const all = store.sync.listConflicts(quoteId, true);
  const chosen = new Map<string, StoredConflict>();
  let applied = settled;
  for (const c of all) {
    applied = Math.max(applied, c.id);
    if (c.id > settled && c.resolution && c.field !== PARKED_CREATE) chosen.set(keyText(c), c);
  }
  return {
    decide: (c) => {
      const d = chosen.get(keyText(keyOf(quoteId, c)));
      return d && stillTheOneChosen(d, c) ? (d.resolution ?? undefined) : undefined;
    },
    applied,
  };
}

type StoredConflict = ReturnType<SyncStore['sync']['listConflicts']>[number];

/**
 * A choice answers the conflict the user saw, not a later one on the same field: "theirs"
 * stands only while the server still holds the value shown and the field here is still the
 * value given up (an edit made since is newer than the choice: a lost edit otherwise); "mine"
 * stands only while the server still holds the value shown (a newer server value has not
 * been seen). A new value makes a new conflict to ask about. Compared only where both sides
 * are plain values (stored in the working copy's shape, merged in the server's: dates by
 * instant, amounts rounded alike); a whole entity's choice stands as before.
 */
function stillTheOneChosen(d: StoredConflict, c: Conflict): boolean {
  if (c.kind !== 'field') return true;
  if (!alike(d.remote, c.remote)) return false;
  return d.resolution !== 'remote' || alike(d.local, c.local);
}

const isoDate = (s: string) => /^\d{4}-\d{2}-\d{2}/.test(s);

function alike(stored: unknown, merged: unknown): boolean {
  const plain = (v: unknown) => typeof v === 'string' || typeof v === 'number';
  if (!plain(stored) || !plain(merged)) return true; // not comparable here: as chosen
  if (typeof stored === 'number' && typeof merged === 'number')
    return Math.round(stored * 10_000) === Math.round(merged * 10_000);
  if (typeof stored === 'string' && typeof merged === 'string')
    return (
      stored === merged ||
      (isoDate(stored) && isoDate(merged) && instant(stored) === instant(merged))
    );
  return String(stored) === String(merged);
}

/** After a push without conflicts: choices are used up, and open conflicts are moot. */
export function settleConflicts(store: SyncStore, quoteId: string, applied: number): void {
  for (const c of store.sync.listConflicts(quoteId)) {
    if (c.field !== PARKED_CREATE) store.sync.resolveConflict(c.id, 'local');
  }
  store.sync.setBookkeeping(quoteId, { conflictsSettled: applied });
}

export function openCreateParked(store: SyncStore, quoteId: string): boolean {
  return store.sync.listConflicts(quoteId).some((c) => c.field === PARKED_CREATE);
}

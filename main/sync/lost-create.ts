// A create whose answer never arrived (crash, lost response, timeout) may or may not exist
// on the server. Before sending it again, look for it: adopt on exactly one match, send
// again on none, and on more than one park the quote for the user. Never a second copy.

export type Match<T, A = T[]> =
  { kind: 'adopt'; found: T } | { kind: 'none' } | { kind: 'ambiguous'; found: A };

export interface QuoteCandidate {
  id: string;
  clientId: string;
  createdOn: string;
  /** For the user to tell candidates apart when the match is parked. */
  referenceCode?: string;
}

/** Clocks of laptop and server disagree a little; a quote created before the request was
 * journalled by more than this cannot be its result. */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Quotes of the caller for the same client, created since the journal entry (less the skew),
 * that no local quote already stands for.
 */
export function matchLostQuote(
  entry: { clientId: string; journalledAt: string },
  candidates: QuoteCandidate[],
  isKnown: (serverId: string) => boolean,
): Match<QuoteCandidate> {
  const since = Date.parse(entry.journalledAt) - CLOCK_SKEW_MS;
  const found = candidates.filter(
    (c) => c.clientId === entry.clientId && Date.parse(c.createdOn) >= since && !isKnown(c.id),
  );
  if (found.length === 1) return { kind: 'adopt', found: found[0]! };
  if (found.length === 0) return { kind: 'none' };
  return { kind: 'ambiguous', found };
}

/**
 * Entities added by one request (line items, recipients, uploads, a section), each wanted
 * one with a fingerprint, against the server's entities that no local entity stands for.
 * The request applies as a whole, so either every wanted entity has exactly one match (adopt
 * them all) or none has (it never happened); anything else is ambiguous.
 */
export function matchLostEntities<
  W extends { fingerprint: string },
  C extends { fingerprint: string },
>(wanted: W[], unmapped: C[]): Match<Map<W, C>, C[]> {
  const pool = new Map<string, C[]>();
  for (const c of unmapped) pool.set(c.fingerprint, [...(pool.get(c.fingerprint) ?? []), c]);
  const need = new Map<string, number>();
  for (const w of wanted) need.set(w.fingerprint, (need.get(w.fingerprint) ?? 0) + 1);

  let none = true;
  let exact = true;
  for (const [fp, n] of need) {
    const have = pool.get(fp)?.length ?? 0;
    if (have > 0) none = false;
    if (have !== n) exact = false;
  }
  if (none) return { kind: 'none' };
  if (!exact) {
    return { kind: 'ambiguous', found: unmapped.filter((c) => need.has(c.fingerprint)) };
  }
  // Same fingerprint, same count: the pairing among identical entities does not matter.
  const taken = new Map<string, number>();
  const out = new Map<W, C>();
  for (const w of wanted) {
    const i = taken.get(w.fingerprint) ?? 0;
    out.set(w, pool.get(w.fingerprint)![i]!);
    taken.set(w.fingerprint, i + 1);
  }
  return { kind: 'adopt', found: out };
}

/** A stable text for a value: object keys sorted, so equal content gives equal text. */
export function fingerprintOf(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(
          Object.entries(val as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : val,
  );
}

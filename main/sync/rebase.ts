// After a push, the working copy becomes the server's state — except where the user edited
// while the push ran: those edits (since `snapshot`) stay on top, to be pushed next round.
import { HEADER_TEXT_FIELDS } from '../../common/api';
import type { WorkQuote } from '../store';
import { same } from './model';

const HEADER_FIELDS = [
  'status',
  'published',
  ...HEADER_TEXT_FIELDS,
  'salesMarginPercentage',
  'ownedBy',
] as const;

type Entity = { id: string };

function rebaseList<T extends Entity>(snapshot: T[], current: T[], server: T[]): T[] {
  const snap = new Map(snapshot.map((e) => [e.id, e]));
  const cur = new Map(current.map((e) => [e.id, e]));
  const out: T[] = [];
  const seen = new Set<string>();
  for (const e of server) {
    seen.add(e.id);
    const s = snap.get(e.id);
    const c = cur.get(e.id);
    if (s && !c) continue; // deleted by the user since
    out.push(c && s && !same(c, s) ? c : e);
  }
  for (const c of current) {
    if (seen.has(c.id)) continue;
    const s = snap.get(c.id);
    if (!s || !same(c, s)) out.push(c); // added, or edited while the server dropped it
  }
  return out;
}

export function rebaseWork(snapshot: WorkQuote, current: WorkQuote, server: WorkQuote): WorkQuote {
  const out: WorkQuote = { ...server, id: current.id };
  for (const f of HEADER_FIELDS) {
    if (!same(current[f], snapshot[f])) (out as unknown as Record<string, unknown>)[f] = current[f];
  }
  out.lineItems = rebaseList(snapshot.lineItems, current.lineItems, server.lineItems);
  out.sections = rebaseList(snapshot.sections, current.sections, server.sections);
  out.accessList = rebaseList(snapshot.accessList, current.accessList, server.accessList);
  out.attachments = rebaseList(snapshot.attachments, current.attachments, server.attachments);
  return out;
}

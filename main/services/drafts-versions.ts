// Quote versions in the unsynced-drafts file (common/drafts-file, `versions`): they exist only
// on this computer, so removing the connection would lose them. Each names its quote and its
// lines and sections by server id too: a store that downloaded the quote again holds them
// under local ids of its own, and a version put back there is renamed to match, so compare
// and restore see the same lines.
import type { DraftVersion, DraftWork } from '../../common/drafts-file';
import type { Store, WorkQuote } from '../store';

export function versionsForFile(store: Store): DraftVersion[] {
  return store.versions.all().map((v) => {
    const work = structuredClone(v.work);
    // The store's file addresses mean nothing elsewhere; versions never restore attachments.
    for (const a of work.attachments) a.sha256 = null;
    const ids: DraftVersion['ids'] = [];
    const add = (kind: 'lineItem' | 'section', localId: string) => {
      const serverId = store.serverIdOf(kind, localId);
      if (serverId) ids.push({ kind, localId, serverId });
    };
    for (const li of work.lineItems) add('lineItem', li.id);
    for (const s of work.sections) add('section', s.id);
    return {
      quoteId: v.quoteId,
      quoteServerId: store.serverIdOf('quote', v.quoteId),
      number: v.number,
      reason: v.reason,
      label: v.label,
      createdOn: v.createdOn,
      createdBy: v.createdBy,
      status: v.status,
      work: work as unknown as DraftWork,
      ids,
    };
  });
}

/** Renames the version's entities to the local ids this store holds their server ids under. */
function renamed(store: Store, v: DraftVersion): WorkQuote {
  const work = structuredClone(v.work) as unknown as WorkQuote;
  const to = new Map<string, string>();
  for (const e of v.ids) {
    const here = store.localIdOf(e.kind, e.serverId);
    if (here && here !== e.localId) to.set(e.localId, here);
  }
  const id = (x: string) => to.get(x) ?? x;
  for (const li of work.lineItems) {
    li.id = id(li.id);
    if (li.requiredLineItemId) li.requiredLineItemId = id(li.requiredLineItemId);
  }
  for (const s of work.sections) {
    s.id = id(s.id);
    for (const x of s.lineItems) x.lineItemId = id(x.lineItemId);
  }
  return work;
}

/** Puts the file's versions back with their quotes; those whose quote is not here are left. */
export function putBackVersions(
  store: Store,
  versions: readonly DraftVersion[],
): { put: number; missing: number } {
  let put = 0;
  let missing = 0;
  for (const v of versions) {
    const byServer = v.quoteServerId ? store.localIdOf('quote', v.quoteServerId) : null;
    const quoteId = byServer ?? (store.getQuote(v.quoteId) ? v.quoteId : null);
    if (!quoteId || store.getQuote(quoteId)?.deleted) {
      missing++;
      continue;
    }
    const work = renamed(store, v);
    if (store.versions.put(quoteId, { ...v, work })) put++;
  }
  return { put, missing };
}

// A new quote's default attachments. The app gives a new quote the preference attachments it
// knows (no file here: they live on the server), and the server adds its own copies of the
// partner's preference attachments when it creates the quote. Those copies ARE the local
// defaults, not additions: matched by name (in order), they take the local ids, so nothing
// is uploaded twice and nothing waits for a file that was never on this computer.
import type { AttachmentResponse } from '../../common/api';
import type { WorkQuote } from '../store';
import type { SyncStore } from './ports';

export interface AttachmentMatch {
  kind: 'attachment';
  localId: string;
  serverId: string;
}

/**
 * Local default attachments not yet on the server, paired with the server's attachments of
 * the same name that no local attachment stands for. Only for a quote whose first read-back
 * is not recorded yet: later, an unmapped remote attachment is a colleague's addition.
 */
export function matchDefaultAttachments(
  store: Pick<SyncStore, 'sync' | 'caches'>,
  work: WorkQuote,
  remote: readonly AttachmentResponse[],
): AttachmentMatch[] {
  const free = remote.filter((r) => !store.sync.localIdOf('attachment', r.id));
  if (!free.length) return [];
  // The server names its copy as the preference is named; the salesperson may have renamed ours.
  const prefName = new Map(store.caches.preferences().attachments.map((p) => [p.id, p.name]));
  const out: AttachmentMatch[] = [];
  for (const a of [...work.attachments].sort((x, y) => x.order - y.order)) {
    if (!a.preferenceAttachmentId || store.sync.serverIdOf('attachment', a.id)) continue;
    const names = [prefName.get(a.preferenceAttachmentId), a.name];
    const i = free.findIndex((r) => names.includes(r.name));
    if (i < 0) continue;
    out.push({ kind: 'attachment', localId: a.id, serverId: free[i]!.id });
    free.splice(i, 1);
  }
  return out;
}

/**
 * The library entry a local attachment can be copied from on the server when its file is
 * not here: the library attachment it was copied from, or — for a default attachment the
 * server did not add (preferences changed since) — the library file of the same name.
 */
export function librarySourceOf(
  a: WorkQuote['attachments'][number],
  library: readonly { id: string; name: string }[],
): string | null {
  if (a.sha256) return null;
  if (a.libraryAttachmentId) return a.libraryAttachmentId;
  if (!a.preferenceAttachmentId) return null;
  return library.find((l) => l.name === a.name)?.id ?? null;
}

// The unsynced-drafts file (common/drafts-file) made from the store and taken back into it.
// Attachment files travel by the SHA-256 of their bytes: the store names them by a keyed hash
// that means nothing to another profile's store.
import crypto from 'node:crypto';
import {
  DRAFTS_FORMAT,
  DRAFTS_VERSION,
  type DraftQuote,
  type DraftsFile,
  type DraftWork,
} from '../../common/drafts-file';
import type { DraftsCounts } from '../../common/ipc';
import type { Identity, LocalDraft, Store, WorkQuote } from '../store';
import type { Profile } from '../vault';
import { ServiceError } from './errors';

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

export function buildDraftsFile(
  store: Store,
  profile: Profile,
  appVersion: string,
  now: Date,
): DraftsFile {
  const local = store.localDrafts();
  const files = new Map<string, DraftsFile['files'][number]>();
  const quotes = local.quotes.map((d): DraftQuote => {
    const work = structuredClone(d.work);
    for (const a of work.attachments) {
      // Only a file the server does not have travels; one it has is downloaded again.
      if (a.url === null && a.sha256 && store.hasFile(a.sha256)) {
        const bytes = store.readFile(a.sha256);
        const sum = sha256(bytes);
        files.set(sum, {
          sha256: sum,
          name: a.name,
          type: a.type,
          size: bytes.length,
          base64: bytes.toString('base64'),
        });
        a.sha256 = sum;
        a.size = bytes.length;
      } else a.sha256 = null;
    }
    return {
      id: d.id,
      serverId: d.serverId,
      work: work as unknown as DraftWork,
      base: d.base as DraftQuote['base'],
      ids: d.ids,
      conflicts: d.conflicts,
      requests: d.requests,
      sync: {
        pushed: d.pushed,
        kept: d.kept,
        publishRefused: d.publishRefused,
      },
    };
  });
  const identity = store.identity();
  return {
    format: DRAFTS_FORMAT,
    version: DRAFTS_VERSION,
    exportedAt: now.toISOString(),
    app: { version: appVersion },
    partner: {
      baseUrl: profile.baseUrl,
      audience: profile.audience,
      id: store.knownPartnerId(),
      name:
        identity?.partner?.name ??
        local.quotes.find((q) => q.work.partner)?.work.partner?.name ??
        null,
    },
    profile: { name: profile.displayName, clientId: profile.clientId },
    identity: identity as DraftsFile['identity'],
    quotes,
    deletes: local.deletes,
    files: [...files.values()],
  };
}

export function countsOf(file: DraftsFile): DraftsCounts {
  return {
    newQuotes: file.quotes.filter((q) => q.serverId === null).length,
    editedQuotes: file.quotes.filter((q) => q.serverId !== null).length,
    conflicts: file.quotes.reduce(
      (n, q) => n + q.conflicts.filter((c) => c.resolvedAt === null).length,
      0,
    ),
    // The files of these quotes (an import leaves out those of drafts already here).
    files: new Set(
      file.quotes.flatMap((q) => q.work.attachments.map((a) => a.sha256).filter((x) => x)),
    ).size,
    deletes: file.deletes.length,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function countsText(c: DraftsCounts): string {
  const parts = [
    c.newQuotes > 0 && plural(c.newQuotes, 'new draft', 'new drafts'),
    c.editedQuotes > 0 && plural(c.editedQuotes, 'edited quote', 'edited quotes'),
    c.conflicts > 0 && plural(c.conflicts, 'unresolved conflict', 'unresolved conflicts'),
    c.files > 0 && plural(c.files, 'file not uploaded', 'files not uploaded'),
    c.deletes > 0 && plural(c.deletes, 'delete', 'deletes'),
  ].filter((p): p is string => typeof p === 'string');
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** A name the file systems of all three platforms take, with the connection and the day. */
export function draftsFileName(profile: Profile, now: Date): string {
  const name = profile.displayName.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'connection';
  return `Quotedesk drafts - ${name} - ${now.toISOString().slice(0, 10)}.json`;
}

/** One API, however its address is spelled (case of the host, a trailing slash). */
export function sameApi(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u);
      return `${x.protocol}//${x.host.toLowerCase()}${x.pathname.replace(/\/+$/, '')}`;
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

/**
 * The file's drafts in the store's shape, their files stored here (checked against their
 * SHA-256 first: a damaged file is refused before anything is written).
 */
export function draftsForStore(store: Store, file: DraftsFile): LocalDraft[] {
  const bytesOf = new Map<string, Buffer>();
  for (const [i, f] of file.files.entries()) {
    const bytes = Buffer.from(f.base64, 'base64');
    if (bytes.length !== f.size || sha256(bytes) !== f.sha256)
      throw new ServiceError(
        'VALIDATION',
        `This drafts file is damaged: files.${i}.base64: the bytes of “${f.name}” do not match their SHA-256.`,
        { field: 'file' },
      );
    bytesOf.set(f.sha256, bytes);
  }
  const address = new Map<string, { sha256: string; size: number }>();
  for (const [sum, bytes] of bytesOf) address.set(sum, store.putFile(bytes));
  return file.quotes.map((q) => {
    const work = structuredClone(q.work) as unknown as WorkQuote;
    for (const a of work.attachments) {
      const at = a.sha256 ? address.get(a.sha256) : undefined;
      a.sha256 = at?.sha256 ?? null;
      if (at) a.size = at.size;
    }
    return {
      id: q.id,
      serverId: q.serverId,
      work,
      base: q.base as LocalDraft['base'],
      ids: q.ids,
      conflicts: q.conflicts.map((c) => ({ ...c, base: c.base, local: c.local, remote: c.remote })),
      requests: q.requests.map((j) => ({ ...j, body: j.body, result: j.result })),
      pushed: q.sync.pushed,
      kept: q.sync.kept,
      publishRefused: q.sync.publishRefused ?? null,
    };
  });
}

export type { Identity };

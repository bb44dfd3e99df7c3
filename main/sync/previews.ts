// Attachments for offline preview after a first sign-in: the lowest priority of all. The fill
// notes each quote it brought in with attachments (meta `sync.previewQueue`, newest first, so
// a restart goes on where it stopped); once every aggregate is held, their PDFs are
// downloaded one quote at a time within the disk budget the user sets in Settings. A quote
// is only started when its missing files would fit even at the largest size a PDF may have.
import { downloadMissingFiles } from './push';
import type { RoundContext, SyncStore } from './ports';
import type { RemoteAggregate } from '../store';

export const PREVIEW_QUEUE = 'sync.previewQueue';
export const PREVIEW_BUDGET = 'sync.previewBudgetMiB';
export const DEFAULT_PREVIEW_BUDGET_MIB = 1024;
const MAX_PDF_BYTES = 10 * 2 ** 20;

type PreviewStore = Pick<SyncStore, 'getMeta' | 'setMeta' | 'getQuote' | 'filesBytes'>;

export function previewBudgetMiB(store: Pick<SyncStore, 'getMeta'>): number {
  return store.getMeta<number>(PREVIEW_BUDGET) ?? DEFAULT_PREVIEW_BUDGET_MIB;
}

function missing(store: PreviewStore, quoteId: string): number {
  const q = store.getQuote(quoteId);
  return q ? q.work.attachments.filter((a) => !a.sha256 && a.url).length : 0;
}

export function previewsWaiting(store: Pick<SyncStore, 'getMeta'>): boolean {
  return (store.getMeta<string[]>(PREVIEW_QUEUE)?.length ?? 0) > 0;
}

/**
 * Remembers a quote just filled whose attachments are not on this computer. `remote`, the
 * aggregate it was filled from, spares reading the quote back when none of its attachments
 * has a file on the server (then none is missing here).
 */
export function queuePreviews(
  store: PreviewStore,
  quoteId: string,
  remote?: RemoteAggregate,
): void {
  if (remote && !remote.quote.attachments.some((a) => a.url)) return;
  if (missing(store, quoteId) === 0) return;
  const queue = store.getMeta<string[]>(PREVIEW_QUEUE) ?? [];
  if (!queue.includes(quoteId)) store.setMeta(PREVIEW_QUEUE, [...queue, quoteId]);
}

/**
 * Downloads the queued previews while they fit in the budget; stops when `stopped()` says so
 * (a cycle wants the connection, or the engine stops). Returns the quotes done.
 */
export async function downloadPreviews(
  ctx: RoundContext,
  store: PreviewStore,
  stopped: () => boolean,
): Promise<number> {
  let done = 0;
  for (;;) {
    const queue = store.getMeta<string[]>(PREVIEW_QUEUE) ?? [];
    const quoteId = queue[0];
    if (!quoteId || stopped()) return done;
    const need = missing(store, quoteId) * MAX_PDF_BYTES;
    if (need > 0 && store.filesBytes() + need > previewBudgetMiB(store) * 2 ** 20) return done;
    if (need > 0) await downloadMissingFiles(quoteId, ctx);
    store.setMeta(
      PREVIEW_QUEUE,
      (store.getMeta<string[]>(PREVIEW_QUEUE) ?? []).filter((id) => id !== quoteId),
    );
    done++;
  }
}

import type { QuoteDetail } from '../../common/ipc/shapes';

/** Published here, not yet on the server: the publish waits in the queue like any edit. */
export function publishQueued(detail: QuoteDetail): boolean {
  return (
    detail.header.status === 'sent' && detail.header.published && detail.sync.state !== 'synced'
  );
}

import type { QuoteStatus } from '../../common/api/enums';
import type { QuoteSyncInfo } from '../../common/ipc/shapes';

export const STATUS_LABEL: Record<QuoteStatus, string> = {
  draft: 'Draft',
  assigned: 'Assigned',
  sent: 'Sent',
  closed: 'Closed',
  declined: 'Declined',
  accepted: 'Accepted',
  changes_requested: 'Changes requested',
  expired: 'Expired',
  pending: 'Pending',
};

export function StatusPill({ status }: { status: QuoteStatus }) {
  return <span className={`status status-${status}`}>{STATUS_LABEL[status]}</span>;
}

const SYNC_LABEL: Record<QuoteSyncInfo['state'], string> = {
  synced: 'Synced',
  pending: 'Not synced',
  syncing: 'Syncing',
  conflict: 'Conflict',
  error: 'Sync error',
};

export function SyncBadge({ sync }: { sync: QuoteSyncInfo }) {
  return (
    <span
      className={`sync-badge sync-${sync.state}`}
      title={sync.message ?? SYNC_LABEL[sync.state]}
    >
      <span className="sync-dot" aria-hidden="true" />
      {SYNC_LABEL[sync.state]}
    </span>
  );
}

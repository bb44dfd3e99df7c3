import type { QuoteStatus } from '../../common/api/enums';
import type { QuoteSyncInfo, SyncStatus } from '../../common/ipc/shapes';

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

/**
 * What a quote's sync state reads as beside the footer. Offline, a quote with changes to send
 * is waiting, whatever its own state says: each retry while offline marks it `syncing` for the
 * moment the doomed attempt takes (the API client's retries, a connect timeout), and a badge
 * read then said "Syncing" next to the footer's "Offline".
 */
export function syncBadgeOf(
  sync: QuoteSyncInfo,
  status: Pick<SyncStatus, 'available' | 'online'> | null,
): { className: string; label: string } {
  const offline = !!status && status.available && !status.online;
  if (offline && (sync.state === 'syncing' || sync.state === 'pending')) {
    return { className: 'sync-pending sync-offline', label: 'Offline · waiting' };
  }
  return { className: `sync-${sync.state}`, label: SYNC_LABEL[sync.state] };
}

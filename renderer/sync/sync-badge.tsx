import type { QuoteSyncInfo } from '../../common/ipc/shapes';
import { useSync } from '../state/sync';
import { syncBadgeOf } from '../ui/status-pill';

/** A quote's sync state beside its title and in the list, read with the footer's online state. */
export function SyncBadge({ sync }: { sync: QuoteSyncInfo }) {
  const available = useSync((s) => s.status?.available ?? false);
  const online = useSync((s) => s.status?.online ?? true);
  const b = syncBadgeOf(sync, { available, online });
  return (
    <span className={`sync-badge ${b.className}`} title={sync.message ?? b.label}>
      <span className="sync-dot" aria-hidden="true" />
      {b.label}
    </span>
  );
}

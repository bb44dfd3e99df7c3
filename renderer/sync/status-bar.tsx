import { errorOf, ipc } from '../ipc';
import { formatDateTime, formatNumber, formatRelative } from '../format';
import { toast } from '../ui/toast';
import { useNav } from '../state/nav';
import { useSync } from '../state/sync';
import { Button } from '../ui';
import { FillProgress } from './list-only';
import { UpdateNotice } from './update-notice';

async function togglePause(paused: boolean): Promise<void> {
  try {
    useSync.getState().setStatus(await ipc().call(paused ? 'sync.resume' : 'sync.pause'));
  } catch (e) {
    toast.error(errorOf(e).message);
  }
}

export function StatusBar() {
  const status = useSync((s) => s.status);
  const runNow = useSync((s) => s.runNow);
  const serverNotice = useSync((s) => s.serverNotice);
  const go = useNav((s) => s.go);
  if (!status) {
    return (
      <footer className="statusbar" aria-label="Sync status">
        <span className="muted">Connecting to Quotedesk’s core…</span>
      </footer>
    );
  }
  const online = status.available && status.online;
  const progress =
    status.running && online && status.progress && status.progress.total > 0
      ? status.progress
      : null;
  return (
    <footer className="statusbar" aria-label="Sync status">
      <span className={`conn ${online ? '' : 'conn-offline'}`} data-testid="connection">
        <span className="conn-dot" aria-hidden="true" />
        {!status.available ? 'Sync unavailable' : online ? 'Online' : 'Offline'}
      </span>
      {!status.available && status.reason && <span className="muted">{status.reason}</span>}
      {serverNotice && (
        <span className="field-error" role="status" data-testid="server-notice">
          {serverNotice}
        </span>
      )}
      <span data-testid="pending-count">{formatNumber(status.pendingCount)} pending</span>
      {status.conflictCount > 0 && (
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() => go({ screen: 'conflicts' })}
        >
          {formatNumber(status.conflictCount)}{' '}
          {status.conflictCount === 1 ? 'conflict' : 'conflicts'}
        </button>
      )}
      {status.errorCount > 0 && (
        <span className="field-error" title={status.lastError}>
          {formatNumber(status.errorCount)} with errors
        </span>
      )}
      <span className="muted" data-testid="last-sync">
        {/* "now" would read as "just synced" while nothing can reach the server. */}
        Last sync{' '}
        {status.lastSyncAt && !online
          ? formatDateTime(status.lastSyncAt)
          : formatRelative(status.lastSyncAt)}
      </span>
      {progress && (
        <span className="row" aria-live="polite">
          <span
            className="progress"
            role="progressbar"
            aria-label="Sync progress"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <div style={{ width: `${Math.round((progress.done / progress.total) * 100)}%` }} />
          </span>
          <span>
            {formatNumber(progress.done)} / {formatNumber(progress.total)}
          </span>
        </span>
      )}
      <FillProgress status={status} />
      {status.paused && <span className="muted">Paused</span>}
      <span className="spacer" />
      <UpdateNotice />
      {status.available && (
        <Button size="sm" variant="ghost" onClick={() => void togglePause(status.paused)}>
          {status.paused ? 'Resume sync' : 'Pause sync'}
        </Button>
      )}
      <Button
        size="sm"
        onClick={() => void runNow()}
        disabled={!status.available}
        aria-keyshortcuts="F5"
      >
        {status.running && online ? 'Syncing…' : 'Sync now'}
      </Button>
    </footer>
  );
}

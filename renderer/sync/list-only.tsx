// A first sign-in lists every quote from the server's list pages first; the quotes' contents
// follow in the background. These say so: in the status bar, in the list, in the editor.
import type { SyncStatus } from '../../common/ipc/shapes';
import { formatNumber } from '../format';
import { useSync } from '../state/sync';

/** "Downloading quotes: 3,200 of 10,000 — the list is complete" (or still being listed). */
export function fillText(fill: NonNullable<SyncStatus['fill']>): string {
  if (!fill.listComplete)
    return `Listing quotes: ${formatNumber(fill.listed)} of ${formatNumber(fill.total)}`;
  return `Downloading quotes: ${formatNumber(fill.held)} of ${formatNumber(fill.total)} — the list is complete`;
}

export function FillProgress({ status }: { status: SyncStatus }) {
  if (!status.fill) return null;
  return (
    <span className="muted" aria-live="polite" data-testid="fill-progress">
      {fillText(status.fill)}
      {!status.online && ' (paused while offline)'}
    </span>
  );
}

/** Whether the quote's contents can be fetched now, in words. */
export function useListOnlyLabel(): string {
  const online = useSync((s) => !!s.status?.available && !!s.status.online);
  const paused = useSync((s) => !!s.status?.paused);
  if (!online) return 'Not available offline yet';
  return paused ? 'Download paused' : 'Downloading…';
}

/** In the list, in place of the sync badge of a quote only listed so far. */
export function ListOnlyBadge() {
  const label = useListOnlyLabel();
  return (
    <span className="sync-badge sync-syncing" title="Only the list entry is on this computer yet">
      <span className="sync-dot" aria-hidden="true" />
      {label}
    </span>
  );
}

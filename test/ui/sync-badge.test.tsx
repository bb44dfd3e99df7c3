// @vitest-environment jsdom
// A quote's sync badge agrees with the footer: offline, a quote with changes to send reads
// "Offline · waiting" — also in the moment a retry marks it `syncing`.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { SyncStatus } from '../../common/ipc/shapes';
import { StatusBar } from '../../renderer/sync/status-bar';
import { useSync } from '../../renderer/state/sync';
import { SyncBadge } from '../../renderer/sync/sync-badge';

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  available: true,
  online: true,
  paused: false,
  running: false,
  pendingCount: 1,
  conflictCount: 0,
  errorCount: 0,
  ...over,
});

afterEach(() => {
  cleanup();
  useSync.setState({ status: null });
});

function Screen({ state }: { state: 'syncing' | 'pending' | 'synced' | 'error' }) {
  return (
    <>
      <p data-testid="badge">
        <SyncBadge sync={{ state }} />
      </p>
      <StatusBar />
    </>
  );
}

describe('the open quote’s sync badge', () => {
  it('says "Offline · waiting" beside a footer that says Offline, even while a retry runs', () => {
    useSync.setState({ status: status({ online: false, running: true }) });
    const { rerender } = render(<Screen state="syncing" />);
    expect(screen.getByTestId('connection').textContent).toBe('Offline');
    expect(screen.getByTestId('badge').textContent).toBe('Offline · waiting');
    rerender(<Screen state="pending" />);
    expect(screen.getByTestId('badge').textContent).toBe('Offline · waiting');
  });

  it('says Syncing and Not synced online, and keeps an error or a synced state offline', () => {
    useSync.setState({ status: status({ online: true, running: true }) });
    const { rerender } = render(<Screen state="syncing" />);
    expect(screen.getByTestId('badge').textContent).toBe('Syncing');
    rerender(<Screen state="pending" />);
    expect(screen.getByTestId('badge').textContent).toBe('Not synced');
    act(() => useSync.setState({ status: status({ online: false }) }));
    rerender(<Screen state="error" />);
    expect(screen.getByTestId('badge').textContent).toBe('Sync error');
    rerender(<Screen state="synced" />);
    expect(screen.getByTestId('badge').textContent).toBe('Synced');
  });
});

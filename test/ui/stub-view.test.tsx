// @vitest-environment jsdom
// A quote of which only the list entry has arrived: what the list knows, why it cannot be
// edited yet, and the way back to the list.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StubView } from '../../renderer/editor/stub-view';
import { useNav } from '../../renderer/state/nav';
import { useSync } from '../../renderer/state/sync';
import type { SyncStatus } from '../../common/ipc/shapes';
import { detail } from './fixtures';

const status = (online: boolean): SyncStatus => ({
  available: true,
  online,
  paused: false,
  running: true,
  pendingCount: 0,
  conflictCount: 0,
  errorCount: 0,
});

const listed = detail([], {
  header: { ...detail([]).header, referenceCode: 'Q-2026-000042', status: 'sent' },
  listOnly: { lineItemCounts: { custom: 1, msp: 0, total: 4 } },
});

afterEach(cleanup);

describe('a quote only listed so far', () => {
  it('shows its client, reference code, status and list facts, and says it is downloading', () => {
    useSync.setState({ status: status(true) });
    render(<StubView detail={listed} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Dental Group');
    expect(screen.getByText('Q-2026-000042')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByTestId('stub-note').textContent).toMatch(/^Downloading…/);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offline: says it is not available offline yet; ← Quotes goes back to the list', () => {
    useSync.setState({ status: status(false) });
    useNav.setState({ route: { screen: 'quote', quoteId: 'q1' } });
    render(<StubView detail={listed} />);
    expect(screen.getByTestId('stub-note').textContent).toMatch(/^Not available offline yet/);
    fireEvent.click(screen.getByRole('button', { name: '← Quotes' }));
    expect(useNav.getState().route).toEqual({ screen: 'quotes' });
  });
});

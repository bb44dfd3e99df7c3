// @vitest-environment jsdom
// The status bar says when the embedded demo server stopped and is being started again, and
// stops saying it once it is back (the `embedded.state` event sets and clears the notice).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StatusBar } from '../../renderer/sync/status-bar';
import { useSync } from '../../renderer/state/sync';

afterEach(() => cleanup());

const status = {
  available: true,
  online: false,
  paused: false,
  running: false,
  pendingCount: 2,
  conflictCount: 0,
  errorCount: 0,
};

describe('the demo server notice in the status bar', () => {
  it('shows while the server restarts and goes once it runs again', () => {
    useSync.setState({ status, serverNotice: null });
    render(<StatusBar />);
    expect(screen.queryByTestId('server-notice')).toBeNull();
    const message =
      'The demo Quoting API stopped; starting it again in 2 s. Your edits are kept on this computer.';
    act(() => useSync.getState().setServerNotice(message));
    expect(screen.getByRole('status').textContent).toBe(message);
    act(() => useSync.getState().setServerNotice(null));
    expect(screen.queryByTestId('server-notice')).toBeNull();
  });
});

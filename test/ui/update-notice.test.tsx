// @vitest-environment jsdom
// The status bar's update offer: nothing while up to date, a calm line while downloading or
// after a failure, and "Restart to update" once an update is ready — which only asks main.
// The bridge here answers as the core does (the update states come from the contract).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Bridge, UpdateState } from '../../common/ipc';
import { installBridge } from '../../renderer/ipc';
import { UpdateNotice } from '../../renderer/sync/update-notice';

afterEach(() => cleanup());

function coreBridge(initial: UpdateState) {
  const asked: string[] = [];
  let push: ((payload: unknown) => void) | null = null;
  const bridge: Bridge = {
    invoke: async (name) => {
      asked.push(name);
      if (name === 'app.updateState') return { ok: true, value: initial };
      if (name === 'app.restartToUpdate') return { ok: true, value: { done: true } };
      return { ok: false, error: { code: 'UNKNOWN_CALL', message: name } };
    },
    on: (event, handler) => {
      if (event === 'update.state') push = handler;
      return () => (push = null);
    },
  };
  installBridge(bridge);
  return { asked, push: (s: UpdateState) => act(() => push?.(s)) };
}

describe('the update notice in the status bar', () => {
  it('says nothing while up to date; offers Restart to update once ready; restarts only on the click', async () => {
    const core = coreBridge({ state: 'idle', message: 'Quotedesk is up to date.' });
    render(<UpdateNotice />);
    await act(async () => {});
    expect(screen.queryByRole('status')).toBeNull();
    core.push({ state: 'downloading', version: '0.2.0' });
    expect(screen.getByRole('status').textContent).toBe('Downloading Quotedesk 0.2.0…');
    core.push({
      state: 'ready',
      version: '0.2.0',
      message: 'Quotedesk 0.2.0 is ready: restart to update.',
    });
    const button = screen.getByRole('button', { name: 'Restart to update' });
    expect(core.asked).not.toContain('app.restartToUpdate');
    await act(async () => fireEvent.click(button));
    expect(core.asked).toContain('app.restartToUpdate');
  });

  it('a failure is a calm line, no dialog', async () => {
    const message =
      'The update server could not be reached. Quotedesk keeps working and tries again later.';
    coreBridge({ state: 'failed', message });
    render(<UpdateNotice />);
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

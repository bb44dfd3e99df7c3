// @vitest-environment jsdom
// Settings' "Quotes on this computer": how many quotes are held offline and how many only
// listed, with the disk each takes, and "Keep all quotes offline", which only asks main.
// The bridge answers as the core does (the shapes come from the contract).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Bridge, OfflineQuotes as Counts } from '../../common/ipc';
import { installBridge } from '../../renderer/ipc';
import { OfflineQuotes } from '../../renderer/settings/offline-quotes';

afterEach(() => cleanup());

function coreBridge() {
  const asked: { name: string; input: unknown }[] = [];
  let counts: Counts = {
    keepAll: false,
    held: { count: 12_400, bytes: 80 * 2 ** 20 },
    listedOnly: { count: 87_600, bytes: 150 * 2 ** 20 },
    downloading: 0,
  };
  const bridge: Bridge = {
    invoke: async (name, input) => {
      asked.push({ name, input });
      if (name === 'sync.offlineQuotes') return { ok: true, value: counts };
      if (name === 'sync.setKeepAllOffline') {
        counts = {
          ...counts,
          keepAll: (input as { keepAll: boolean }).keepAll,
          downloading: 87_600,
        };
        return { ok: true, value: counts };
      }
      return { ok: false, error: { code: 'UNKNOWN_CALL', message: name } };
    },
    on: () => () => {},
  };
  installBridge(bridge);
  return { asked };
}

describe('Settings: quotes on this computer', () => {
  it('shows the count and disk of the quotes held offline and of those only listed', async () => {
    coreBridge();
    render(<OfflineQuotes />);
    await act(async () => {});
    expect(screen.getByTestId('held-offline').textContent).toMatch(/^12,400 quotes, 80(\.0)? MB/);
    expect(screen.getByTestId('listed-only').textContent).toMatch(/^87,600 quotes, 150(\.0)? MB/);
    expect(
      (screen.getByRole('checkbox', { name: 'Keep all quotes offline' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  it('"Keep all quotes offline" asks main to download the rest, and says they are downloading', async () => {
    const core = coreBridge();
    render(<OfflineQuotes />);
    await act(async () => {});
    await act(async () =>
      fireEvent.click(screen.getByRole('checkbox', { name: 'Keep all quotes offline' })),
    );
    expect(core.asked).toContainEqual({ name: 'sync.setKeepAllOffline', input: { keepAll: true } });
    expect(
      (screen.getByRole('checkbox', { name: 'Keep all quotes offline' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByTestId('held-offline').textContent).toMatch(/87,600 downloading/);
  });
});

// @vitest-environment jsdom
// Notices are calm: the same notice said again is the one notice, refreshed (not a stack of
// copies), and a few at most are shown — a new one takes the place of the oldest. The real
// notice area and the real toast store; time is vitest's fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Toasts } from '../../renderer/ui';
import { MAX_TOASTS, toast, useToasts } from '../../renderer/ui/toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  act(() => useToasts.setState({ toasts: [] }));
  vi.useRealTimers();
});

const shown = () =>
  within(screen.getByRole('status'))
    .queryAllByText(/./, { selector: 'span' })
    .map((e) => e.textContent);

describe('calm notices', () => {
  it('shows a notice said three times once, and a repeat keeps it for its whole time again', () => {
    render(<Toasts />);
    act(() => {
      toast.success('Follow-ups and margin floor saved');
    });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    act(() => {
      toast.success('Follow-ups and margin floor saved');
      toast.success('Follow-ups and margin floor saved');
    });
    expect(shown()).toEqual(['Follow-ups and margin floor saved']);
    // 6 s after the first, but only 1 s after the repeat: still there.
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(shown()).toEqual(['Follow-ups and margin floor saved']);
    // Its time from the repeat is up.
    act(() => {
      vi.advanceTimersByTime(5_100);
    });
    expect(shown()).toEqual([]);
  });

  it('a repeat of an older notice moves it to the newest place', () => {
    render(<Toasts />);
    act(() => {
      toast.success('Settings saved');
      toast.info('Quote snoozed for a week');
      toast.success('Settings saved');
    });
    expect(shown()).toEqual(['Quote snoozed for a week', 'Settings saved']);
  });

  it(`shows ${MAX_TOASTS} at most: the newest, the oldest make room`, () => {
    render(<Toasts />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.info(`Notice ${n}`);
    });
    expect(MAX_TOASTS).toBe(3);
    expect(shown()).toEqual(['Notice 3', 'Notice 4', 'Notice 5']);
    // The ones that made room do not come back, and the others go in their time.
    act(() => {
      vi.advanceTimersByTime(5_100);
    });
    expect(shown()).toEqual([]);
  });
});

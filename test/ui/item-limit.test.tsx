// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LineItems } from '../../renderer/editor/line-items';
import { useEditor } from '../../renderer/state/editor';
import { detail, item } from './fixtures';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    item({
      id: `i${i}`,
      kind: 'Standard',
      billingTerm: 'Monthly',
      quantity: 1,
      price: 10,
      cost: 8,
    }),
  );

afterEach(() => cleanup());

describe('the 30-item limit', () => {
  it('is counted from the start and warned about before it is hit', () => {
    useEditor.setState({ quoteId: 'q1', drafts: {}, errors: {} });
    render(<LineItems detail={detail(items(12))} />);
    expect(screen.getByTestId('item-limit').textContent).toBe('12 of 30 items');
    cleanup();
    render(<LineItems detail={detail(items(26))} />);
    expect(screen.getByTestId('item-limit').textContent).toBe('26 of 30 items — 4 left');
    expect((screen.getByRole('button', { name: 'Add item' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('stops adding when it is reached', () => {
    useEditor.setState({ quoteId: 'q1', drafts: {}, errors: {} });
    render(<LineItems detail={detail(items(30))} />);
    expect(screen.getByTestId('item-limit').textContent).toBe('30 of 30 items — limit reached');
    expect((screen.getByRole('button', { name: 'Add item' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('button', { name: 'Add item to Not in a section' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});

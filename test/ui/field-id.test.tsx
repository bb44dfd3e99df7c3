// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TextField } from '../../renderer/ui';

afterEach(() => cleanup());

it('a field given its own id keeps its label', () => {
  render(<TextField id="qty" label="Quantity" value="1" onChange={() => {}} />);
  expect(screen.getByLabelText('Quantity').id).toBe('qty');
});

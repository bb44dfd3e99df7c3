// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Dialog, TextField } from '../../renderer/ui';
import { Combobox } from '../../renderer/ui/combobox';

afterEach(() => cleanup());

describe('accessible primitives', () => {
  it('a field shows its error at the field and tells screen readers about it', () => {
    render(
      <TextField
        label="Client secret"
        error="Client secret is required"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Client secret');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Client secret is required');
    expect(described?.getAttribute('role')).toBe('alert');
  });

  it('a dialog is labelled, takes focus, closes on Escape and gives focus back', () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Dialog title="New quote" open={open} onClose={() => setOpen(false)}>
            <TextField label="Name" value="" onChange={() => {}} />
          </Dialog>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'New quote' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the combobox searches as you type, says whether its list is open, and picks with the keyboard', async () => {
    const names = ['Acme Dental Group', 'Blue Fjord Logistics', 'Cedar & Pine Law LLP'];
    const search = vi.fn(async (t: string) =>
      names.filter((n) => n.toLowerCase().includes(t.toLowerCase())),
    );
    const onPick = vi.fn();
    // jsdom has no CSS.escape; the picker's library uses it to find the chosen option.
    const g = globalThis as { CSS?: { escape?: (s: string) => string } };
    g.CSS = { ...g.CSS, escape: g.CSS?.escape ?? ((s: string) => s.replace(/["\\]/g, '\\$&')) };
    render(
      <Combobox<string>
        label="Client"
        search={search}
        optionKey={(s) => s}
        optionText={(s) => s}
        renderOption={(s) => s}
        onPick={onPick}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Client' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'g' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('g'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    // Escape clears the search and closes the list, and says so; an arrow opens it again.
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Blue Fjord Logistics');
  });
});

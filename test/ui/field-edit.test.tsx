// @vitest-environment jsdom
// A line's typed cells (renderer/editor/use-field-edit.ts): every keystroke of one visit is one
// undo step, the field keeps what is typed while it has the focus, and a refusal is shown under
// the cell its answer's `field` names. The bridge answers as the core does: the quote on
// success, `{ field, message }` on a refusal (the store names a line's field
// `lineItems[0].<field>`, the quote's own rules `status`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Bridge } from '../../common/ipc';
import type { LineItemPatch } from '../../common/ipc/shapes';
import { installBridge } from '../../renderer/ipc';
import { ItemRow } from '../../renderer/editor/item-row';
import { groupsOf } from '../../renderer/editor/groups';
import { useEditor } from '../../renderer/state/editor';
import { detail, item } from './fixtures';

type Update = { lineItemId: string; patch: LineItemPatch; coalesce?: string };

// A recurring Custom line: its row has a setup fee cell beside quantity, price and note.
const line = item({
  id: 'a',
  kind: 'Custom',
  billingTerm: 'Monthly',
  quantity: 2,
  price: 100,
  cost: 60,
  initialTotal: 0,
});

function core(refuse?: (u: Update) => { field: string; message: string } | undefined) {
  const updates: Update[] = [];
  let current = detail([line]);
  const bridge: Bridge = {
    invoke: async (name, input) => {
      if (name === 'sync.flushQuote') return { ok: true, value: null };
      if (name !== 'lineItems.update')
        return { ok: false, error: { code: 'UNKNOWN_CALL' as const, message: name } };
      const u = input as Update;
      updates.push(u);
      const no = refuse?.(u);
      if (no) return { ok: false, error: { code: 'VALIDATION', ...no } };
      current = {
        ...current,
        generation: current.generation + 1,
        lineItems: current.lineItems.map((i) => (i.id === u.lineItemId ? { ...i, ...u.patch } : i)),
      };
      return { ok: true, value: current };
    },
    on: () => () => {},
  };
  installBridge(bridge);
  return { updates };
}

function Row() {
  const d = useEditor((s) => s.detail)!;
  return (
    <table>
      <tbody>
        <ItemRow
          item={d.lineItems[0]!}
          detail={d}
          groups={groupsOf(d)}
          dragging={false}
          onDragStart={() => {}}
          onDragEnd={() => {}}
          onDropOn={() => {}}
          onMoveBy={() => {}}
          onMoveTo={() => {}}
          onDelete={() => {}}
        />
      </tbody>
    </table>
  );
}

const cell = (label: string) => screen.getByLabelText(`${label} of Product a`) as HTMLInputElement;
/** The words shown under a cell, as a screen reader reaches them. */
const errorUnder = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? document.getElementById(id)?.textContent : ''))
    .join('');

async function type(input: HTMLInputElement, text: string) {
  await act(async () => fireEvent.change(input, { target: { value: text } }));
}

describe('a line typed in its row', () => {
  beforeEach(() => {
    useEditor.setState({ quoteId: 'q1', detail: detail([line]), drafts: {}, errors: {} });
  });
  afterEach(() => cleanup());

  it('sends every keystroke of one visit as one undo step, and keeps what is typed while focused', async () => {
    const { updates } = core();
    render(<Row />);
    const price = cell('Unit price');
    await act(async () => fireEvent.focus(price));
    await type(price, '24');
    await type(price, '24.5');
    await type(price, '24.50');
    // 24.50 is what is stored already: nothing more to send.
    expect(updates.map((u) => u.patch)).toEqual([{ price: 24 }, { price: 24.5 }]);
    expect(price.value).toBe('24.50');
    await act(async () => fireEvent.blur(price));
    expect(price.value).toBe('24.50');
    // The next visit is a step of its own.
    await act(async () => fireEvent.focus(price));
    await type(price, '30');
    await act(async () => fireEvent.blur(price));
    expect(updates.map((u) => u.patch)).toEqual([{ price: 24 }, { price: 24.5 }, { price: 30 }]);
    expect(updates[0]!.coalesce).toBeTruthy();
    expect(updates[1]!.coalesce).toBe(updates[0]!.coalesce);
    expect(updates[2]!.coalesce).not.toBe(updates[0]!.coalesce);
    expect(price.value).toBe('30.00');
  });

  it('shows a refusal under the cell the answer names, not under the one typed in', async () => {
    core((u) =>
      u.patch.quantity === 3
        ? { field: 'lineItems[0].initialTotal', message: 'Setup fee: must be 0 for a trial' }
        : undefined,
    );
    render(<Row />);
    const quantity = cell('Quantity');
    const fee = cell('Setup fee');
    await act(async () => fireEvent.focus(quantity));
    await type(quantity, '3');
    expect(errorUnder(fee)).toBe('Setup fee: must be 0 for a trial');
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(quantity)).toBe('');
  });

  it('shows a refusal naming no cell of the row under the cell typed in', async () => {
    core(() => ({ field: 'status', message: 'a quote in status sent cannot be edited' }));
    render(<Row />);
    const note = cell('Note');
    await act(async () => fireEvent.focus(note));
    await type(note, 'Onsite');
    expect(errorUnder(note)).toBe('a quote in status sent cannot be edited');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // What was typed stays, to be corrected or sent again.
    expect(note.value).toBe('Onsite');
  });
});

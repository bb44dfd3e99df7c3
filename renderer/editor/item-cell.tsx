// A line's typed cells — quantity, unit price, setup fee and note — each saved as it is typed
// (use-field-edit.ts): how each reads its text, which stored value it compares with, and the
// `lineItems.update` patch it sends.
import { LIMITS } from '../../common/api/limits';
import type { LineItemView } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import { amountText, parseAmount, parseQuantity } from './numbers';
import { useFieldEdit, type Checked } from './use-field-edit';

interface Cell<V> {
  label: string;
  inputMode: 'numeric' | 'decimal' | 'text';
  check: (text: string) => Checked<V>;
  of: (item: LineItemView) => V;
  text: (value: V) => string;
}

const amount = (label: string) => (text: string) => parseAmount(text, label);

const CELLS = {
  quantity: {
    label: 'Quantity',
    inputMode: 'numeric',
    check: parseQuantity,
    of: (i) => i.quantity,
    text: String,
  } satisfies Cell<number>,
  price: {
    label: 'Unit price',
    inputMode: 'decimal',
    check: amount('Price'),
    of: (i) => i.price,
    text: amountText,
  } satisfies Cell<number>,
  // A recurring Custom item's setup fee (docs/architecture.md#money-and-totals).
  initialTotal: {
    label: 'Setup fee',
    inputMode: 'decimal',
    check: amount('Setup fee'),
    of: (i) => i.initialTotal ?? 0,
    text: amountText,
  } satisfies Cell<number>,
  note: {
    label: 'Note',
    inputMode: 'text',
    check: (text): Checked<string> =>
      text.length > LIMITS.noteMax
        ? { ok: false, error: `Note must be at most ${LIMITS.noteMax} characters` }
        : { ok: true, value: text },
    of: (i) => i.note,
    text: (note) => note,
  } satisfies Cell<string>,
};

export type CellField = keyof typeof CELLS;
const CELL_FIELDS = Object.keys(CELLS) as CellField[];

/** The item as stored now: an earlier call of the field's visit may just have landed. */
const storedItem = (item: LineItemView) =>
  useEditor.getState().detail?.lineItems.find((i) => i.id === item.id) ?? item;

export function ItemCell({
  item,
  quoteId,
  field,
  editable,
  className = '',
}: {
  item: LineItemView;
  quoteId: string;
  field: CellField;
  editable: boolean;
  className?: string;
}) {
  const cell = CELLS[field] as Cell<number | string>;
  const edit = useFieldEdit<number | string>({
    save: { call: 'lineItems.update', quoteId, lineItemId: item.id },
    owner: item.id,
    field,
    siblings: CELL_FIELDS,
    shown: cell.text(cell.of(item)),
    check: cell.check,
    stored: () => cell.of(storedItem(item)),
  });
  const errId = `err-${item.id}-${field}`;
  return (
    <>
      <input
        className={`input cell-input ${className}`}
        aria-label={`${cell.label} of ${item.product.name}`}
        aria-invalid={edit.error ? true : undefined}
        aria-describedby={edit.error ? errId : undefined}
        inputMode={cell.inputMode}
        value={edit.value}
        placeholder={field === 'note' ? 'Add a note for the client…' : undefined}
        disabled={!editable}
        data-field={field}
        onChange={(e) => edit.change(e.target.value)}
        onFocus={edit.enter}
        onBlur={edit.leave}
        onKeyDown={(e) => {
          if (e.key === 'Enter') edit.commitNow();
          if (e.key === 'Escape') edit.revert();
        }}
      />
      {edit.error && (
        <div id={errId} className="field-error" role="alert">
          {edit.error}
        </div>
      )}
    </>
  );
}

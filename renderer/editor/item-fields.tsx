// What both forms of the add-item dialog share: the quantity and note fields, the call that
// adds the items, and where its refusal shows.
import { LIMITS } from '../../common/api/limits';
import { type AddLineItemInput, type QuoteDetail } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { useEditor } from '../state/editor';
import { TextArea, TextField } from '../ui';

export type Errors = Record<string, string>;

/** Maps an error of the call to a field of the form: `items.1.price` → `price`. */
export function fieldOf(e: { field?: string }): string {
  return e.field?.split('.').pop() ?? '_form';
}

export async function submit(
  detail: QuoteDetail,
  items: AddLineItemInput[],
  sectionId: string | null,
  setErrors: (e: Errors) => void,
): Promise<boolean> {
  try {
    const r = await ipc().call('lineItems.add', {
      quoteId: detail.header.id,
      items,
      sectionId: sectionId ?? undefined,
    });
    useEditor.getState().apply(r.quote);
    return true;
  } catch (e) {
    const err = errorOf(e);
    setErrors({ [fieldOf(err)]: err.message });
    return false;
  }
}

export function QuantityField(props: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Quantity"
      inputMode="numeric"
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

export function NoteField(props: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextArea
      label="Note"
      className="span-all"
      rows={2}
      value={props.value}
      error={props.error}
      maxLength={LIMITS.noteMax}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

// "Save as kit": the selected line items of the quote (and the product of a selected add-on,
// which can only be added with it) kept under a name, for "Add kit" in other quotes.
import { useState } from 'react';
import type { LineItemView, QuoteDetail } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatUnit } from '../format';
import { Button, Dialog, TextField } from '../ui';
import { toast } from '../ui/toast';
import { useSelection } from './selection';

/** The selected items, and the parents of selected add-ons that come along. */
export function itemsToSave(
  detail: QuoteDetail,
  selected: readonly string[],
): { item: LineItemView; addedFor?: string }[] {
  const chosen = new Set(selected);
  const out: { item: LineItemView; addedFor?: string }[] = detail.lineItems
    .filter((i) => chosen.has(i.id))
    .map((item) => ({ item }));
  for (const { item } of [...out]) {
    const parent = detail.lineItems.find((p) => p.id === item.requiredLineItemId);
    if (parent && !chosen.has(parent.id)) {
      chosen.add(parent.id);
      out.push({ item: parent, addedFor: item.product.name });
    }
  }
  return out;
}

export function SaveKitDialog({
  detail,
  selected,
  onClose,
}: {
  detail: QuoteDetail;
  selected: string[];
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = itemsToSave(detail, selected);

  const save = async () => {
    if (!name.trim()) return setError('Kit name is required');
    setBusy(true);
    try {
      const r = await ipc().call('kits.save', {
        quoteId: detail.header.id,
        lineItemIds: selected,
        name,
      });
      useSelection.getState().clear();
      toast.success(
        `Saved kit “${r.kit.name}” with ${r.kit.itemCount} ${r.kit.itemCount === 1 ? 'item' : 'items'}.`,
      );
      onClose();
    } catch (e) {
      setError(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Save as kit"
      open
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="save-kit-form" disabled={busy}>
            Save kit
          </Button>
        </>
      }
    >
      <form
        id="save-kit-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Kit name"
          autoFocus
          value={name}
          maxLength={100}
          error={error}
          hint="For example “Office 25 seats”. Kits stay on this computer, for this connection."
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      </form>
      <h3 className="kit-list-title">
        {rows.length} {rows.length === 1 ? 'item' : 'items'} with their sections, notes, terms,
        quantities and prices
      </h3>
      <ul className="kit-items" aria-label="Items in the kit">
        {rows.map(({ item, addedFor }) => (
          <li key={item.id} className={item.requiredLineItemId ? 'kit-addon' : undefined}>
            <span className="kit-item-name">{item.product.name}</span>{' '}
            <span className="muted">
              {item.quantity} × {formatUnit(item.price, detail.currency)} · {item.billingTerm}
            </span>
            {addedFor && (
              <div className="field-hint">Taken along: {addedFor} is an add-on of it.</div>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

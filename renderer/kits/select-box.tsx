// The checkbox that selects a line item for a kit: a real checkbox with the item's name as its
// label, so it is reached with Tab and ticked with Space like any other.
import { useSelection } from './selection';
import './kits.css';

export function SelectBox({
  quoteId,
  itemId,
  name,
}: {
  quoteId: string;
  itemId: string;
  name: string;
}) {
  const on = useSelection((s) => s.quoteId === quoteId && s.ids.has(itemId));
  return (
    <input
      type="checkbox"
      className="item-select"
      aria-label={`Select ${name}`}
      checked={on}
      onChange={(e) => useSelection.getState().toggle(quoteId, itemId, e.target.checked)}
    />
  );
}

/** Selects or clears every item of one section (or of the items in none). */
export function SelectGroupBox({
  quoteId,
  itemIds,
  name,
}: {
  quoteId: string;
  itemIds: string[];
  name: string;
}) {
  const count = useSelection((s) =>
    s.quoteId === quoteId ? itemIds.filter((id) => s.ids.has(id)).length : 0,
  );
  const all = itemIds.length > 0 && count === itemIds.length;
  return (
    <input
      type="checkbox"
      className="item-select"
      aria-label={`Select every item in ${name}`}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = count > 0 && !all;
      }}
      onChange={() => useSelection.getState().setMany(quoteId, itemIds, !all)}
    />
  );
}

// One line of the quote as a table row: its selection box and drag handle, what it is, its
// typed cells (item-cell.tsx), its section choice, its total and its remove button.
import type { LineItemView, QuoteDetail } from '../../common/ipc/shapes';
import { formatUnit } from '../format';
import { KIND_LABEL } from '../format/kinds';
import { useEditor } from '../state/editor';
import { IconButton } from '../ui';
import { SelectBox } from '../kits/select-box';
import type { Group } from './groups';
import { ItemCell } from './item-cell';
import { ItemHandle } from './item-handle';
import { ItemSectionChoice } from './item-section-choice';
import { LineTotal, hasSetupFee } from './line-total';

interface Props {
  item: LineItemView;
  detail: QuoteDetail;
  groups: Group[];
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDropOn: () => void;
  onMoveBy: (d: -1 | 1) => void;
  onMoveTo: (sectionId: string | null) => void;
  onDelete: () => void;
}

/** The line's kind, SKU, terms, cost and parent, in one line under its name. */
function itemMeta(item: LineItemView, currency: string, parent: LineItemView | undefined): string {
  return [
    item.product.sku,
    item.billingTerm,
    item.commitmentTerm?.term ? `commitment ${item.commitmentTerm.term}` : null,
    item.usageBased ? item.usageBased.type.replace('_', ' ').toLowerCase() : null,
    `cost ${formatUnit(item.cost, currency)}`,
    parent ? `add-on of ${parent.product.name}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ItemRow({ item, detail, groups, dragging, ...on }: Props) {
  // Only this line's draft: typing elsewhere must not re-render every row.
  const draft = useEditor((s) => s.drafts[item.id]);
  const { editable } = detail;
  const quoteId = detail.header.id;
  const name = item.product.name;
  const parent = item.requiredLineItemId
    ? detail.lineItems.find((i) => i.id === item.requiredLineItemId)
    : undefined;
  const cell = { item, quoteId, editable };
  return (
    <tr
      className={`${dragging ? 'dragging' : ''} ${parent ? 'addon' : ''}`}
      data-item={name}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        on.onDropOn();
      }}
    >
      <td>
        <SelectBox quoteId={quoteId} itemId={item.id} name={name} />
        {editable && <ItemHandle itemId={item.id} name={name} {...on} />}
      </td>
      <td>
        <div className="item-name">
          {name}
          <span className="kind">{KIND_LABEL[item.kind]}</span>
        </div>
        <div className="item-meta">{itemMeta(item, detail.currency, parent)}</div>
        <div className="item-note">
          <ItemCell {...cell} field="note" className="note" />
        </div>
        {hasSetupFee(item) && (
          <div className="item-fee">
            <span className="item-meta">Setup fee (once)</span>
            <ItemCell {...cell} field="initialTotal" className="fee" />
          </div>
        )}
        {editable && groups.length > 1 && (
          <ItemSectionChoice itemId={item.id} name={name} groups={groups} onMoveTo={on.onMoveTo} />
        )}
      </td>
      <td>
        <ItemCell {...cell} field="quantity" />
      </td>
      <td>
        <ItemCell {...cell} field="price" />
      </td>
      <LineTotal item={item} draft={draft} currency={detail.currency} />
      <td>
        {editable && (
          <IconButton label={`Remove ${name}`} onClick={on.onDelete}>
            ✕
          </IconButton>
        )}
      </td>
    </tr>
  );
}

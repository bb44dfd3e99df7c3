import { useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import { moneyKind, recurringPeriod } from '../../common/money';
import type { LineItemPatch, LineItemView, QuoteDetail } from '../../common/ipc/shapes';
import { formatMinor, formatUnit } from '../format';
import { KIND_LABEL } from '../format/kinds';
import { PERIOD_SHORT } from '../format/periods';
import { useEditor } from '../state/editor';
import { IconButton } from '../ui';
import type { Group } from './groups';
import { amountText, parseAmount, parseQuantity } from './numbers';
import { LiveField } from './live-commit';
import { lineCents } from './totals';
import { SelectBox } from '../kits/select-box';
import { MarginFlag } from './margin-flag';

const CELL_FIELDS = ['quantity', 'price', 'note', 'initialTotal'] as const;
type CellField = (typeof CELL_FIELDS)[number];

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

// long: one table row: its typed cells, drag handle, section choice and line total read one item and its draft
export function ItemRow({
  item,
  detail,
  groups,
  dragging,
  onDragStart,
  onDragEnd,
  onDropOn,
  onMoveBy,
  onMoveTo,
  onDelete,
}: Props) {
  const draft = useEditor((s) => s.drafts[item.id]);
  // Only this row's errors: typing elsewhere must not re-render every row.
  const errQuantity = useEditor((s) => s.errors[`item:${item.id}:quantity`]);
  const errPrice = useEditor((s) => s.errors[`item:${item.id}:price`]);
  const errNote = useEditor((s) => s.errors[`item:${item.id}:note`]);
  const errFee = useEditor((s) => s.errors[`item:${item.id}:initialTotal`]);
  const errors: Record<string, string | undefined> = {
    [`item:${item.id}:quantity`]: errQuantity,
    [`item:${item.id}:price`]: errPrice,
    [`item:${item.id}:note`]: errNote,
    [`item:${item.id}:initialTotal`]: errFee,
  };
  const editable = detail.editable;
  // One committer per field: every keystroke is committed, one call in flight at a time.
  const [live] = useState<Record<CellField, LiveField>>(() => ({
    quantity: new LiveField(),
    price: new LiveField(),
    note: new LiveField(),
    initialTotal: new LiveField(),
  }));
  const quoteId = detail.header.id;
  const t = lineCents(item, draft);
  const parent = item.requiredLineItemId
    ? detail.lineItems.find((i) => i.id === item.requiredLineItemId)
    : undefined;
  const recurring =
    t.recurringTotal !== 0 || (t.initialTotal === 0 && item.billingTerm !== 'Trial');
  // A recurring Custom item's initial amount is a setup fee of its own (docs/architecture.md#money-and-totals);
  // a one-time item's is simply price × quantity.
  const hasSetupFee = item.kind === 'Custom' && moneyKind(item.billingTerm) === 'recurring';

  const commit = async (field: CellField, visit: string) => {
    const text = useEditor.getState().drafts[item.id]?.[field];
    if (text === undefined) return;
    const key = `item:${item.id}:${field}`;
    const { setError, run, clearDraft } = useEditor.getState();
    // As stored now: an earlier call of this visit may just have landed.
    const cur = useEditor.getState().detail?.lineItems.find((i) => i.id === item.id) ?? item;
    const f = live[field];
    const settled = () => {
      setError(key, null);
      if (!f.focused) clearDraft(item.id, field);
    };
    let patch: LineItemPatch;
    if (field === 'quantity') {
      const p = parseQuantity(text);
      if (!p.ok) return setError(key, p.error);
      if (p.value === cur.quantity) return settled();
      patch = { quantity: p.value };
    } else if (field === 'price' || field === 'initialTotal') {
      const p = parseAmount(text, field === 'price' ? 'Price' : 'Setup fee');
      if (!p.ok) return setError(key, p.error);
      if (p.value === (field === 'price' ? cur.price : (cur.initialTotal ?? 0))) return settled();
      patch = field === 'price' ? { price: p.value } : { initialTotal: p.value };
    } else {
      if (text.length > LIMITS.noteMax)
        return setError(key, `Note must be at most ${LIMITS.noteMax} characters`);
      if (text === cur.note) return settled();
      patch = { note: text };
    }
    setError(key, null);
    const r = await run(
      'lineItems.update',
      { quoteId, lineItemId: item.id, patch, coalesce: visit },
      // The answer names the field (`patch.price`): the error goes to that cell, else to this one.
      (e) => {
        const named = e.field?.split('.').pop();
        return named && CELL_FIELDS.includes(named as CellField) ? `item:${item.id}:${named}` : key;
      },
    );
    // Keep the draft while the field is typed in, or if the user typed on meanwhile.
    if (r && !f.focused && useEditor.getState().drafts[item.id]?.[field] === text)
      clearDraft(item.id, field);
  };

  const change = (field: CellField, value: string) => {
    useEditor.getState().setDraft(item.id, { [field]: value });
    const key = `item:${item.id}:${field}`;
    // Validate as the user types so the error sits at the field at once.
    const p =
      field === 'quantity'
        ? parseQuantity(value)
        : field === 'price'
          ? parseAmount(value, 'Price')
          : field === 'initialTotal'
            ? parseAmount(value, 'Setup fee')
            : null;
    if (p && !p.ok) return useEditor.getState().setError(key, p.error);
    if (field === 'note' && value.length > LIMITS.noteMax)
      return useEditor
        .getState()
        .setError(key, `Note must be at most ${LIMITS.noteMax} characters`);
    useEditor.getState().setError(key, null);
    void live[field].push(value, (visit) => commit(field, visit));
  };

  const cell = (field: CellField, label: string, stored: string, extra = '') => {
    const err = errors[`item:${item.id}:${field}`];
    const errId = `err-${item.id}-${field}`;
    return (
      <>
        <input
          className={`input cell-input ${extra}`}
          aria-label={`${label} of ${item.product.name}`}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? errId : undefined}
          inputMode={field === 'note' ? 'text' : field === 'quantity' ? 'numeric' : 'decimal'}
          value={draft?.[field] ?? stored}
          placeholder={field === 'note' ? 'Add a note for the client…' : undefined}
          disabled={!editable}
          data-field={field}
          onChange={(e) => change(field, e.target.value)}
          onFocus={() => live[field].enter()}
          onBlur={() => {
            live[field].leave(quoteId);
            const text = useEditor.getState().drafts[item.id]?.[field];
            if (text !== undefined) void live[field].push(text, (visit) => commit(field, visit));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              const text = useEditor.getState().drafts[item.id]?.[field];
              if (text !== undefined) void live[field].push(text, (visit) => commit(field, visit));
            }
            if (e.key === 'Escape') {
              useEditor.getState().clearDraft(item.id, field);
              useEditor.getState().setError(`item:${item.id}:${field}`, null);
            }
          }}
        />
        {err && (
          <div id={errId} className="field-error" role="alert">
            {err}
          </div>
        )}
      </>
    );
  };

  const here = groups.find((g) => g.items.some((i) => i.id === item.id));
  return (
    <tr
      className={`${dragging ? 'dragging' : ''} ${parent ? 'addon' : ''}`}
      data-item={item.product.name}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onDropOn();
      }}
    >
      <td>
        <SelectBox quoteId={quoteId} itemId={item.id} name={item.product.name} />
        {editable && (
          <button
            type="button"
            className="drag-handle"
            draggable
            data-handle={item.id}
            aria-label={`Move ${item.product.name}: drag, or press Alt+Up or Alt+Down`}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            onDragStart={(e) => {
              e.dataTransfer.setData('text/plain', item.id);
              e.dataTransfer.effectAllowed = 'move';
              onDragStart();
            }}
            onDragEnd={onDragEnd}
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowUp') {
                e.preventDefault();
                onMoveBy(-1);
              } else if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                onMoveBy(1);
              }
            }}
          >
            ⠿
          </button>
        )}
      </td>
      <td>
        <div className="item-name">
          {item.product.name}
          <span className="kind">{KIND_LABEL[item.kind]}</span>
        </div>
        <div className="item-meta">
          {[
            item.product.sku,
            item.billingTerm,
            item.commitmentTerm?.term ? `commitment ${item.commitmentTerm.term}` : null,
            item.usageBased ? item.usageBased.type.replace('_', ' ').toLowerCase() : null,
            `cost ${formatUnit(item.cost, detail.currency)}`,
            parent ? `add-on of ${parent.product.name}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
        <div className="item-note">{cell('note', 'Note', item.note, 'note')}</div>
        {hasSetupFee && (
          <div className="item-fee">
            <span className="item-meta">Setup fee (once)</span>
            {cell('initialTotal', 'Setup fee', amountText(item.initialTotal ?? 0), 'fee')}
          </div>
        )}
        {editable && groups.length > 1 && (
          <div className="item-tools">
            <label className="item-meta">
              Section{' '}
              <select
                className="input"
                value={here?.sectionId ?? ''}
                onChange={(e) => onMoveTo(e.target.value || null)}
                aria-label={`Section of ${item.product.name}`}
              >
                {groups.map((g) => (
                  <option key={g.sectionId ?? ''} value={g.sectionId ?? ''}>
                    {g.sectionId ? g.name : 'No section'}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </td>
      <td>{cell('quantity', 'Quantity', String(item.quantity))}</td>
      <td>{cell('price', 'Unit price', amountText(item.price))}</td>
      <td className="num" data-testid="line-total">
        {item.billingTerm === 'Trial' ? (
          <span className="muted">Trial</span>
        ) : (
          <>
            {t.initialTotal !== 0 && (
              <div>
                {formatMinor(t.initialTotal, detail.currency)}{' '}
                <span className="muted">{hasSetupFee ? 'setup fee' : 'once'}</span>
              </div>
            )}
            {recurring && (
              <div>
                {formatMinor(t.recurringTotal, detail.currency)}{' '}
                <span className="muted">
                  {PERIOD_SHORT[recurringPeriod(item.billingTerm) ?? 'annual']}
                </span>
              </div>
            )}
          </>
        )}
        <MarginFlag item={item} draft={draft} currency={detail.currency} />
      </td>
      <td>
        {editable && (
          <IconButton label={`Remove ${item.product.name}`} onClick={onDelete}>
            ✕
          </IconButton>
        )}
      </td>
    </tr>
  );
}

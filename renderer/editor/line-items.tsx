import { useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { LineItemView, QuoteDetail, SectionView } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import { undo } from '../state/undo';
import { Button, IconButton, TextField } from '../ui';
import { toast } from '../ui/toast';
import { AddItemDialog } from './add-item-dialog';
import { ItemRow } from './item-row';
import { SectionSubtotal } from './section-subtotal';
import { groupsOf, type Group } from './groups';
import { planMove, sectionName } from './add-ons';
import { MoveAddOnDialog, type AskMove } from './move-add-on-dialog';
import { KitActions } from '../kits/kit-actions';
import { SelectGroupBox } from '../kits/select-box';

// long: sections, drag and drop, add and move-add-on dialogs share the grouping of the lines
export function LineItems({ detail }: { detail: QuoteDetail }) {
  const [adding, setAdding] = useState<{ sectionId: string | null } | null>(null);
  const [newSection, setNewSection] = useState<string | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const run = useEditor((s) => s.run);
  const newSectionError = useEditor((s) => s.errors['section:new']);
  const quoteId = detail.header.id;
  const count = detail.lineItems.length;
  const left = LIMITS.lineItems - count;
  const groups = groupsOf(detail);
  const editable = detail.editable;

  const [askMove, setAskMove] = useState<AskMove | null>(null);
  const moveNow = (lineItemIds: string[], sectionId: string | null, index?: number) =>
    run('lineItems.move', { quoteId, lineItemIds, sectionId, index });
  /** A parent takes its add-ons along; an add-on leaving its parent's section asks first. */
  const move = async (lineItemId: string, sectionId: string | null, index?: number) => {
    const plan = planMove(detail, lineItemId, sectionId);
    if (plan.leavesParent) {
      setAskMove({ ...plan.leavesParent, sectionId, index });
      return;
    }
    await moveNow(plan.lineItemIds, sectionId, index);
  };

  /** Keyboard move: one step up or down through the sections, crossing their borders. */
  const moveBy = (itemId: string, delta: -1 | 1) => {
    const gi = groups.findIndex((g) => g.items.some((i) => i.id === itemId));
    if (gi < 0) return;
    const g = groups[gi]!;
    const ii = g.items.findIndex((i) => i.id === itemId);
    const target = ii + delta;
    if (target >= 0 && target < g.items.length) {
      void move(itemId, g.sectionId, target);
    } else {
      const ng = groups[gi + delta];
      if (!ng) return;
      void move(itemId, ng.sectionId, delta < 0 ? ng.items.length : 0);
    }
    // Keep focus on the moved item's handle once it has been re-rendered in its new place.
    // (Not when the move waits for an answer in a dialog: the dialog keeps focus.)
    setTimeout(() => {
      if (document.querySelector('[role="dialog"]')) return;
      document.querySelector<HTMLElement>(`[data-handle="${itemId}"]`)?.focus();
    }, 80);
  };

  const createSection = async () => {
    const name = (newSection ?? '').trim();
    if (!name) {
      useEditor.getState().setError('section:new', 'Section name is required');
      return;
    }
    const r = await run('sections.create', { quoteId, name }, 'section:new');
    if (r) setNewSection(null);
  };

  const reorderSection = (s: SectionView, delta: -1 | 1) => {
    const ids = detail.sections.map((x) => x.id);
    const i = ids.indexOf(s.id);
    const j = i + delta;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void run('sections.reorder', { quoteId, sectionIds: ids });
  };

  const deleteItem = async (item: LineItemView) => {
    const addOns = detail.lineItems
      .filter((i) => i.requiredLineItemId === item.id)
      .map((i) => i.id);
    const r = await run('lineItems.delete', { quoteId, lineItemIds: [item.id, ...addOns] });
    if (r) {
      toast.info(
        `Removed ${item.product.name}${addOns.length ? ` and ${addOns.length} add-on${addOns.length > 1 ? 's' : ''}` : ''}`,
        { label: 'Undo', run: () => void undo() },
      );
    }
  };

  return (
    <section className="card card-pad" aria-labelledby="items-h">
      <div className="row" style={{ marginBottom: 12 }}>
        <h2 id="items-h" style={{ margin: 0 }}>
          Line items
        </h2>
        <span className="grow" />
        <LimitMeter count={count} />
        <KitActions detail={detail} />
        <Button onClick={() => setNewSection('')} disabled={!editable}>
          Add section
        </Button>
        <Button
          variant="primary"
          onClick={() => setAdding({ sectionId: groups[0]?.sectionId ?? null })}
          disabled={!editable || left <= 0}
        >
          Add item
        </Button>
      </div>
      {newSection !== null && (
        <form
          className="row"
          style={{ marginBottom: 12, alignItems: 'flex-end' }}
          onSubmit={(e) => {
            e.preventDefault();
            void createSection();
          }}
        >
          <TextField
            label="New section name"
            autoFocus
            value={newSection}
            maxLength={LIMITS.sectionNameMax}
            error={newSectionError}
            onChange={(e) => setNewSection(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setNewSection(null)}
          />
          <Button type="submit" variant="primary">
            Create
          </Button>
          <Button onClick={() => setNewSection(null)}>Cancel</Button>
        </form>
      )}
      {groups.map((g, gi) => {
        const section = g.sectionId ? detail.sections.find((s) => s.id === g.sectionId) : undefined;
        const dropKey = g.sectionId ?? '__none__';
        return (
          <div
            key={dropKey}
            className={`section ${dropTarget === dropKey ? 'drop-target' : ''}`}
            data-section={g.name}
            onDragOver={(e) => {
              if (!dragId) return;
              e.preventDefault();
              setDropTarget(dropKey);
            }}
            onDragLeave={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node)) setDropTarget(null);
            }}
            onDrop={(e) => {
              e.preventDefault();
              const id = dragId ?? e.dataTransfer.getData('text/plain');
              setDropTarget(null);
              setDragId(null);
              if (id) void move(id, g.sectionId);
            }}
          >
            <SectionHeader
              group={g}
              section={section}
              editable={editable}
              first={gi === 0}
              last={!section || gi === detail.sections.length - 1}
              onRename={(name) =>
                section &&
                run(
                  'sections.rename',
                  { quoteId, sectionId: section.id, name },
                  `section:${section.id}`,
                )
              }
              onDelete={() =>
                section && void run('sections.delete', { quoteId, sectionId: section.id })
              }
              onMove={(d) => section && reorderSection(section, d)}
              onAdd={() => setAdding({ sectionId: g.sectionId })}
              canAdd={editable && left > 0}
            />
            {g.items.length === 0 ? (
              <p className="muted" style={{ padding: 12 }}>
                {editable ? 'No items here yet. Add one, or drag items here.' : 'No items.'}
              </p>
            ) : (
              <table className="items" aria-label={`Items in ${g.name}`}>
                <thead>
                  <tr>
                    <th style={{ width: 56 }}>
                      <SelectGroupBox
                        quoteId={quoteId}
                        itemIds={g.items.map((i) => i.id)}
                        name={g.name}
                      />
                      <span className="sr-only">Select and move</span>
                    </th>
                    <th>Product and note</th>
                    <th className="num" style={{ width: 80 }}>
                      Qty
                    </th>
                    <th className="num" style={{ width: 110 }}>
                      Unit price
                    </th>
                    <th className="num" style={{ width: 130 }}>
                      Line total
                    </th>
                    <th style={{ width: 40 }}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {g.items.map((item, index) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      detail={detail}
                      dragging={dragId === item.id}
                      groups={groups}
                      onDragStart={() => setDragId(item.id)}
                      onDragEnd={() => {
                        setDragId(null);
                        setDropTarget(null);
                      }}
                      onDropOn={() => {
                        const id = dragId;
                        setDragId(null);
                        setDropTarget(null);
                        if (id && id !== item.id) void move(id, g.sectionId, index);
                      }}
                      onMoveBy={(d) => moveBy(item.id, d)}
                      onMoveTo={(sectionId) => void move(item.id, sectionId)}
                      onDelete={() => void deleteItem(item)}
                    />
                  ))}
                </tbody>
                <tfoot>
                  <SectionSubtotal name={g.name} items={g.items} currency={detail.currency} />
                </tfoot>
              </table>
            )}
          </div>
        );
      })}
      {askMove && (
        <MoveAddOnDialog
          ask={askMove}
          to={sectionName(detail, askMove.sectionId)}
          onCancel={() => setAskMove(null)}
          onMove={() => {
            setAskMove(null);
            void moveNow([askMove.addOn.id], askMove.sectionId, askMove.index);
          }}
        />
      )}
      {adding && (
        <AddItemDialog
          detail={detail}
          sectionId={adding.sectionId}
          groups={groups}
          onClose={() => setAdding(null)}
        />
      )}
    </section>
  );
}

function LimitMeter({ count }: { count: number }) {
  const max = LIMITS.lineItems;
  const left = max - count;
  const cls = left <= 0 ? 'limit-full' : left <= 5 ? 'limit-warn' : '';
  return (
    <span className="limit-meter" data-testid="item-limit">
      <meter
        min={0}
        max={max}
        low={max - 5}
        high={max - 1}
        optimum={0}
        value={count}
        aria-label="Line items used"
      />
      <span className={cls}>
        {count} of {max} items
        {left <= 0 ? ' — limit reached' : left <= 5 ? ` — ${left} left` : ''}
      </span>
    </span>
  );
}

// long: a section's heading with its rename, reorder and delete controls over one section
function SectionHeader({
  group,
  section,
  editable,
  first,
  last,
  onRename,
  onDelete,
  onMove,
  onAdd,
  canAdd,
}: {
  group: Group;
  section?: SectionView;
  editable: boolean;
  first: boolean;
  last: boolean;
  onRename: (name: string) => Promise<unknown> | undefined | false;
  onDelete: () => void;
  onMove: (d: -1 | 1) => void;
  onAdd: () => void;
  canAdd: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const error = useEditor((s) => (section ? s.errors[`section:${section.id}`] : undefined));
  if (editing !== null && section) {
    return (
      <form
        className="section-head"
        onSubmit={async (e) => {
          e.preventDefault();
          const name = editing.trim();
          if (!name) {
            useEditor.getState().setError(`section:${section.id}`, 'Section name is required');
            return;
          }
          const r = await onRename(name);
          if (r) setEditing(null);
        }}
      >
        <TextField
          label="Section name"
          hideLabel
          className="section-name-input grow"
          autoFocus
          value={editing}
          error={error}
          maxLength={LIMITS.sectionNameMax}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
        />
        <Button type="submit" size="sm" variant="primary">
          Save
        </Button>
        <Button size="sm" onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <div className="section-head">
      <h3>
        {group.name} <span className="muted">({group.items.length})</span>
      </h3>
      {section && editable && (
        <>
          <IconButton
            label={`Move section ${section.name} up`}
            disabled={first}
            onClick={() => onMove(-1)}
          >
            ↑
          </IconButton>
          <IconButton
            label={`Move section ${section.name} down`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            ↓
          </IconButton>
          <Button size="sm" variant="ghost" onClick={() => setEditing(section.name)}>
            Rename
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={`Delete section ${section.name}`}
          >
            Delete
          </Button>
        </>
      )}
      {editable && (
        <Button
          size="sm"
          onClick={onAdd}
          disabled={!canAdd}
          aria-label={`Add item to ${group.name}`}
        >
          + Item
        </Button>
      )}
    </div>
  );
}

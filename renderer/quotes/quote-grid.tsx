// The quote list's grid: a virtualized window over the whole result. It is its own component
// so that a scroll re-renders the rows alone, never the toolbar, the chips or the dialogs.
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SortField } from '../../common/api/enums';
import type { QuoteSummary } from '../../common/ipc/shapes';
import { formatDate, formatMoney, formatNumber } from '../format';
import { PERIOD_SHORT, periodAmounts, periodsText } from '../format/periods';
import { PAGE_SIZE, useQuoteList } from '../state/quote-list';
import { useNav } from '../state/nav';
import { CopyIcon, IconButton, StatusPill, TrashIcon } from '../ui';
import { SyncBadge } from '../sync/sync-badge';
import { ListOnlyBadge } from '../sync/list-only';
import { deleteQuote, duplicateQuote } from './actions';
import { FlingMeter } from './fling';

/** Height of the sticky header row inside the scroller (keep in step with .list-head). */
const HEAD_H = 36;
const ROW_H = 44;

const COLUMNS: { label: string; field?: SortField; className?: string }[] = [
  { label: 'Reference' },
  { label: 'Client', field: 'client.name' },
  { label: 'Status', field: 'status' },
  { label: 'Initial', field: 'totals.initialTotal', className: 'num' },
  { label: 'Recurring', field: 'totals.recurringTotal', className: 'num' },
  { label: 'Updated', field: 'updatedOn', className: 'col-created' },
  { label: 'Owner', className: 'col-owner' },
  { label: 'Created by', field: 'createdBy', className: 'col-creator' },
  { label: 'Sync' },
  { label: 'Actions', className: 'sr-only-label' },
];

// long: the grid's keyboard cursor, scrolling and rows read the same loaded page
export function QuoteGrid() {
  const query = useQuoteList((s) => s.query);
  const total = useQuoteList((s) => s.total);
  const pages = useQuoteList((s) => s.pages);
  const key = useQuoteList((s) => s.key);
  const loaded = useQuoteList((s) => s.loaded);
  const { setSort, ensureRange } = useQuoteList.getState();
  const go = useNav((s) => s.go);
  const [active, setActive] = useState(0);
  const [fling] = useState(() => new FlingMeter());
  const scrollRef = useRef<HTMLDivElement>(null);

  // The virtualizer is mutable by design; this component is not compiled with memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    // One row beyond each edge: every row in the DOM is laid out and painted again on a scroll
    // step, and four on each side made a fast scroll's frames a quarter dearer (paint, layout)
    // for rows nobody sees. The rows are rendered in the scroll event itself (flushSync), so
    // the view never shows an edge the rows have not reached.
    overscan: 1,
    scrollMargin: HEAD_H,
    // The list fills the window below its toolbar: sized as the window until measured, so the
    // first render already draws the rows the window shows rather than waiting a render more.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  // The rows in view are the items less the one beyond each edge.
  const light = fling.step(first, items.length - 2, virtualizer.isScrolling);

  useEffect(() => {
    ensureRange(first, last);
  }, [first, last, key, pages, ensureRange]);

  useEffect(() => {
    if (active >= total && total > 0) setActive(total - 1);
  }, [active, total]);

  const open = useCallback(
    (index: number, q: QuoteSummary | undefined) => {
      setActive(index);
      if (q) go({ screen: 'quote', quoteId: q.id });
    },
    [go],
  );
  const rowAt = (i: number): QuoteSummary | undefined =>
    pages[Math.floor(i / PAGE_SIZE)]?.[i % PAGE_SIZE];
  const activeRow = rowAt(active);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (total === 0) return;
    let next = active;
    if (e.key === 'ArrowDown') next = Math.min(active + 1, total - 1);
    else if (e.key === 'ArrowUp') next = Math.max(active - 1, 0);
    else if (e.key === 'PageDown') next = Math.min(active + 10, total - 1);
    else if (e.key === 'PageUp') next = Math.max(active - 10, 0);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = total - 1;
    else if (e.key === 'Enter' && activeRow) {
      e.preventDefault();
      go({ screen: 'quote', quoteId: activeRow.id });
      return;
    } else if (e.key === 'Delete' && activeRow) {
      e.preventDefault();
      void deleteQuote(activeRow);
      return;
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'd' && activeRow) {
      e.preventDefault();
      void duplicateQuote(activeRow.id);
      return;
    } else return;
    e.preventDefault();
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  return (
    <div
      ref={scrollRef}
      className="list-scroll"
      tabIndex={0}
      role="grid"
      aria-label="Quotes. Arrow keys move, Enter opens, Delete deletes, Ctrl+D duplicates"
      aria-rowcount={total + 1}
      aria-colcount={COLUMNS.length}
      aria-activedescendant={activeRow ? `quote-row-${active}` : undefined}
      onKeyDown={onKey}
    >
      <div role="row" aria-rowindex={1} className="list-head">
        {COLUMNS.map((c) => {
          const sorted = c.field && query.sort.field === c.field;
          return (
            <div
              key={c.label}
              role="columnheader"
              className={c.className === 'sr-only-label' ? '' : c.className}
              aria-sort={
                sorted ? (query.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
              }
            >
              {c.className === 'sr-only-label' ? (
                <span className="sr-only">{c.label}</span>
              ) : c.field ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className="sort-btn"
                  onClick={() => setSort(c.field!)}
                >
                  {c.label}
                  <span aria-hidden="true">
                    {sorted ? (query.sort.direction === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              ) : (
                c.label
              )}
            </div>
          );
        })}
      </div>
      <div role="rowgroup" className="list-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((v) => (
          <ListRow
            // Keyed by slot, not by index: a row scrolled out is reused for the row scrolled
            // in, so a scroll step updates text in place instead of building new elements.
            key={v.index % items.length}
            index={v.index}
            top={v.start - HEAD_H}
            q={rowAt(v.index)}
            selected={v.index === active}
            light={light}
            onOpen={open}
          />
        ))}
      </div>
      {loaded && total === 0 && (
        <div className="empty">
          {query.search || query.status.length
            ? 'No quotes match.'
            : query.account === 'user'
              ? 'None of your quotes yet. “All partner quotes” shows your team’s.'
              : 'No quotes yet. Create one with “New quote”.'}
        </div>
      )}
    </div>
  );
}

/** One row; memoized so scrolling renders only the rows that come into view. */
const ListRow = memo(function ListRow({
  index,
  top,
  q,
  selected,
  light,
  onOpen,
}: {
  index: number;
  top: number;
  q: QuoteSummary | undefined;
  selected: boolean;
  /** Flung past: the reference, client and initial total only (see fling.ts). */
  light: boolean;
  onOpen: (index: number, q: QuoteSummary | undefined) => void;
}) {
  return (
    <div
      id={`quote-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className="list-row"
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(index, q)}
      data-quote-id={q?.id}
    >
      {q ? light ? <FlungRow q={q} /> : <Row q={q} /> : <SkeletonRow />}
    </div>
  );
});

/** A quote made here before the app knew who is signed in can only be the user's own. */
const YOU = 'You';

function Row({ q }: { q: QuoteSummary }) {
  const name = q.referenceCode ?? q.client.name;
  return (
    <>
      {/* The item count under the reference, so the client's name has its cell to itself. */}
      <div role="gridcell" className="cell cell-ref">
        <span className="mono">
          {q.referenceCode ?? <span className="muted">New (local)</span>}
        </span>
        <span className="muted">
          {formatNumber(q.lineItemCounts.total)} {q.lineItemCounts.total === 1 ? 'item' : 'items'}
        </span>
      </div>
      {/* Up to two lines; a name longer still has its tooltip. */}
      <div role="gridcell" className="cell cell-client" title={q.client.name}>
        <strong>{q.client.name}</strong>
      </div>
      <div role="gridcell" className="cell cell-wrap">
        <StatusPill status={q.status} />
      </div>
      <div role="gridcell" className="cell num">
        {formatMoney(q.totals.initialTotal.amount, q.totals.initialTotal.currency)}
      </div>
      <div role="gridcell" className="cell num">
        <RecurringPeriods q={q} />
      </div>
      <div role="gridcell" className="cell col-created">
        {formatDate(q.updatedOn)}
      </div>
      <div role="gridcell" className="cell col-owner">
        {q.ownedBy?.fullName || q.createdBy || YOU}
      </div>
      <div role="gridcell" className="cell col-creator">
        {q.createdBy || YOU}
      </div>
      <div role="gridcell" className="cell cell-wrap">
        {q.listOnly ? <ListOnlyBadge /> : <SyncBadge sync={q.sync} />}
      </div>
      <div role="gridcell" className="cell row-actions" onClick={(e) => e.stopPropagation()}>
        <IconButton
          label={`Duplicate ${name}`}
          tabIndex={-1}
          onClick={() => void duplicateQuote(q.id)}
        >
          <CopyIcon />
        </IconButton>
        <IconButton label={`Delete ${name}`} tabIndex={-1} onClick={() => void deleteQuote(q)}>
          <TrashIcon />
        </IconButton>
      </div>
    </>
  );
}

/** A row flung past: what can be glimpsed at that speed, in the columns it has at rest. */
function FlungRow({ q }: { q: QuoteSummary }) {
  return (
    <>
      <div role="gridcell" className="cell cell-ref">
        <span className="mono">{q.referenceCode ?? 'New (local)'}</span>
      </div>
      <div role="gridcell" className="cell cell-client">
        <strong>{q.client.name}</strong>
      </div>
      <div role="gridcell" className="cell num" style={{ gridColumn: 4 }}>
        {formatMoney(q.totals.initialTotal.amount, q.totals.initialTotal.currency)}
      </div>
    </>
  );
}

function SkeletonRow() {
  return (
    <div role="gridcell" className="cell muted" style={{ gridColumn: '1 / -1' }}>
      Loading…
    </div>
  );
}

/**
 * Recurring money per billing period, one line each ("$191.50/mo", "$3,720.00/yr"): the API's
 * recurringTotal adds them into a sum that is neither, so it is shown only where the periods
 * are not known (a quote only listed, its items not downloaded yet), and said to be so.
 */
function RecurringPeriods({ q }: { q: QuoteSummary }) {
  const periods = periodAmounts(q.recurringByPeriod);
  const { amount, currency } = q.totals.recurringTotal;
  if (periods.length === 0) {
    return (
      <div className="list-periods" data-testid="recurring-periods">
        {formatMoney(amount, currency)}
        {amount !== 0 && <div className="muted basis">all periods</div>}
      </div>
    );
  }
  const all = periodsText(q.recurringByPeriod, currency);
  // Two lines fit a row; a rarer third and fourth period are in the tooltip and read aloud.
  const shown = periods.length > 2 ? periods.slice(0, 1) : periods;
  return (
    <div className="list-periods" data-testid="recurring-periods" title={all}>
      {shown.map((x) => (
        <div key={x.period}>
          {formatMoney(x.amount, currency)}
          <span className="muted">{PERIOD_SHORT[x.period]}</span>
        </div>
      ))}
      {shown.length < periods.length && (
        <div className="muted more">
          <span aria-hidden="true">+{periods.length - shown.length} more</span>
          <span className="sr-only">{all}</span>
        </div>
      )}
    </div>
  );
}

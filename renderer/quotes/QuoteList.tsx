import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { QuoteStatus, SortField } from '../../common/api/enums';
import type { QuoteSummary } from '../../common/ipc/shapes';
import { formatDate, formatMoney, formatNumber } from '../format';
import { PAGE_SIZE, useQuoteList } from '../state/quoteList';
import { useNav } from '../state/nav';
import {
  Button,
  CopyIcon,
  IconButton,
  StatusPill,
  SyncBadge,
  STATUS_LABEL,
  TrashIcon,
} from '../ui';
import { deleteQuote, duplicateQuote } from './actions';
import { NewQuoteDialog } from './NewQuoteDialog';
import { PipelineChart } from './PipelineChart';
import { useCommandRequest } from '../app/commands';
import { ListOnlyBadge } from '../sync/ListOnly';

const CHIP_STATUSES: QuoteStatus[] = [
  'draft',
  'assigned',
  'sent',
  'changes_requested',
  'accepted',
  'declined',
  'expired',
  'closed',
  'pending',
];

/** Height of the sticky header row inside the scroller (keep in step with .list-head). */
const HEAD_H = 36;

const COLUMNS: { label: string; field?: SortField; className?: string }[] = [
  { label: 'Reference' },
  { label: 'Client', field: 'client.name' },
  { label: 'Status', field: 'status' },
  { label: 'Initial', field: 'totals.initialTotal', className: 'num' },
  { label: 'Recurring', field: 'totals.recurringTotal', className: 'num' },
  { label: 'Updated', field: 'updatedOn', className: 'col-created' },
  { label: 'Created by', field: 'createdBy', className: 'col-owner' },
  { label: 'Sync' },
  { label: 'Actions', className: 'sr-only-label' },
];

export function QuoteList() {
  const query = useQuoteList((s) => s.query);
  const total = useQuoteList((s) => s.total);
  const loaded = useQuoteList((s) => s.loaded);
  const counts = useQuoteList((s) => s.statusCounts);
  const error = useQuoteList((s) => s.error);
  const pages = useQuoteList((s) => s.pages);
  const key = useQuoteList((s) => s.key);
  const { setSearch, toggleStatus, clearStatus, setSort, ensureRange } = useQuoteList.getState();
  const go = useNav((s) => s.go);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState(query.search);
  const scrollRef = useRef<HTMLDivElement>(null);
  const newRequest = useCommandRequest((s) => s.newQuote);
  const seenRequest = useRef(newRequest);
  useEffect(() => {
    if (newRequest !== seenRequest.current) {
      seenRequest.current = newRequest;
      setCreating(true);
    }
  }, [newRequest]);

  // The virtualizer is mutable by design; this component is not compiled with memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 44,
    overscan: 12,
    scrollMargin: HEAD_H,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

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
  const countsTotal = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;

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
    <div className="page">
      <div className="page-header">
        <h1>Quotes</h1>
        <Button variant="primary" onClick={() => setCreating(true)} aria-keyshortcuts="Control+N">
          New quote
        </Button>
      </div>
      <div className="toolbar">
        <input
          type="search"
          className="input search"
          aria-label="Search quotes"
          placeholder="Search client, reference, creator, amount…"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setSearch(e.target.value);
          }}
          data-find-target
        />
        <div className="chips" role="group" aria-label="Filter by status">
          <button
            type="button"
            className="chip"
            aria-pressed={query.status.length === 0}
            onClick={clearStatus}
          >
            All{' '}
            {countsTotal !== null && (
              <span className="chip-count">{formatNumber(countsTotal)}</span>
            )}
          </button>
          {CHIP_STATUSES.filter((s) => !counts || counts[s] > 0 || query.status.includes(s)).map(
            (s) => (
              <button
                key={s}
                type="button"
                className="chip"
                aria-pressed={query.status.includes(s)}
                onClick={() => toggleStatus(s)}
              >
                {STATUS_LABEL[s]}{' '}
                {counts && <span className="chip-count">{formatNumber(counts[s])}</span>}
              </button>
            ),
          )}
        </div>
      </div>
      <PipelineChart />
      <div className="card list">
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
                    sorted
                      ? query.sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
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
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((v) => (
              <ListRow
                key={v.key}
                index={v.index}
                top={v.start - HEAD_H}
                q={rowAt(v.index)}
                selected={v.index === active}
                onOpen={open}
              />
            ))}
          </div>
          {loaded && total === 0 && (
            <div className="empty">
              {query.search || query.status.length
                ? 'No quotes match.'
                : 'No quotes yet. Create one with “New quote”.'}
            </div>
          )}
        </div>
        <div className="list-foot" aria-live="polite">
          <span data-testid="result-count">
            {loaded ? `${formatNumber(total)} ${total === 1 ? 'quote' : 'quotes'}` : 'Loading…'}
          </span>
          {error && <span className="field-error">{error}</span>}
        </div>
      </div>
      <NewQuoteDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

/** One row; memoized so scrolling renders only the rows that come into view. */
const ListRow = memo(function ListRow({
  index,
  top,
  q,
  selected,
  onOpen,
}: {
  index: number;
  top: number;
  q: QuoteSummary | undefined;
  selected: boolean;
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
      {q ? <Row q={q} /> : <SkeletonRow />}
    </div>
  );
});

function Row({ q }: { q: QuoteSummary }) {
  return (
    <>
      <div role="gridcell" className="cell mono">
        {q.referenceCode ?? <span className="muted">New (local)</span>}
      </div>
      <div role="gridcell" className="cell">
        <strong>{q.client.name}</strong>
        <span className="muted">
          {' '}
          · {formatNumber(q.lineItemCounts.total)} {q.lineItemCounts.total === 1 ? 'item' : 'items'}
        </span>
      </div>
      <div role="gridcell" className="cell">
        <StatusPill status={q.status} />
      </div>
      <div role="gridcell" className="cell num">
        {formatMoney(q.totals.initialTotal.amount, q.totals.initialTotal.currency)}
      </div>
      <div role="gridcell" className="cell num">
        {formatMoney(q.totals.recurringTotal.amount, q.totals.recurringTotal.currency)}
      </div>
      <div role="gridcell" className="cell col-created">
        {formatDate(q.updatedOn)}
      </div>
      <div role="gridcell" className="cell col-owner">
        {q.ownedBy?.fullName ?? q.createdBy}
      </div>
      <div role="gridcell" className="cell">
        {q.listOnly ? <ListOnlyBadge /> : <SyncBadge sync={q.sync} />}
      </div>
      <div role="gridcell" className="cell row-actions" onClick={(e) => e.stopPropagation()}>
        <IconButton
          label={`Duplicate ${q.referenceCode ?? q.client.name}`}
          tabIndex={-1}
          onClick={() => void duplicateQuote(q.id)}
        >
          <CopyIcon />
        </IconButton>
        <IconButton
          label={`Delete ${q.referenceCode ?? q.client.name}`}
          tabIndex={-1}
          onClick={() => void deleteQuote(q)}
        >
          <TrashIcon />
        </IconButton>
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

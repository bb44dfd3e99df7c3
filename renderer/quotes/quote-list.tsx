import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ToggleButton } from 'react-aria-components/ToggleButton';
import { ToggleButtonGroup } from 'react-aria-components/ToggleButtonGroup';
import type { ListAccount, QuoteStatus } from '../../common/api/enums';
import { formatNumber } from '../format';
import { useQuoteList } from '../state/quote-list';
import { Button, STATUS_LABEL } from '../ui';
import { PipelineChart } from './pipeline-chart';
import { QuoteGrid } from './quote-grid';
import { useCommandRequest } from '../state/command-request';
import { useOnceWanted } from '../ui/once-wanted';

// The client picker's code (react-aria's combobox) loads when a quote is first made, not with the list.
const NewQuoteDialog = lazy(() =>
  import('./new-quote-dialog').then((m) => ({ default: m.NewQuoteDialog })),
);

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

// long: the list's search, filters, paging and new-quote dialog share the one query
export function QuoteList() {
  const query = useQuoteList((s) => s.query);
  const total = useQuoteList((s) => s.total);
  const loaded = useQuoteList((s) => s.loaded);
  const counts = useQuoteList((s) => s.statusCounts);
  const error = useQuoteList((s) => s.error);
  const { setSearch, toggleStatus, clearStatus, setAccount } = useQuoteList.getState();
  const [creating, setCreating] = useState(false);
  const dialogWanted = useOnceWanted(creating);
  const [searchText, setSearchText] = useState(query.search);
  const newRequest = useCommandRequest((s) => s.newQuote);
  const seenRequest = useRef(newRequest);
  useEffect(() => {
    if (newRequest !== seenRequest.current) {
      seenRequest.current = newRequest;
      setCreating(true);
    }
  }, [newRequest]);

  const countsTotal = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;

  return (
    <div className="page">
      <div className="page-header">
        <h1>Quotes</h1>
        <Button variant="primary" onClick={() => setCreating(true)} aria-keyshortcuts="Control+N">
          New quote
        </Button>
      </div>
      <div className="toolbar">
        <ToggleButtonGroup
          aria-label="Whose quotes"
          className="segmented"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[query.account]}
          onSelectionChange={(keys) => {
            const next = [...keys][0] as ListAccount | undefined;
            if (next && next !== query.account) setAccount(next);
          }}
        >
          <ToggleButton id="user" className="segment">
            My quotes
          </ToggleButton>
          <ToggleButton id="partner" className="segment">
            All partner quotes
          </ToggleButton>
        </ToggleButtonGroup>
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
        <QuoteGrid />
        <div className="list-foot" aria-live="polite">
          <span data-testid="result-count">
            {loaded ? `${formatNumber(total)} ${total === 1 ? 'quote' : 'quotes'}` : 'Loading…'}
          </span>
          {error && <span className="field-error">{error}</span>}
        </div>
      </div>
      {dialogWanted && (
        <Suspense fallback={null}>
          <NewQuoteDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}

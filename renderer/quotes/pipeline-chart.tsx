// The pipeline at a glance: initial and recurring totals per status over every quote the
// list's search matches (from the local store, so offline too). Recurring money is shown per
// one billing period at a time, stated and switchable ("Recurring per month" / "per year"):
// bars of monthly and yearly amounts added up would be neither. A bar is a button that
// filters the list by its status, as the status chips do; the same numbers, every period in
// its own column, are in a table for screen readers (and on screen with "Show as table").
import { useEffect, useState } from 'react';
import { ToggleButton } from 'react-aria-components/ToggleButton';
import { ToggleButtonGroup } from 'react-aria-components/ToggleButtonGroup';
import type { PipelineResult } from '../../common/ipc/shapes';
import { RECURRING_PERIODS, type RecurringPeriod } from '../../common/money';
import { errorOf, ipc } from '../ipc';
import { formatMoney, formatNumber } from '../format';
import { PERIOD_LABEL } from '../format/periods';
import { afterFirstList, useQuoteList } from '../state/quote-list';
import { STATUS_LABEL } from '../ui';
import './pipeline-chart.css';

/** Whether the chart is shown; a collapsed chart stays collapsed when the app opens again. */
const SHOWN_KEY = 'quotedesk.list.pipeline';
const savedShown = (): boolean => globalThis.localStorage?.getItem(SHOWN_KEY) !== 'hidden';
const saveShown = (shown: boolean): void => {
  try {
    globalThis.localStorage?.setItem(SHOWN_KEY, shown ? 'shown' : 'hidden');
  } catch {
    // Storage full or refused: the choice holds until the app closes.
  }
};

// long: the chart, its table view and period choice draw the same pipeline answer
export function PipelineChart() {
  const query = useQuoteList((s) => s.query);
  const key = useQuoteList((s) => s.key);
  const toggleStatus = useQuoteList((s) => s.toggleStatus);
  // The list's account switch, where there is one; the list shows the partner's quotes.
  const account =
    (query as { account?: 'user' | 'partner' }).account === 'user' ? 'user' : 'partner';
  const [data, setData] = useState<PipelineResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const [chosen, setChosen] = useState<RecurringPeriod | null>(null);
  const [shown, setShown] = useState(savedShown);
  const toggleShown = () => {
    setShown(!shown);
    saveShown(!shown);
  };

  useEffect(() => {
    let alive = true;
    // At start the list's first rows go first (quote-list.ts); later this waits for nothing.
    afterFirstList()
      .then(() =>
        ipc().call('quotes.pipeline', { search: query.search.trim() || undefined, account }),
      )
      .then((r) => {
        if (!alive) return;
        setData(r);
        setError(null);
      })
      .catch((e: unknown) => alive && setError(errorOf(e).message));
    return () => {
      alive = false;
    };
    // `key` changes with every list refresh (edits, syncs), so the chart follows the list.
  }, [query.search, account, key]);

  if (error) {
    return (
      <p className="field-error" role="alert">
        Pipeline: {error}
      </p>
    );
  }
  if (!data || data.rows.length === 0) return null;
  const cur = data.currency;
  const periods = RECURRING_PERIODS.filter((p) =>
    data.rows.some((r) => (r.recurringByPeriod[p] ?? 0) !== 0),
  );
  const basis = chosen && periods.includes(chosen) ? chosen : (periods[0] ?? 'monthly');
  const recurringOf = (r: PipelineResult['rows'][number]) => r.recurringByPeriod[basis] ?? 0;
  const unsplit = data.rows.some((r) => r.recurringUnsplit !== 0);
  const max = Math.max(
    1,
    ...data.rows.flatMap((r) => [Math.abs(r.initialTotal.amount), Math.abs(recurringOf(r))]),
  );
  // The amounts have columns of their own (pipeline-chart.css): the largest bar spans its scale.
  const pct = (n: number) => `${Math.max(Math.abs(n) / max, n === 0 ? 0 : 0.01) * 100}%`;
  const filtered = query.status;

  return (
    <section className="card pipeline" aria-labelledby="pipeline-h">
      <div className={`pipeline-head ${shown ? '' : 'pipeline-folded'}`}>
        <h2 id="pipeline-h">Pipeline</h2>
        {shown && !asTable && (
          <span className="pipeline-legend" aria-hidden="true">
            <span className="swatch swatch-initial" /> Initial
            <span className="swatch swatch-recurring" /> Recurring {PERIOD_LABEL[basis]}
          </span>
        )}
        <span className="grow" />
        {shown && !asTable && periods.length > 1 && (
          <ToggleButtonGroup
            aria-label="Recurring money shown"
            className="segmented"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[basis]}
            onSelectionChange={(keys) => {
              const next = [...keys][0] as RecurringPeriod | undefined;
              if (next) setChosen(next);
            }}
          >
            {periods.map((p) => (
              <ToggleButton key={p} id={p} className="segment">
                {PERIOD_LABEL[p]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {shown && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded={shown}
          aria-controls="pipeline-body"
          onClick={toggleShown}
        >
          {shown ? 'Hide chart' : 'Show chart'}
        </button>
      </div>
      <div id="pipeline-body" hidden={!shown}>
        {!asTable && (
          <div className="pipeline-bars" role="group" aria-label="Pipeline by status">
            {data.rows.map((r) => (
              <button
                key={r.status}
                type="button"
                className="pipeline-bar"
                data-status={r.status}
                aria-pressed={filtered.includes(r.status)}
                onClick={() => toggleStatus(r.status)}
              >
                {/* Named by what it shows (the status, its amounts), with the count for screen
                  readers only: on screen the count is on the status chip above. */}
                <span className="pipeline-label">
                  {STATUS_LABEL[r.status]}
                  <span className="sr-only">
                    , {formatNumber(r.count)} {r.count === 1 ? 'quote' : 'quotes'}, initial
                  </span>
                </span>
                <span className="pipeline-track">
                  <span className="pipeline-scale" aria-hidden="true">
                    <span
                      className="bar bar-initial"
                      style={{ width: pct(r.initialTotal.amount) }}
                    />
                  </span>
                  <span className="pipeline-amount">{formatMoney(r.initialTotal.amount, cur)}</span>
                </span>
                <span className="pipeline-track">
                  <span className="sr-only">, recurring {PERIOD_LABEL[basis]} </span>
                  <span className="pipeline-scale" aria-hidden="true">
                    <span className="bar bar-recurring" style={{ width: pct(recurringOf(r)) }} />
                  </span>
                  <span className="pipeline-amount">{formatMoney(recurringOf(r), cur)}</span>
                </span>
              </button>
            ))}
          </div>
        )}
        <table className={asTable ? 'pipeline-table' : 'sr-only'} data-testid="pipeline-table">
          <caption className="sr-only">
            Pipeline: totals by status of the quotes the search matches, in {cur}
          </caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Quotes
              </th>
              <th scope="col" className="num">
                Initial
              </th>
              {periods.map((p) => (
                <th key={p} scope="col" className="num">
                  Recurring {PERIOD_LABEL[p]}
                </th>
              ))}
              {unsplit && (
                <th scope="col" className="num">
                  Recurring, period not known yet
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.status} data-status={r.status}>
                <th scope="row">{STATUS_LABEL[r.status]}</th>
                <td className="num">{formatNumber(r.count)}</td>
                <td className="num" data-testid={`pipeline-initial-${r.status}`}>
                  {formatMoney(r.initialTotal.amount, cur)}
                </td>
                {periods.map((p) => (
                  <td key={p} className="num" data-testid={`pipeline-recurring-${p}-${r.status}`}>
                    {formatMoney(r.recurringByPeriod[p] ?? 0, cur)}
                  </td>
                ))}
                {unsplit && <td className="num">{formatMoney(r.recurringUnsplit, cur)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        {data.otherCurrency > 0 && (
          <p className="muted pipeline-note">
            {formatNumber(data.otherCurrency)} quotes in another currency are not counted here.
          </p>
        )}
      </div>
    </section>
  );
}

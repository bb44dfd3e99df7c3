import { useMemo } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { formatMinor, formatMoney, formatPercent } from '../format';
import { useEditor } from '../state/editor';
import { PERIOD_LABEL, periodAmounts } from '../format/periods';
import { marginPercent, periodCents, quoteCents } from './totals';

/** Recomputed from the items (and what is being typed) with common/money, on every keystroke. */
export function TotalsCard({ detail }: { detail: QuoteDetail }) {
  const drafts = useEditor((s) => s.drafts);
  // Notes do not move money: recompute only when an amount being typed changes.
  const amountKey = Object.entries(drafts)
    .map(([id, d]) => `${id}:${d.quantity ?? ''}:${d.price ?? ''}:${d.initialTotal ?? ''}`)
    .join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => quoteCents(detail.lineItems, drafts), [detail.lineItems, amountKey]);
  const periods = useMemo(
    () => periodAmounts(periodCents(detail.lineItems, drafts), 100),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [detail.lineItems, amountKey],
  );
  const cur = detail.currency;
  return (
    <section className="card card-pad" aria-labelledby="totals-h">
      <h2 id="totals-h">Totals</h2>
      <table className="totals" data-testid="totals">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Amount</span>
            </th>
            <th scope="col">Initial</th>
            <th scope="col">Recurring</th>
          </tr>
        </thead>
        <tbody>
          <tr className="grand">
            <th scope="row">Total</th>
            <td className="num" data-testid="initial-total">
              {formatMinor(t.initialTotal, cur)}
            </td>
            <td className="num" data-testid="recurring-total">
              {formatMinor(t.recurringTotal, cur)}
            </td>
          </tr>
          {/* The recurring total mixes billing periods: each period on its own line. */}
          {periods.map((x) => (
            <tr key={x.period} className="period">
              <th scope="row">
                <span className="sr-only">Recurring </span>
                {PERIOD_LABEL[x.period]}
              </th>
              <td />
              <td className="num" data-testid={`recurring-${x.period}`}>
                {formatMoney(x.amount, cur)}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Cost</th>
            <td className="num" data-testid="initial-cost">
              {formatMinor(t.initialCost, cur)}
            </td>
            <td className="num" data-testid="recurring-cost">
              {formatMinor(t.recurringCost, cur)}
            </td>
          </tr>
          <tr>
            <th scope="row">Profit</th>
            <td className="num" data-testid="initial-profit">
              {formatMinor(t.initialProfit, cur)}
            </td>
            <td className="num" data-testid="recurring-profit">
              {formatMinor(t.recurringProfit, cur)}
            </td>
          </tr>
          <tr>
            <th scope="row">Margin</th>
            <td className="num" data-testid="initial-margin">
              {formatPercent(marginPercent(t.initialTotal, t.initialCost))}
            </td>
            <td className="num" data-testid="recurring-margin">
              {formatPercent(marginPercent(t.recurringTotal, t.recurringCost))}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

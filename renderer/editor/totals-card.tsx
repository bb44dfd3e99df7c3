import { useMemo } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import type { RecurringPeriod } from '../../common/money';
import { formatMinor, formatPercent } from '../format';
import { useEditor } from '../state/editor';
import { PERIOD_LABEL } from '../format/periods';
import { marginPercent, periodTotals, quoteCents } from './totals';
import { TotalMarginFlag } from './margin-flag';

interface Basis {
  /** `initial`, or the billing period: names the cells' test ids. */
  key: 'initial' | RecurringPeriod;
  heading: string;
  total: number;
  cost: number;
  profit: number;
  margin: number | undefined;
}

/**
 * Totals once and per billing period — per month, per year, … — each with its cost, profit and
 * margin: a monthly and a yearly amount are never added up (their sum, the API's
 * recurringTotal, is neither). Recomputed from the items (and what is being typed) with
 * common/money, on every keystroke.
 */
export function TotalsCard({ detail }: { detail: QuoteDetail }) {
  const drafts = useEditor((s) => s.drafts);
  // Notes do not move money: recompute only when an amount being typed changes.
  const amountKey = Object.entries(drafts)
    .map(([id, d]) => `${id}:${d.quantity ?? ''}:${d.price ?? ''}:${d.initialTotal ?? ''}`)
    .join('|');
  const bases = useMemo((): Basis[] => {
    const t = quoteCents(detail.lineItems, drafts);
    const initial: Basis = {
      key: 'initial',
      heading: 'One-time',
      total: t.initialTotal,
      cost: t.initialCost,
      profit: t.initialProfit,
      margin: marginPercent(t.initialTotal, t.initialCost),
    };
    const recurring = periodTotals(detail.lineItems, drafts).map((p): Basis => ({
      key: p.period,
      heading: capitalized(PERIOD_LABEL[p.period]),
      ...p,
    }));
    // A quote of recurring items only: no line of zeros to read past.
    const once = initial.total !== 0 || initial.cost !== 0 || recurring.length === 0;
    return once ? [initial, ...recurring] : recurring;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.lineItems, amountKey]);
  const cur = detail.currency;
  return (
    <section className="card card-pad" aria-labelledby="totals-h">
      <h2 id="totals-h">Totals</h2>
      <table className="totals" data-testid="totals">
        <caption className="sr-only">Totals once and per billing period</caption>
        {bases.map((b) => {
          const id = b.key === 'initial' ? 'initial' : `recurring-${b.key}`;
          const ids = (f: string) =>
            b.key === 'initial' ? `initial-${f}` : `recurring-${f}-${b.key}`;
          return (
            <tbody key={b.key} aria-labelledby={`totals-${id}`} data-basis={b.key}>
              <tr className="basis">
                <th scope="rowgroup" colSpan={2} id={`totals-${id}`}>
                  {b.heading}
                </th>
              </tr>
              <tr className="grand">
                <th scope="row">
                  Total<span className="sr-only"> {b.heading.toLowerCase()}</span>
                </th>
                <td className="num" data-testid={ids('total')}>
                  {formatMinor(b.total, cur)}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Cost<span className="sr-only"> {b.heading.toLowerCase()}</span>
                </th>
                <td className="num" data-testid={ids('cost')}>
                  {formatMinor(b.cost, cur)}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Profit<span className="sr-only"> {b.heading.toLowerCase()}</span>
                </th>
                <td className="num" data-testid={ids('profit')}>
                  {formatMinor(b.profit, cur)}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Margin<span className="sr-only"> {b.heading.toLowerCase()}</span>
                </th>
                <td className="num" data-testid={ids('margin')}>
                  {formatPercent(b.margin)}
                  <TotalMarginFlag margin={b.margin} />
                </td>
              </tr>
            </tbody>
          );
        })}
        {bases.length === 1 && bases[0]!.key === 'initial' && (
          <tbody>
            <tr className="basis">
              <th scope="rowgroup" colSpan={2}>
                Recurring
              </th>
            </tr>
            <tr>
              <td colSpan={2} className="muted">
                No recurring items
              </td>
            </tr>
          </tbody>
        )}
      </table>
    </section>
  );
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

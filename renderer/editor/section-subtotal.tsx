import type { LineItemView } from '../../common/ipc/shapes';
import { formatMinor, formatMoney } from '../format';
import { PERIOD_SHORT, periodAmounts } from '../format/periods';
import { useEditor } from '../state/editor';
import { periodCents, quoteCents } from './totals';

/**
 * A section's subtotal: once, and recurring per billing period (a monthly and a yearly amount
 * are never added up). Its own component: it follows what is typed without re-rendering rows.
 */
export function SectionSubtotal({
  name,
  items,
  currency,
}: {
  name: string;
  items: readonly LineItemView[];
  currency: string;
}) {
  const drafts = useEditor((s) => s.drafts);
  const t = quoteCents(items, drafts);
  const periods = periodAmounts(periodCents(items, drafts), 100);
  const parts = [
    ...(t.initialTotal !== 0 ? [`${formatMinor(t.initialTotal, currency)} once`] : []),
    ...periods.map((x) => `${formatMoney(x.amount, currency)}${PERIOD_SHORT[x.period]}`),
  ];
  return (
    <tr className="subtotal">
      <td />
      <th scope="row" colSpan={3}>
        Subtotal of {name}
      </th>
      <td className="num" data-testid="section-subtotal">
        {parts.length ? parts.map((p) => <div key={p}>{p}</div>) : formatMinor(0, currency)}
      </td>
      <td />
    </tr>
  );
}

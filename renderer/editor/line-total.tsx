// A line's total cell: its one-time and per-period amounts as being typed (the drafts count),
// and the margin flag beside them.
import { moneyKind, recurringPeriod } from '../../common/money';
import type { LineItemView } from '../../common/ipc/shapes';
import { formatMinor } from '../format';
import { PERIOD_SHORT } from '../format/periods';
import type { ItemDraft } from '../state/editor';
import { MarginFlag } from './margin-flag';
import { lineCents } from './totals';

/**
 * A recurring Custom item's initial amount is a setup fee of its own
 * (docs/architecture.md#money-and-totals); a one-time item's is simply price × quantity.
 */
export const hasSetupFee = (item: LineItemView) =>
  item.kind === 'Custom' && moneyKind(item.billingTerm) === 'recurring';

export function LineTotal({
  item,
  draft,
  currency,
}: {
  item: LineItemView;
  draft: ItemDraft | undefined;
  currency: string;
}) {
  const t = lineCents(item, draft);
  const recurring =
    t.recurringTotal !== 0 || (t.initialTotal === 0 && item.billingTerm !== 'Trial');
  return (
    <td className="num" data-testid="line-total">
      {item.billingTerm === 'Trial' ? (
        <span className="muted">Trial</span>
      ) : (
        <>
          {t.initialTotal !== 0 && (
            <div>
              {formatMinor(t.initialTotal, currency)}{' '}
              <span className="muted">{hasSetupFee(item) ? 'setup fee' : 'once'}</span>
            </div>
          )}
          {recurring && (
            <div>
              {formatMinor(t.recurringTotal, currency)}{' '}
              <span className="muted">
                {PERIOD_SHORT[recurringPeriod(item.billingTerm) ?? 'annual']}
              </span>
            </div>
          )}
        </>
      )}
      <MarginFlag item={item} draft={draft} currency={currency} />
    </td>
  );
}

import { useMemo } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import { useLocalPrefs } from '../state/local-prefs';
import { flaggedLines, totalFlag } from './margin-floor';
import { marginPercent, quoteCents } from './totals';
import { formatPercent } from '../format';

/**
 * What "Publish" asks about before the quote goes out: each line under the margin floor or
 * priced below cost, and the quote's margin when it is under the floor. Read when the
 * confirmation opens, never while typing.
 */
export function useMarginCheck(detail: QuoteDetail, open: boolean): string[] {
  const floor = useLocalPrefs((s) => s.prefs.marginFloorPercent);
  return useMemo(() => {
    if (!open) return [];
    const drafts = useEditor.getState().drafts;
    const out = flaggedLines(detail.lineItems, drafts, floor, detail.currency).map(
      ({ item, flag }) => `${item.product.name}: ${flag.text}`,
    );
    const t = quoteCents(detail.lineItems, drafts);
    const margin = marginPercent(
      t.initialTotal + t.recurringTotal,
      t.initialCost + t.recurringCost,
    );
    const quote = totalFlag(margin, floor);
    if (quote) out.push(`The whole quote: margin ${formatPercent(margin)} is ${quote}`);
    return out;
  }, [detail, open, floor]);
}

export function MarginCheck({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  return (
    <div className="stack" role="group" aria-labelledby="publish-margins-h">
      <p id="publish-margins-h">
        <strong>
          {flags.length === 1 ? 'One margin needs a look' : `${flags.length} margins need a look`}{' '}
          before the client sees it:
        </strong>
      </p>
      <ul className="publish-flags">
        {flags.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

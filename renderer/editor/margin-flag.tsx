import type { LineItemView } from '../../common/ipc/shapes';
import type { ItemDraft } from '../state/editor';
import { useLocalPrefs } from '../state/local-prefs';
import { lineFlag, totalFlag } from './margin-floor';
import './margin-floor.css';

/** Beside a line's amounts: below cost, or below the margin floor, said in words. */
export function MarginFlag({
  item,
  draft,
  currency,
}: {
  item: LineItemView;
  draft: ItemDraft | undefined;
  currency: string;
}) {
  const floor = useLocalPrefs((s) => s.prefs.marginFloorPercent);
  const flag = lineFlag(item, draft, floor, currency);
  if (!flag) return null;
  return (
    <div className="margin-flag" data-testid="margin-flag">
      <span aria-hidden="true">⚠ </span>
      {flag.text}
    </div>
  );
}

/** Beside a total's margin: below the floor, said in words. */
export function TotalMarginFlag({ margin }: { margin: number | undefined }) {
  const floor = useLocalPrefs((s) => s.prefs.marginFloorPercent);
  const text = totalFlag(margin, floor);
  if (!text) return null;
  return (
    <span className="margin-flag-total" data-testid="margin-flag">
      <span aria-hidden="true">⚠ </span>
      {text}
    </span>
  );
}

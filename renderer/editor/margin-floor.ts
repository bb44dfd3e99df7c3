// The margin floor (Settings; off by default): which lines, and which of the quote's totals,
// earn less than it, and which lines are priced below their cost (flagged with or without a
// floor). Computed from what the editor already holds — the items and what is being typed —
// with common/money, so flagging as the user types costs no call to main.
import type { LineItemView } from '../../common/ipc/shapes';
import type { ItemDraft } from '../state/editor';
import { formatPercent, formatUnit } from '../format';
import { lineCents, marginPercent, moneyInput } from './totals';

export interface LineFlag {
  belowCost: boolean;
  belowFloor: boolean;
  /** The line's margin in percent (undefined when its amount is 0). */
  margin: number | undefined;
  /** The reason in words, shown beside the amounts and in the publish confirmation. */
  text: string;
}

/** The flag of one line, or null when it is fine (or a Trial, which counts nowhere). */
export function lineFlag(
  item: LineItemView,
  draft: ItemDraft | undefined,
  floor: number | null,
  currency: string,
): LineFlag | null {
  if (item.billingTerm === 'Trial') return null;
  const price = moneyInput(item, draft).price;
  const belowCost = price < item.cost;
  const t = lineCents(item, draft);
  const margin = marginPercent(t.initialTotal + t.recurringTotal, t.initialCost + t.recurringCost);
  const belowFloor = floor !== null && margin !== undefined && margin < floor;
  if (!belowCost && !belowFloor) return null;
  const text = belowCost
    ? `Below cost: unit price ${formatUnit(price, currency)} is under the unit cost ${formatUnit(item.cost, currency)}`
    : `Margin ${formatPercent(margin)} is below the ${formatPercent(floor)} floor`;
  return { belowCost, belowFloor, margin, text };
}

/** Every flagged line of the quote, in the editor's order: what "Publish" lists. */
export function flaggedLines(
  items: readonly LineItemView[],
  drafts: Record<string, ItemDraft>,
  floor: number | null,
  currency: string,
): { item: LineItemView; flag: LineFlag }[] {
  const out: { item: LineItemView; flag: LineFlag }[] = [];
  for (const item of items) {
    const flag = lineFlag(item, drafts[item.id], floor, currency);
    if (flag) out.push({ item, flag });
  }
  return out;
}

/** A total's margin against the floor: the reason in words, or null. */
export function totalFlag(margin: number | undefined, floor: number | null): string | null {
  if (floor === null || margin === undefined || margin >= floor) return null;
  return `below the ${formatPercent(floor)} floor`;
}

// The sentence of the notice of newly due follow-ups ("2 quotes need your attention."), shared:
// main words it when it tells (a desktop notification, or browser mode's notice in the page),
// and the page words it again as the reminders it told of leave "Needs attention" (a snooze,
// an extended expiry, a status change), so the notice never tells of more than is due.
import type { FollowUpItem, FollowUpReason } from '../ipc/follow-ups';

/** One reminder: a quote and why it needs attention. */
export interface FollowUpKey {
  quoteId: string;
  reason: FollowUpReason;
}

/** The notice's sentence for the reminders `keys`, worded from the due `items`. */
export function noticeText(keys: readonly FollowUpKey[], items: readonly FollowUpItem[]): string {
  const quotes = new Set(keys.map((k) => k.quoteId));
  const first = items.find((i) => quotes.has(i.quoteId));
  if (quotes.size === 1 && first) {
    const r = first.reasons.find((x) =>
      keys.some((k) => k.quoteId === first.quoteId && k.reason === x.reason),
    );
    return `${first.clientName} (${first.referenceCode || 'not yet synced'}): ${r?.text ?? 'needs attention'}`;
  }
  return `${quotes.size} quotes need your attention.`;
}

/** The reminders of `keys` that `items` (the due list now) still holds. */
export function stillDue(
  keys: readonly FollowUpKey[],
  items: readonly FollowUpItem[],
): FollowUpKey[] {
  return keys.filter((k) =>
    items.some((i) => i.quoteId === k.quoteId && i.reasons.some((r) => r.reason === k.reason)),
  );
}

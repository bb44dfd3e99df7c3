// The follow-up rules ("Needs attention"), pure: the quote facts the store found, the marks
// (snoozes, notices) and the user's day counts in, the due items out. Time is a parameter, so
// the rules are tested at any instant (test/services/follow-up-rules.test.ts).
//
// What the store knows decides: a quote "expires soon" by its `expiresOn` while its status is
// open (draft, assigned, sent, changes requested, pending: it may still be sent or answered);
// a sent quote is "unanswered" while its status is `sent` — any answer (accepted, declined,
// changes requested) moves it on — counted from `publishedOn`, when it became sent (the API
// sets it then; a publish made offline sets it locally until the server's own comes back).
// Days to an expiry are days of the calendar in the salesperson's time zone
// (follow-up-days.ts): "Expires today" on the day, "Expires in 3 days" three dates ahead.
import { EDITABLE_STATUSES, type QuoteStatus } from '../../common/api';
import type { FollowUpItem, FollowUpList, FollowUpReason } from '../../common/ipc';
import type { FollowUpKey } from '../../common/follow-ups';
import type { FollowUpFacts, FollowUpMark } from '../store';
import { calendarDaysBetween, dayOf, endOfDay, localTimeZone } from './follow-up-days';

export const DAY_MS = 86_400_000;
/** "Snooze" hides a reminder for a week. */
export const SNOOZE_MS = 7 * DAY_MS;

export interface FollowUpDays {
  expiringWithinDays: number;
  unansweredAfterDays: number;
}

const OPEN: readonly QuoteStatus[] = ['draft', 'assigned', 'sent', 'changes_requested', 'pending'];

/** Most urgent first: what blocks the quote, then what the client waits for, then time. */
const RANK: Record<FollowUpReason, number> = {
  conflict: 0,
  syncError: 1,
  changesRequested: 2,
  expiring: 3,
  unanswered: 4,
};

/**
 * The bounds the store's query takes: expiring by, sent before. The expiry bound is wide
 * enough for the last of the days in any time zone; `reasonsOf` counts the days exactly.
 */
export function followUpBounds(days: FollowUpDays, now: Date) {
  return {
    expiringBefore: new Date(now.getTime() + (days.expiringWithinDays + 2) * DAY_MS).toISOString(),
    sentBefore: new Date(now.getTime() - days.unansweredAfterDays * DAY_MS).toISOString(),
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The expiry in words, by the calendar: today, tomorrow, in N days; yesterday, N days ago. */
export function expiryText(expiresOn: string, now: Date, timeZone = localTimeZone()): string {
  const at = Date.parse(expiresOn);
  const days = calendarDaysBetween(now.getTime(), at, timeZone);
  if (at > now.getTime()) {
    if (days <= 0) return 'Expires today';
    return days === 1 ? 'Expires tomorrow' : `Expires in ${plural(days, 'day')}`;
  }
  if (days >= 0) return 'Expired today';
  return days === -1 ? 'Expired yesterday' : `Expired ${plural(-days, 'day')} ago`;
}

/** Each reason a quote needs attention for now, with its sentence, most urgent first. */
export function reasonsOf(
  f: FollowUpFacts,
  days: FollowUpDays,
  now: Date,
  timeZone = localTimeZone(),
): { reason: FollowUpReason; text: string }[] {
  const out: { reason: FollowUpReason; text: string }[] = [];
  const t = now.getTime();
  if (f.syncState === 'conflict' || f.openConflicts > 0) {
    out.push({
      reason: 'conflict',
      text:
        f.openConflicts > 1
          ? `${f.openConflicts} conflicts to resolve`
          : 'A conflict to resolve before it syncs',
    });
  }
  if (f.syncState === 'error') {
    out.push({
      reason: 'syncError',
      text: `Not synced: ${f.syncMessage ?? 'the server refused the last change'}`,
    });
  }
  if (f.status === 'changes_requested') {
    out.push({ reason: 'changesRequested', text: 'The client asked for changes' });
  }
  if (
    f.expiresOn &&
    OPEN.includes(f.status) &&
    calendarDaysBetween(t, Date.parse(f.expiresOn), timeZone) <= days.expiringWithinDays
  ) {
    out.push({ reason: 'expiring', text: expiryText(f.expiresOn, now, timeZone) });
  }
  if (
    f.status === 'sent' &&
    f.publishedOn &&
    Date.parse(f.publishedOn) <= t - days.unansweredAfterDays * DAY_MS
  ) {
    const ago = calendarDaysBetween(Date.parse(f.publishedOn), t, timeZone);
    out.push({ reason: 'unanswered', text: `Sent ${plural(ago, 'day')} ago, no answer yet` });
  }
  return out.sort((a, b) => RANK[a.reason] - RANK[b.reason]);
}

const keyOf = (quoteId: string, reason: string) => `${quoteId}\u0000${reason}`;

/**
 * The due items: every reason of every quote, less the reasons snoozed until after `now`; a
 * quote whose every reason is snoozed is left out (and counted in `snoozed`). Most urgent
 * first, then the soonest expiry, then by reference.
 */
export function dueFollowUps(
  facts: readonly FollowUpFacts[],
  marks: readonly FollowUpMark[],
  days: FollowUpDays,
  now: Date,
  timeZone = localTimeZone(),
): Omit<FollowUpList, 'extendByDays'> {
  const snoozedUntil = new Map<string, number>();
  for (const m of marks) {
    if (m.snoozedUntil) snoozedUntil.set(keyOf(m.quoteId, m.reason), Date.parse(m.snoozedUntil));
  }
  const items: FollowUpItem[] = [];
  let snoozed = 0;
  for (const f of facts) {
    const all = reasonsOf(f, days, now, timeZone);
    if (all.length === 0) continue;
    const reasons = all.filter(
      (r) => !((snoozedUntil.get(keyOf(f.quoteId, r.reason)) ?? 0) > now.getTime()),
    );
    if (reasons.length === 0) {
      snoozed++;
      continue;
    }
    items.push({
      quoteId: f.quoteId,
      clientName: f.clientName,
      referenceCode: f.referenceCode,
      status: f.status,
      reasons,
      expiresOn: f.expiresOn,
      canExtend:
        !f.stub &&
        EDITABLE_STATUSES.includes(f.status) &&
        reasons.some((r) => r.reason === 'expiring'),
    });
  }
  items.sort(
    (a, b) =>
      RANK[a.reasons[0]!.reason] - RANK[b.reasons[0]!.reason] ||
      (a.expiresOn ?? '\uffff').localeCompare(b.expiresOn ?? '\uffff') ||
      a.referenceCode.localeCompare(b.referenceCode),
  );
  return { items, snoozed };
}

/** The reminders of `items` the user has not been told about yet. */
export function newlyDue(
  items: readonly FollowUpItem[],
  marks: readonly FollowUpMark[],
): FollowUpKey[] {
  const told = new Set(marks.filter((m) => m.notifiedAt).map((m) => keyOf(m.quoteId, m.reason)));
  return items.flatMap((i) =>
    i.reasons
      .filter((r) => !told.has(keyOf(i.quoteId, r.reason)))
      .map((r) => ({ quoteId: i.quoteId, reason: r.reason })),
  );
}

/**
 * "Extend expiry": the default days (the preferences' days to expire) added to the date of the
 * later of the current expiry and now, so a quote already past its date gets a whole term
 * again; it then expires at the end of that date, as one whose date was picked in the editor.
 */
export function extendedExpiry(
  expiresOn: string | null,
  now: Date,
  days: number,
  timeZone = localTimeZone(),
): string {
  const from = Math.max(expiresOn ? Date.parse(expiresOn) : 0, now.getTime());
  return new Date(endOfDay(dayOf(from, timeZone) + days, timeZone)).toISOString();
}

// "Needs attention" and the salesperson's own working preferences (follow-up days,
// notifications, the margin floor): kept per connection profile on this computer, never sent
// to the server.
import { z } from 'zod';
import { QuoteStatus } from '../api/enums';
import { LOCAL_PREFERENCES_DEFAULT } from './local-preferences-default';
import { Id, IsoDateTime } from './shapes';

/** Why a quote needs attention. */
export const FollowUpReason = z.enum([
  'expiring',
  'unanswered',
  'changesRequested',
  'syncError',
  'conflict',
]);
export type FollowUpReason = z.infer<typeof FollowUpReason>;

export const FollowUpItem = z.object({
  quoteId: Id,
  clientName: z.string(),
  referenceCode: z.string(),
  status: QuoteStatus,
  /** Each reason with its sentence ("Expires in 3 days"), most urgent first. */
  reasons: z.array(z.object({ reason: FollowUpReason, text: z.string() })),
  expiresOn: IsoDateTime.nullable(),
  /** Whether "Extend expiry" can be offered: only an editable quote's expiry may change. */
  canExtend: z.boolean(),
});
export type FollowUpItem = z.infer<typeof FollowUpItem>;

export const FollowUpList = z.object({
  items: z.array(FollowUpItem),
  /** Quotes that would be listed but for a snooze. */
  snoozed: z.number().int(),
  /** "Extend expiry" adds this many days: the preferences' days to expire. */
  extendByDays: z.number().int(),
});
export type FollowUpList = z.infer<typeof FollowUpList>;

const Days = z
  .number()
  .int('must be a whole number of days')
  .min(1, 'must be at least 1 day')
  .max(365, 'must be at most 365 days');

export const LocalPreferences = z.object({
  /** A quote is "expiring" this many days before its expiry. */
  expiringWithinDays: Days,
  /** A sent quote is "unanswered" this many days after it was sent. */
  unansweredAfterDays: Days,
  /** A desktop notification (browser mode: a notice in the app) for newly due follow-ups. */
  notify: z.boolean(),
  /** Margin floor in percent, flagged in the editor; null: off. */
  marginFloorPercent: z
    .number()
    .min(0, 'must be 0 or more')
    .lt(100, 'must be below 100')
    .nullable(),
});
export type LocalPreferences = z.infer<typeof LocalPreferences>;

export const DEFAULT_LOCAL_PREFERENCES: LocalPreferences = LOCAL_PREFERENCES_DEFAULT;

/** What the notice of newly due follow-ups says: at start, then once a day. */
export const FollowUpNotice = z.object({
  count: z.number().int(),
  text: z.string(),
  /** The reminders it tells of: the page's notice follows them as they stop being due. */
  keys: z.array(z.object({ quoteId: Id, reason: FollowUpReason })),
});
export type FollowUpNotice = z.infer<typeof FollowUpNotice>;

// "Needs attention" and the user's own preferences behind the IPC contract. The rules are
// follow-up-rules.ts (pure); the facts and marks come from the store (`store.followUps`); the
// preferences are one meta entry of the profile's store. Nothing here reaches the server
// except an extended expiry, which is an ordinary edit and syncs like one.
import { noticeText } from '../../common/follow-ups';
import {
  DEFAULT_LOCAL_PREFERENCES,
  LocalPreferences,
  type FollowUpList,
  type FollowUpNotice,
} from '../../common/ipc';
import type { Store } from '../store';
import type { ServiceContext } from './context';
import { assertNotLocked } from './accepted-lock';
import { ServiceError } from './errors';
import {
  dueFollowUps,
  extendedExpiry,
  followUpBounds,
  newlyDue,
  SNOOZE_MS,
} from './follow-up-rules';
import type { Group } from './group';
import { detail } from './quotes';

const PREFS_KEY = 'localPreferences';

/** The profile's own preferences, defaults filled in (a value stored by an older version too). */
export function localPreferences(store: Store): LocalPreferences {
  const stored = store.getMeta<Partial<LocalPreferences>>(PREFS_KEY) ?? {};
  const merged = LocalPreferences.safeParse({ ...DEFAULT_LOCAL_PREFERENCES, ...stored });
  return merged.success ? merged.data : DEFAULT_LOCAL_PREFERENCES;
}

export function followUpList(store: Store, now: Date): FollowUpList {
  const prefs = localPreferences(store);
  const facts = store.followUps.candidates(followUpBounds(prefs, now));
  return {
    ...dueFollowUps(facts, store.followUps.marks(), prefs, now),
    extendByDays: store.caches.preferences().daysToExpire,
  };
}

/**
 * What to tell the user now (at start, then once a day): the reminders due that they were not
 * told about yet, marked as told. Null when nothing is new, or notifications are off.
 */
export function takeFollowUpNotice(store: Store, now: Date): FollowUpNotice | null {
  const prefs = localPreferences(store);
  const list = followUpList(store, now);
  const due = list.items.flatMap((i) =>
    i.reasons.map((r) => ({ quoteId: i.quoteId, reason: r.reason })),
  );
  store.followUps.prune(due, now.toISOString());
  if (!prefs.notify) return null;
  const fresh = newlyDue(list.items, store.followUps.marks());
  if (fresh.length === 0) return null;
  store.followUps.markNotified(fresh, now.toISOString());
  return { count: list.items.length, text: noticeText(fresh, list.items), keys: fresh };
}

export function followUpHandlers(
  ctx: ServiceContext,
  now: () => Date = () => new Date(),
): Group<'followUps'> & Group<'localPreferences'> {
  return {
    'followUps.list': () => followUpList(ctx.store(), now()),
    'followUps.snooze': ({ quoteId }) => {
      const store = ctx.store();
      const at = now();
      const item = followUpList(store, at).items.find((i) => i.quoteId === quoteId);
      if (!item) {
        throw new ServiceError('NOT_FOUND', 'quoteId: this quote does not need attention now.', {
          field: 'quoteId',
        });
      }
      store.followUps.snooze(
        quoteId,
        item.reasons.map((r) => r.reason),
        new Date(at.getTime() + SNOOZE_MS).toISOString(),
      );
      return followUpList(store, at);
    },
    'followUps.extendExpiry': ({ quoteId }) => {
      const store = ctx.store();
      const rec = store.getQuote(quoteId);
      if (!rec || rec.deleted) {
        throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
          field: 'quoteId',
        });
      }
      // An edit of the quote like any other: an accepted version asks first.
      assertNotLocked(ctx, quoteId);
      const days = store.caches.preferences().daysToExpire;
      const expiresOn = extendedExpiry(rec.work.expiresOn || null, now(), days);
      store.updateHeader(quoteId, { expiresOn });
      return detail(ctx, quoteId);
    },
    'followUps.takeNotice': () => takeFollowUpNotice(ctx.store(), now()),
    'localPreferences.get': () => localPreferences(ctx.store()),
    'localPreferences.update': (patch) => {
      const store = ctx.store();
      const next = { ...localPreferences(store), ...patch };
      store.setMeta(PREFS_KEY, next);
      return next;
    },
  };
}

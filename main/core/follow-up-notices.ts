// The desktop notification of newly due follow-ups ("Needs attention"): at start, when the
// profile changes, then once a day. Only where the shell can notify (Electron's
// `Notification`); browser mode's page asks for its notice itself (`followUps.takeNotice`,
// renderer/follow-ups/use-follow-ups.ts, on the same schedule).
// What is due and what is new is decided by the services (main/services/follow-ups.ts).
import { takeFollowUpNotice } from '../services';
import type { Platform } from '../services/ports';
import type { Store } from '../store';
import type { EventHub } from './event-hub';
import { errorFields, type Logger } from './log';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long after a start or switch arriving quotes count as "at start". */
const ARRIVING_MS = 10 * 60_000;
/** Quiet after the last pull before telling: one notice for a burst of pages. */
const SETTLE_MS = 3_000;
/** The start's check, this long after the start. */
const START_CHECK_MS = 3_000;

export interface FollowUpNoticeDeps {
  /** The active session: its store is null while locked. */
  sessions: { current(): { store: Store | null } };
  platform: Platform;
  hub: EventHub;
  log: Logger;
  now?: () => Date;
}

export interface FollowUpNotices {
  /** Checks now (done at start and after a profile switch). */
  check(): void;
  stop(): void;
}

/** Checks soon after the start, then after each profile switch and once a day. */
export function startFollowUpNotices(deps: FollowUpNoticeDeps): FollowUpNotices {
  const notify = deps.platform.notify?.bind(deps.platform);
  if (!notify) return { check() {}, stop() {} };
  const now = deps.now ?? (() => new Date());
  let last = 0;
  const check = () => {
    last = now().getTime();
    try {
      const store = deps.sessions.current().store;
      if (!store) return;
      const notice = takeFollowUpNotice(store, now());
      if (!notice) return;
      deps.log.info('followUps.notified', { count: notice.count });
      notify(
        {
          title: notice.count === 1 ? 'A quote needs your attention' : 'Quotes need your attention',
          body: notice.text,
        },
        () => deps.hub.emit('app.command', { command: 'openNeedsAttention' }),
      );
    } catch (err) {
      deps.log.warn('followUps.notice_failed', errorFields(err));
    }
  };
  // Hourly: a laptop asleep at the day's mark is told when it wakes, not a day later.
  const timer = setInterval(() => {
    if (now().getTime() - last >= DAY_MS) check();
  }, HOUR_MS);
  timer.unref();
  // At start and after a switch the quotes may still be on their way from the server (a first
  // sign-in): what their first pulls bring in counts as "at start" too, told once it settles.
  let arriving = Date.now();
  let settle: ReturnType<typeof setTimeout> | undefined;
  const off = deps.hub.subscribe((event) => {
    if (event === 'profile.changed') {
      arriving = Date.now();
      setTimeout(check, 0).unref();
    } else if (event === 'quotes.changed' && Date.now() - arriving < ARRIVING_MS) {
      clearTimeout(settle);
      settle = setTimeout(check, SETTLE_MS).unref();
    }
  });
  // The start's check reads every open quote: after the window's first rows, not before.
  const first = setTimeout(check, START_CHECK_MS);
  first.unref();
  return {
    check,
    stop() {
      clearTimeout(first);
      clearInterval(timer);
      clearTimeout(settle);
      off();
    },
  };
}

// Keeps "Needs attention" current: read at start, after a profile switch, when a quote's header,
// status or sync state changes (never on a line edit: typing in the editor costs no extra
// call), and hourly as time moves quotes into it. In browser mode, where main cannot show a
// desktop notification, the page shows the notice of newly due reminders itself: at start
// (and as the first pulls after it bring quotes in), then once a day; the notice follows the
// list as its reminders stop being due (attention-notice.ts).
import { useEffect } from 'react';
import { ipc } from '../ipc';
import { useFollowUps } from '../state/follow-ups';
import { useLocalPrefs } from '../state/local-prefs';
import { afterFirstList } from '../state/quote-list';
import { showAttentionNotice } from './attention-notice';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long after a start or switch arriving quotes count as "at start" (a first sign-in). */
const ARRIVING_MS = 10 * 60_000;
/** Quiet after the last pull before the notice: one notice for a burst of pages. */
const SETTLE_MS = 3_000;

async function showNotice(): Promise<void> {
  try {
    const notice = await ipc().call('followUps.takeNotice');
    if (notice) showAttentionNotice(notice);
  } catch {
    /* no profile or a locked store: nothing to tell */
  }
}

export function useFollowUpUpdates(): void {
  useEffect(() => {
    const desktop = !!(window as { quotedesk?: unknown }).quotedesk;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void useFollowUps.getState().load(), 250);
    };
    let alive = true;
    void useLocalPrefs.getState().load();
    // Counting what needs attention reads every open quote: after the list's first rows.
    void afterFirstList().then(() => {
      if (!alive) return;
      void useFollowUps.getState().load();
      if (!desktop) void showNotice();
    });
    let lastNotice = Date.now();
    let arriving = Date.now();
    let settle: ReturnType<typeof setTimeout> | undefined;
    const arrived = () => {
      if (desktop || Date.now() - arriving >= ARRIVING_MS) return;
      clearTimeout(settle);
      settle = setTimeout(() => void showNotice(), SETTLE_MS);
    };
    const hourly = setInterval(() => {
      reload();
      if (!desktop && Date.now() - lastNotice >= DAY_MS) {
        lastNotice = Date.now();
        void showNotice();
      }
    }, HOUR_MS);
    const client = ipc();
    const offs = [
      client.on('quote.changed', (e) => {
        if (
          e.source === 'sync' ||
          e.deleted ||
          e.what.some((w) => w === 'header' || w === 'created')
        )
          reload();
      }),
      client.on('quotes.changed', () => {
        reload();
        arrived();
      }),
      // Only a sync error puts a quote in the list, and only leaving it takes one out.
      client.on('sync.quoteState', (e) => {
        const listed = useFollowUps.getState().list?.items.some((i) => i.quoteId === e.quoteId);
        if (e.sync.state === 'error' || listed) reload();
      }),
      client.on('profile.changed', () => {
        void useLocalPrefs.getState().load();
        reload();
        arriving = Date.now();
        if (!desktop) void showNotice();
      }),
    ];
    return () => {
      alive = false;
      clearTimeout(timer);
      clearTimeout(settle);
      clearInterval(hourly);
      offs.forEach((off) => off());
    };
  }, []);
}

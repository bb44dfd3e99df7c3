// Days to an expiry as a person counts them: dates of the calendar in the salesperson's time
// zone, whatever the hour, across midnight in zones far from UTC and across DST changes.
import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, dayOf, endOfDay } from '../../main/services/follow-up-days';
import { expiryText, extendedExpiry } from '../../main/services/follow-up-rules';

const ms = (iso: string) => Date.parse(iso);
/** The wall clock of an instant in a zone, as "YYYY-MM-DD HH:MM:SS". */
const wall = (t: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(t));

describe('calendar days in a time zone', () => {
  it('counts dates, not 24-hour spans: 8 a.m. to the end of 3 dates ahead is 3', () => {
    const tz = 'America/New_York';
    // Nov 28, 08:00 in New York; the end of Dec 1 there.
    const now = ms('2026-11-28T13:00:00Z');
    const dec1 = endOfDay(dayOf(ms('2026-12-01T17:00:00Z'), tz), tz);
    expect(wall(dec1, tz)).toBe('2026-12-01 23:59:59');
    expect(calendarDaysBetween(now, dec1, tz)).toBe(3);
    expect(expiryText(new Date(dec1).toISOString(), new Date(now), tz)).toBe('Expires in 3 days');
    // One minute before midnight on Nov 28 it is still 3 dates away; one minute after, 2.
    const late = ms('2026-11-29T04:59:00Z');
    expect(wall(late, tz)).toBe('2026-11-28 23:59:00');
    expect(expiryText(new Date(dec1).toISOString(), new Date(late), tz)).toBe('Expires in 3 days');
    expect(expiryText(new Date(dec1).toISOString(), new Date(late + 120_000), tz)).toBe(
      'Expires in 2 days',
    );
  });

  it('says today, tomorrow, yesterday and days ago in words', () => {
    const tz = 'Europe/Berlin';
    const now = new Date('2026-11-28T09:00:00Z'); // 10:00 in Berlin
    const end = (daysAhead: number) =>
      new Date(endOfDay(dayOf(now.getTime(), tz) + daysAhead, tz)).toISOString();
    expect(expiryText(end(0), now, tz)).toBe('Expires today');
    expect(expiryText(end(1), now, tz)).toBe('Expires tomorrow');
    expect(expiryText(end(7), now, tz)).toBe('Expires in 7 days');
    expect(expiryText(end(-1), now, tz)).toBe('Expired yesterday');
    expect(expiryText(end(-4), now, tz)).toBe('Expired 4 days ago');
    // An expiry at an hour of today that has passed (one the server set): expired today.
    expect(expiryText('2026-11-28T08:00:00Z', now, tz)).toBe('Expired today');
  });

  it('takes the date where the salesperson is: one instant, two zones, two counts', () => {
    // Dec 1, 23:59:59 UTC is Dec 2 in Tokyo and Dec 1 in Los Angeles.
    const expiry = '2026-12-01T23:59:59.000Z';
    const now = new Date('2026-11-28T12:00:00Z'); // Nov 28 in both zones
    expect(expiryText(expiry, now, 'Asia/Tokyo')).toBe('Expires in 4 days');
    expect(expiryText(expiry, now, 'America/Los_Angeles')).toBe('Expires in 3 days');
    expect(expiryText(expiry, now, 'UTC')).toBe('Expires in 3 days');
  });

  it('keeps a day a day across DST changes (a 23-hour and a 25-hour day)', () => {
    const tz = 'Europe/Berlin';
    // Spring forward on Mar 29, 2026 (02:00 → 03:00): that day has 23 hours.
    const sat = ms('2026-03-28T22:30:00Z'); // Mar 28, 23:30 in Berlin
    const mar30 = endOfDay(dayOf(ms('2026-03-30T10:00:00Z'), tz), tz);
    expect(wall(mar30, tz)).toBe('2026-03-30 23:59:59');
    expect(calendarDaysBetween(sat, mar30, tz)).toBe(2);
    expect(expiryText(new Date(mar30).toISOString(), new Date(sat), tz)).toBe('Expires in 2 days');
    // Fall back on Oct 25, 2026 (03:00 → 02:00): that day has 25 hours.
    const oct24 = ms('2026-10-24T21:30:00Z'); // Oct 24, 23:30 in Berlin
    const oct25 = endOfDay(dayOf(oct24, tz) + 1, tz);
    expect(wall(oct25, tz)).toBe('2026-10-25 23:59:59');
    expect(oct25 - oct24).toBeGreaterThan(24 * 3_600_000);
    expect(expiryText(new Date(oct25).toISOString(), new Date(oct24), tz)).toBe('Expires tomorrow');
    // The end of the 25-hour day itself is one millisecond before the next date begins.
    expect(wall(oct25 + 1, tz)).toBe('2026-10-26 00:00:00');
  });

  it('finds the end of a day whose midnight does not exist (DST at midnight)', () => {
    // Santiago springs forward at midnight: Sep 6, 2026 begins at 01:00.
    const tz = 'America/Santiago';
    const sep5 = endOfDay(dayOf(ms('2026-09-05T15:00:00Z'), tz), tz);
    expect(wall(sep5, tz)).toBe('2026-09-05 23:59:59');
    expect(wall(sep5 + 1, tz)).toBe('2026-09-06 01:00:00');
  });

  it('extends an expiry by dates: the end of the date N days on, across a DST change', () => {
    const tz = 'Europe/Berlin';
    const now = new Date('2026-03-20T09:00:00Z');
    const mar25 = new Date(endOfDay(dayOf(ms('2026-03-25T12:00:00Z'), tz), tz)).toISOString();
    // 30 days after Mar 25 is Apr 24, across the spring change: still the end of that date.
    expect(wall(ms(extendedExpiry(mar25, now, 30, tz)), tz)).toBe('2026-04-24 23:59:59');
    // Already past: 30 dates from today.
    expect(wall(ms(extendedExpiry('2026-03-01T00:00:00Z', now, 30, tz)), tz)).toBe(
      '2026-04-19 23:59:59',
    );
  });
});

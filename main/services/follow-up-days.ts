// Days as a person counts them: by the calendar of the salesperson's time zone, not by 24-hour
// spans. A quote that "expires on Dec 1" expires at the end of Dec 1 where the salesperson is;
// on Nov 28 that is 3 days away whatever the hour, and on Dec 1 it is "today". Counting days
// of the calendar (not hours / 24) also keeps a day right across a DST change (23 or 25 hours).
// The time zone is a parameter so the rules are tested in any zone; the app passes its own.

const DAY_MS = 86_400_000;

/** How long the process's time zone is taken as read: a formatter made per call cost more
 * than the rest of "Needs attention" over thousands of quotes. */
const ZONE_READ_MS = 60_000;
let zone: { name: string; at: number } | null = null;

/** The time zone this process runs in: the salesperson's (main and the window share it). */
export function localTimeZone(): string {
  const now = Date.now();
  if (!zone || now - zone.at >= ZONE_READ_MS || now < zone.at) {
    zone = { name: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  }
  return zone.name;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock at `ms` in the zone, read as if it were UTC (whole seconds). */
function wallClock(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** Per zone, UTC day → the zone's offset (ms) through that whole day, or null: it changes. */
const dayOffsets = new Map<string, Map<number, number | null>>();
/** UTC days remembered per zone, at most (a year of expiries and sent dates is ~400). */
const OFFSET_DAYS = 4096;

/**
 * The zone's offset through the whole UTC day of `ms`, when it is the same at the day's first
 * and last second (no zone changes its offset twice in a day); null when it changes that day.
 * Read once per day: formatting an instant in a zone costs ~10 µs, and "Needs attention" counts
 * days for thousands of quotes.
 */
function offsetThrough(ms: number, timeZone: string): number | null {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = day * DAY_MS;
    const end = start + DAY_MS - 1000;
    const a = wallClock(start, timeZone) - start;
    offset = a === wallClock(end, timeZone) - end ? a : null;
    if (days.size >= OFFSET_DAYS) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** The calendar day (days since 1970-01-01) an instant falls on in the zone. */
export function dayOf(ms: number, timeZone: string): number {
  const offset = offsetThrough(ms, timeZone);
  // Offsets are whole seconds and days begin on one: the day of `ms + offset` is the day of
  // the wall clock read to the second.
  return Math.floor((offset === null ? wallClock(ms, timeZone) : ms + offset) / DAY_MS);
}

/** Calendar days from the day of `from` to the day of `to` in the zone (negative: before). */
export function calendarDaysBetween(from: number, to: number, timeZone: string): number {
  return dayOf(to, timeZone) - dayOf(from, timeZone);
}

/**
 * The last millisecond of calendar day `day` in the zone: the instant before the next day
 * begins there. Searched for between the earliest and latest offsets a zone has (UTC−12 to
 * UTC+14), so a DST change that evening or at midnight lands it right.
 */
export function endOfDay(day: number, timeZone: string): number {
  const wallEnd = (day + 1) * DAY_MS - 1;
  let lo = wallEnd - 15 * 3_600_000; // still day `day` (or before) everywhere
  let hi = wallEnd + 13 * 3_600_000; // the next day everywhere
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayOf(mid, timeZone) <= day) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * US/Central arithmetic in closed form. The generators and the engine call these millions of
 * times per query, so nothing here touches Intl or Date: civil dates come from `civil.ts` and DST
 * from the US rules in force since 2007 (CDT from the second Sunday of March 02:00 local to the
 * first Sunday of November 02:00 local). The app formats market times with it too, sparing the
 * first screen Intl's data load. `centralTime.test.ts` checks it against Intl, its twin.
 */
import { daysFromCivil, utcYear } from './civil';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';
import { parseDate } from './calendarDate';
import { formatWithOffset } from './isoFormat';

/** The zone this file computes: ERCOT's market zone, as the API names it. */
export const CENTRAL_TIME_ZONE = 'US/Central';

/**
 * The first instant (UTC midnight, 2007-01-01) from which the closed form is exact: since 2007 the
 * zone follows today's US DST rules; before, Intl knows the older ones.
 */
export const CLOSED_FORM_FROM = daysFromCivil(2007, 1, 1) * DAY_MS;

const CST = -360;
const CDT = -300;

/** UTC instant at which CDT starts: second Sunday of March, 02:00 CST = 08:00 UTC. */
export function dstStartUtc(year: number): number {
  const march1 = daysFromCivil(year, 3, 1);
  const dow = (((march1 + 4) % 7) + 7) % 7;
  const firstSunday = march1 + ((7 - dow) % 7);
  return (firstSunday + 7) * DAY_MS + 8 * HOUR_MS;
}

/** UTC instant at which CDT ends: first Sunday of November, 02:00 CDT = 07:00 UTC. */
export function dstEndUtc(year: number): number {
  const nov1 = daysFromCivil(year, 11, 1);
  const dow = (((nov1 + 4) % 7) + 7) % 7;
  const firstSunday = nov1 + ((7 - dow) % 7);
  return firstSunday * DAY_MS + 7 * HOUR_MS;
}

// One cached segment [segLo, segHi) of constant offset: scans move forward in time, so almost
// every lookup hits it.
let segLo = 0;
let segHi = -1;
let segOff = CST;

/** Offset of US/Central from UTC at `ms`, in minutes: -360 (CST) or -300 (CDT). */
export function centralOffsetMinutes(ms: number): number {
  if (ms >= segLo && ms < segHi) return segOff;
  const year = utcYear(ms);
  const start = dstStartUtc(year);
  const end = dstEndUtc(year);
  if (ms < start) {
    segLo = dstEndUtc(year - 1);
    segHi = start;
    segOff = CST;
  } else if (ms < end) {
    segLo = start;
    segHi = end;
    segOff = CDT;
  } else {
    segLo = end;
    segHi = dstStartUtc(year + 1);
    segOff = CST;
  }
  return segOff;
}

/** `formatWithOffset` in US/Central: `2024-07-01T00:00:00-05:00`. */
export function formatCentral(ms: number): string {
  return formatWithOffset(ms, centralOffsetMinutes(ms));
}

/** Days since the epoch of the market (US/Central) day containing `ms`. */
export function marketDayIndex(ms: number): number {
  return Math.floor((ms + centralOffsetMinutes(ms) * MINUTE_MS) / DAY_MS);
}

/** UTC ms of local midnight of a market day given as days since the epoch. */
export function marketMidnightOfDay(days: number): number {
  // Local midnight is never inside a transition (they happen at 02:00), so the offset in force
  // six hours after UTC midnight of that date is the one at local midnight.
  const off = centralOffsetMinutes(days * DAY_MS + 6 * HOUR_MS);
  return days * DAY_MS - off * MINUTE_MS;
}

/** UTC ms of 00:00 US/Central on `date` (`YYYY-MM-DD`); throws a RangeError on anything else. */
export function marketMidnight(date: string): number {
  return marketMidnightOfDay(parseDate(date));
}

/** UTC ms of `hour`:00 local (0–23, away from the 02:00 transition hour) on a market day. */
export function marketLocalHour(days: number, hour: number): number {
  const off = centralOffsetMinutes(days * DAY_MS + (hour + 6) * HOUR_MS);
  return days * DAY_MS + hour * HOUR_MS - off * MINUTE_MS;
}

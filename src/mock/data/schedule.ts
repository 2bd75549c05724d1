/**
 * When data exists: the last grid point of each kind of dataset as of `now`. Shared by the catalog,
 * the location registry (latest seen) and the counting, so all three agree on one rule:
 * an interval's row exists once the interval has started.
 */
import { HOUR_MS, marketDayIndex, marketLocalHour, marketMidnightOfDay } from '@/time';
import type { Millis } from './types';

/** Last interval start of a regular grid (aligned to the epoch) that has started by `now`. */
export function lastStarted(now: Millis, stepMs: Millis): Millis {
  return Math.floor(now / stepMs) * stepMs;
}

/** Day-ahead publication hour, market time. */
const DAY_AHEAD_PUBLISH_HOUR = 13;

/** Publication instant of the day-ahead results for market day `day + 1` (days since epoch). */
export function dayAheadPublishTime(day: number): Millis {
  return marketLocalHour(day, DAY_AHEAD_PUBLISH_HOUR);
}

/**
 * Last hourly interval of day-ahead data as of `now`: the end of tomorrow once today's 13:00
 * market time has passed, else the end of today.
 */
export function dayAheadLastTime(now: Millis): Millis {
  const today = marketDayIndex(now);
  const through = now >= dayAheadPublishTime(today) ? today + 1 : today;
  return marketMidnightOfDay(through + 1) - HOUR_MS;
}

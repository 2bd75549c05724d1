/**
 * Where resampling buckets start and end (contract §6.5), for both sides: the mock buckets rows
 * with it, and the query builder aligns relative ranges to it so that every bucket a preset asks
 * for is whole. Minute and hour buckets are multiples of the frequency from the Unix epoch; day,
 * week (from Monday), month and year buckets start at local midnight, so they are computed on the
 * wall clock of the query's zone and turned back into instants by the caller's zone.
 */
import { civilDate, DAY_MS, daysFromCivil, HOUR_MS, MINUTE_MS } from '../time';
import type { ResampleUnit } from './vocabulary';

export interface Frequency {
  count: number;
  unit: ResampleUnit;
}

export interface Bucket {
  start: number;
  end: number;
}

/** A zone's wall clock: the wall time of an instant (as if it were UTC ms), and back. */
export interface WallClock {
  toWall(ms: number): number;
  fromWall(wall: number): number;
}

const FIXED_MS: Partial<Record<ResampleUnit, number>> = { minute: MINUTE_MS, hour: HOUR_MS };

/** Length of a fixed-size bucket, or null for calendar buckets (day and longer). */
export function fixedBucketMs(f: Frequency): number | null {
  const unit = FIXED_MS[f.unit];
  return unit === undefined ? null : unit * f.count;
}

// 1970-01-05 was a Monday: weeks are counted from there.
const FIRST_MONDAY_DAY = 4;

function floorTo(n: number, step: number): number {
  return Math.floor(n / step) * step;
}

/** Wall-clock midnight of the first day of a month counted as year × 12 + month index. */
function monthStart(monthIndex: number): number {
  const year = Math.floor(monthIndex / 12);
  return daysFromCivil(year, monthIndex - year * 12 + 1, 1) * DAY_MS;
}

/** The calendar bucket (day and longer) holding a wall-clock time, as wall-clock bounds. */
function calendarWallBounds(wall: number, f: Frequency): Bucket {
  const n = f.count;
  const day = Math.floor(wall / DAY_MS);
  switch (f.unit) {
    case 'week': {
      const w = floorTo(Math.floor((day - FIRST_MONDAY_DAY) / 7), n);
      return { start: (w * 7 + FIRST_MONDAY_DAY) * DAY_MS, end: ((w + n) * 7 + FIRST_MONDAY_DAY) * DAY_MS };
    }
    case 'month': {
      const [year, month] = civilDate(day);
      const m = floorTo(year * 12 + month - 1, n);
      return { start: monthStart(m), end: monthStart(m + n) };
    }
    case 'year': {
      const y = floorTo(civilDate(day)[0], n);
      return { start: daysFromCivil(y, 1, 1) * DAY_MS, end: daysFromCivil(y + n, 1, 1) * DAY_MS };
    }
    default: {
      const d = floorTo(day, n);
      return { start: d * DAY_MS, end: (d + n) * DAY_MS };
    }
  }
}

/** The bucket holding instant `t` for frequency `f` in the zone whose wall clock is `clock`. */
export function bucketOf(t: number, f: Frequency, clock: WallClock): Bucket {
  const fixed = fixedBucketMs(f);
  if (fixed !== null) {
    const start = floorTo(t, fixed);
    return { start, end: start + fixed };
  }
  const wall = calendarWallBounds(clock.toWall(t), f);
  return { start: clock.fromWall(wall.start), end: clock.fromWall(wall.end) };
}

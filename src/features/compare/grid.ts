/**
 * The workspace's common time grid and the alignment of series onto it. Minute and hour buckets
 * are epoch multiples (as the API's resampling makes them); day buckets start at midnight of the
 * workspace's zone, so a DST day is one 23- or 25-hour bucket. A time shift moves a series by
 * days of the zone's calendar (the same wall-clock time N days later), never by N × 24 h.
 */
import { addDays, DAY_MS, HOUR_MS, MINUTE_MS, wallToInstant, zonedMidnightOf, zoneOffsetMs } from '@/time';
import { GRID_CADENCES, type GridCadence } from '@/compare/compareWorkspace';

export { GRID_CADENCES, type GridCadence };

const STEP_MS: Record<Exclude<GridCadence, '1d'>, number> = {
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '1h': HOUR_MS,
};

export const GRID_LABELS: Record<GridCadence, string> = {
  '5min': '5 minutes',
  '15min': '15 minutes',
  '1h': 'Hourly',
  '1d': 'Daily',
};

/** The cadence a dataset's own step amounts to on the grid (irregular and finer data count as 5 minutes). */
export function gridCadenceOfStep(stepMs: number): GridCadence {
  if (stepMs >= DAY_MS) return '1d';
  if (stepMs >= HOUR_MS) return '1h';
  if (stepMs >= 15 * MINUTE_MS) return '15min';
  return '5min';
}

export const gridOrder = (c: GridCadence): number => GRID_CADENCES.indexOf(c);

export interface Grid {
  cadence: GridCadence;
  zone: string;
  /** Bucket starts, epoch ms, ascending. */
  times: Float64Array;
  /** First instant after the last bucket. */
  end: number;
}

/** Every bucket of the dates [from, to] (both inclusive, calendar dates of `zone`). */
export function buildGrid(from: string, to: string, cadence: GridCadence, zone: string): Grid {
  const start = zonedMidnightOf(from, zone);
  const end = zonedMidnightOf(addDays(to, 1), zone);
  const times: number[] = [];
  if (cadence === '1d') {
    for (let date = from; date <= to; date = addDays(date, 1)) times.push(zonedMidnightOf(date, zone));
  } else {
    const step = STEP_MS[cadence];
    for (let t = Math.ceil(start / step) * step; t < end; t += step) times.push(t);
  }
  return { cadence, zone, times: Float64Array.from(times), end };
}

/** How many of the grid's intervals had begun at `now`: the rest are yet to come. */
export function startedBuckets(grid: Grid, now: number): number {
  let lo = 0;
  let hi = grid.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((grid.times[mid] ?? Number.POSITIVE_INFINITY) <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The hours each bucket lasts (23 and 25 for DST days on a daily grid), for energy sums. */
export function bucketHours(grid: Grid, index: number): number {
  const t = grid.times[index] ?? 0;
  const next = grid.times[index + 1] ?? grid.end;
  return (next - t) / HOUR_MS;
}

/**
 * A zone's offset at an instant, fast: Intl is asked once per UTC day (at its two ends), and per
 * hour only on the days the offset changes (twice a year), so a year of 5-minute intervals costs
 * about 730 Intl calls instead of 8,760. Shared per zone: the grid, the shifts and the views all
 * ask for the same days.
 */
const offsetFns = new Map<string, (ms: number) => number>();
function offsetCache(zone: string): (ms: number) => number {
  const known = offsetFns.get(zone);
  if (known) return known;
  const atInstant = new Map<number, number>();
  const exact = (ms: number): number => {
    let offset = atInstant.get(ms);
    if (offset === undefined) {
      offset = zoneOffsetMs(ms, zone);
      atInstant.set(ms, offset);
    }
    return offset;
  };
  let lastHour = Number.NaN;
  let lastOffset = 0;
  const fn = (ms: number): number => {
    const hour = Math.floor(ms / HOUR_MS);
    if (hour === lastHour) return lastOffset;
    const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    const start = exact(dayStart);
    lastHour = hour;
    lastOffset = start === exact(dayStart + DAY_MS) ? start : exact(hour * HOUR_MS);
    return lastOffset;
  };
  offsetFns.set(zone, fn);
  return fn;
}

/** The values that are not NaN, in a new array (a loop: typed-array `filter` is slow). */
export function presentValues(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? Number.NaN;
    if (!Number.isNaN(v)) out[n++] = v;
  }
  return out.slice(0, n);
}

/**
 * A function moving an instant by `days` days of `zone`'s calendar: the same wall-clock time on
 * the other day. A wall time the other day skips (spring forward) gives NaN (no such instant); a
 * wall time it has twice (fall back) gives the first.
 */
export function dayShifter(days: number, zone: string): (ms: number) => number {
  if (days === 0) return (ms) => ms;
  const offset = offsetCache(zone);
  const instantCache = new Map<number, number>();
  return (ms) => {
    const wall = ms + offset(ms) + days * DAY_MS;
    // The wall hour decides the offset to take off; cached like the offsets.
    const wallHour = Math.floor(wall / HOUR_MS) * HOUR_MS;
    let hourStart = instantCache.get(wallHour);
    if (hourStart === undefined) {
      hourStart = wallToInstant(wallHour, zone);
      // The zone skipped that hour: the instant found reads as another wall hour.
      if (hourStart + offset(hourStart) !== wallHour) hourStart = Number.NaN;
      instantCache.set(wallHour, hourStart);
    }
    return hourStart + (wall - wallHour);
  };
}

/**
 * Where the data of the axis range [from, to) comes from for a series shifted by `days`: a shift
 * of −364 draws, at each time of the axis, the value of 364 days earlier.
 */
export function sourceRange(from: number, to: number, days: number, zone: string): [number, number] {
  const source = dayShifter(days, zone);
  return [source(from), source(to)];
}

/**
 * Values of a series on the grid, NaN where it has none: each source point (times ascending or
 * not) is drawn `−shiftDays` days later (a series shifted by −7 days shows, at each time, the value
 * of a week before) and lands in the bucket that contains it; several points in one bucket are
 * averaged (the API has normally resampled them already).
 */
export function alignToGrid(
  grid: Grid,
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  shiftDays = 0,
): Float64Array {
  const n = grid.times.length;
  const sums = new Float64Array(n);
  const counts = new Uint32Array(n);
  const shift = dayShifter(-shiftDays, grid.zone);
  const first = grid.times[0] ?? 0;
  const step = grid.cadence === '1d' ? 0 : STEP_MS[grid.cadence];
  for (let i = 0; i < times.length; i++) {
    const v = values[i];
    const t0 = times[i];
    if (v === undefined || t0 === undefined || Number.isNaN(v)) continue;
    const t = shift(t0);
    if (Number.isNaN(t) || t < first || t >= grid.end) continue;
    const k = step > 0 ? Math.floor((t - first) / step) : bucketOf(grid.times, t);
    if (k < 0 || k >= n) continue;
    sums[k] = (sums[k] ?? 0) + v;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = counts[k] ? (sums[k] ?? 0) / (counts[k] ?? 1) : Number.NaN;
  return out;
}

/** Index of the last bucket starting at or before `t` (binary search). */
function bucketOf(starts: Float64Array, t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  if (hi < 0 || t < (starts[0] ?? 0)) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The wall clock of an instant in the grid's zone, as if UTC (for hour-of-day and date). */
export function wallClock(zone: string): (ms: number) => number {
  const offset = offsetCache(zone);
  return (ms) => ms + offset(ms);
}

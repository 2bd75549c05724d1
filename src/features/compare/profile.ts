/**
 * The shapes price and load are read in: an hour-of-day × date matrix (the heatmap) and the
 * average day (mean by hour with the 5th–95th percentile band), both on the wall clock of the
 * workspace's zone. A 25-hour day's repeated hour is averaged into its wall-clock slot; a 23-hour
 * day's skipped hour stays empty. The heatmap says which cells those are, so the view can say so.
 */
import { DAY_MS, formatDayNumber, MINUTE_MS, zonedParts } from '@/time';
import { wallClock, type Grid } from './grid';
import { quantile } from '@/lib/quantile';

/** A day of the zone that is not 24 hours long, and the cells of the heatmap that differ for it. */
export interface HeatmapDstDay {
  date: string;
  /** 25 or 23 (from the intervals the grid has that day). */
  hours: number;
  /** `repeated`: its cells from `fromSlot` to `toSlot` each hold two intervals; `skipped`: they hold none. */
  kind: 'repeated' | 'skipped';
  fromSlot: number;
  toSlot: number;
  /** The zone's names for the two clocks of a repeated hour, earlier first (`CDT`, `CST`). */
  zoneNames: [string, string] | null;
}

export interface Heatmap {
  /** Calendar dates of the zone, ascending (rows). */
  dates: string[];
  /** Slots per day (columns): 24 for hourly data, 288 for 5-minute data. */
  slots: number;
  slotMinutes: number;
  /** dates.length × slots values, row-major; NaN where there is none. */
  values: Float64Array;
  min: number;
  max: number;
  /** The grid's intervals of each cell that holds more than one (a repeated hour's), by cell. */
  merged: Map<number, number[]>;
  /** Cells of a wall-clock time that does not exist (a spring-forward hour). */
  skipped: Set<number>;
  dstDays: HeatmapDstDay[];
}

const SLOT_MINUTES: Record<Grid['cadence'], number> = { '5min': 5, '15min': 15, '1h': 60, '1d': 1440 };

export function heatmap(values: Float64Array, grid: Grid): Heatmap {
  const slotMinutes = SLOT_MINUTES[grid.cadence];
  const slots = 1440 / slotMinutes;
  const slotMs = slotMinutes * MINUTE_MS;
  const wall = wallClock(grid.zone);
  const n = grid.times.length;
  // Where each interval goes: its row (the date on the zone's clock) and its slot in the day.
  const cellOf = new Int32Array(n);
  const dates: string[] = [];
  let lastDay = Number.NaN;
  for (let i = 0; i < n; i++) {
    const w = wall(grid.times[i] ?? 0);
    const day = Math.floor(w / DAY_MS);
    if (day !== lastDay) {
      dates.push(formatDayNumber(day));
      lastDay = day;
    }
    cellOf[i] = (dates.length - 1) * slots + Math.floor((w - day * DAY_MS) / slotMs);
  }
  const cells = dates.length * slots;
  const sums = new Float64Array(cells);
  const counts = new Uint16Array(cells);
  // How many of the grid's intervals each cell stands for, whether they have a value or not.
  const intervals = new Uint16Array(cells);
  for (let i = 0; i < n; i++) {
    const k = cellOf[i] ?? 0;
    intervals[k] = (intervals[k] ?? 0) + 1;
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) continue;
    sums[k] = (sums[k] ?? 0) + v;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const out = new Float64Array(cells);
  for (let k = 0; k < out.length; k++) {
    const c = counts[k] ?? 0;
    const v = c ? (sums[k] ?? 0) / c : Number.NaN;
    out[k] = v;
    if (c) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const merged = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const k = cellOf[i] ?? 0;
    if ((intervals[k] ?? 0) > 1) merged.set(k, [...(merged.get(k) ?? []), i]);
  }
  const { skipped, dstDays } = dstDaysOf(intervals, dates, slots, slotMinutes, merged, grid);
  return { dates, slots, slotMinutes, values: out, min, max, merged, skipped, dstDays };
}

/**
 * The rows whose cells do not hold one interval each: a repeated hour (cells of two) or a skipped
 * one (empty cells between the day's first and last interval). A daily grid has none: its one cell
 * a day is the whole day, however long.
 */
function dstDaysOf(
  intervals: Uint16Array,
  dates: readonly string[],
  slots: number,
  slotMinutes: number,
  merged: ReadonlyMap<number, number[]>,
  grid: Grid,
): { skipped: Set<number>; dstDays: HeatmapDstDay[] } {
  const skipped = new Set<number>();
  const dstDays: HeatmapDstDay[] = [];
  if (slots === 1) return { skipped, dstDays };
  for (let row = 0; row < dates.length; row++) {
    const base = row * slots;
    let first = -1;
    let last = -1;
    let total = 0;
    for (let s = 0; s < slots; s++) {
      const c = intervals[base + s] ?? 0;
      total += c;
      if (c > 0) {
        if (first < 0) first = s;
        last = s;
      }
    }
    const odd: number[] = [];
    let kind: HeatmapDstDay['kind'] | null = null;
    for (let s = first; s >= 0 && s <= last; s++) {
      const c = intervals[base + s] ?? 0;
      if (c > 1) kind = 'repeated';
      else if (c === 0) kind = 'skipped';
      else continue;
      odd.push(s);
      if (c === 0) skipped.add(base + s);
    }
    const fromSlot = odd[0];
    const toSlot = odd[odd.length - 1];
    if (kind === null || fromSlot === undefined || toSlot === undefined) continue;
    const pair = merged.get(base + fromSlot);
    const zoneName = (i: number | undefined) =>
      zonedParts(grid.times[i ?? 0] ?? 0, grid.zone, false).zoneName;
    dstDays.push({
      date: dates[row] ?? '',
      hours: (total * slotMinutes) / 60,
      kind,
      fromSlot,
      toSlot,
      zoneNames: pair ? [zoneName(pair[0]), zoneName(pair[pair.length - 1])] : null,
    });
  }
  return { skipped, dstDays };
}

export interface HourProfile {
  hour: number;
  mean: number;
  p5: number;
  p95: number;
  count: number;
}

/** Per wall-clock hour 0–23: mean, 5th and 95th percentile of the values that fall in it. */
export function dailyProfile(values: Float64Array, grid: Grid): HourProfile[] {
  const wall = wallClock(grid.zone);
  const byHour: number[][] = Array.from({ length: 24 }, () => []);
  for (let i = 0; i < grid.times.length; i++) {
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) continue;
    const hour = new Date(wall(grid.times[i] ?? 0)).getUTCHours();
    byHour[hour]?.push(v);
  }
  return byHour.map((list, hour) => {
    const sorted = Float64Array.from(list).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      hour,
      count: sorted.length,
      mean: sorted.length ? sum / sorted.length : Number.NaN,
      p5: quantile(sorted, 0.05),
      p95: quantile(sorted, 0.95),
    };
  });
}

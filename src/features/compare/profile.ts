/**
 * The shapes price and load are read in: an hour-of-day × date matrix (the heatmap) and the
 * average day (mean by hour with the 5th–95th percentile band), both on the wall clock of the
 * workspace's zone. A 25-hour day's repeated hour is averaged into its wall-clock slot; a 23-hour
 * day's skipped hour stays empty.
 */
import { DAY_MS, formatDayNumber, MINUTE_MS } from '@/time';
import { wallClock, type Grid } from './grid';
import { quantile } from '@/lib/quantile';

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
  const sums = new Float64Array(dates.length * slots);
  const counts = new Uint16Array(dates.length * slots);
  for (let i = 0; i < n; i++) {
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) continue;
    const k = cellOf[i] ?? 0;
    sums[k] = (sums[k] ?? 0) + v;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const out = new Float64Array(dates.length * slots);
  for (let k = 0; k < out.length; k++) {
    const c = counts[k] ?? 0;
    const v = c ? (sums[k] ?? 0) / c : Number.NaN;
    out[k] = v;
    if (c) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { dates, slots, slotMinutes, values: out, min, max };
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

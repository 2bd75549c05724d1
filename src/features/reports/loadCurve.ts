import type { Row } from '@/contract';

/** `ercot_load` has one row per 5 minutes. */
export const INTERVAL_MINUTES = 5;
const INTERVALS_PER_HOUR = 60 / INTERVAL_MINUTES;

export interface CurvePoint {
  /** Interval start, epoch ms. */
  x: number;
  /** Load in MW. */
  value: number;
  /** Interval start in market time as the API wrote it (`2024-11-03T01:00:00-05:00`). */
  local: string;
  utc: string;
}

/** Rows of `ercot_load` queried with `timezone=market`, in time order; rows without a load are left out. */
export function curvePoints(rows: readonly Row[]): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (const row of rows) {
    const { load, interval_start_local: local, interval_start_utc: utc } = row;
    if (typeof load !== 'number' || typeof local !== 'string' || typeof utc !== 'string') continue;
    const x = Date.parse(utc);
    if (Number.isNaN(x)) continue;
    points.push({ x, value: load, local, utc });
  }
  return points;
}

/** The highest point, the first one on a tie (as the report picks it). */
export function peakOf(points: readonly CurvePoint[]): CurvePoint | undefined {
  let peak: CurvePoint | undefined;
  for (const p of points) if (peak === undefined || p.value > peak.value) peak = p;
  return peak;
}

export function lowOf(points: readonly CurvePoint[]): CurvePoint | undefined {
  let low: CurvePoint | undefined;
  for (const p of points) if (low === undefined || p.value < low.value) low = p;
  return low;
}

/**
 * How long a market day is, from its interval count: 288 → a normal day; 276 and 300 are the
 * 23- and 25-hour days of the DST changes. Counts that are not whole hours (a day still filling)
 * are described as they are.
 */
export function dayLengthText(intervals: number): string {
  const count = `${intervals.toLocaleString('en-US')} five-minute interval${intervals === 1 ? '' : 's'}`;
  if (intervals % INTERVALS_PER_HOUR !== 0) return count;
  const hours = intervals / INTERVALS_PER_HOUR;
  if (hours === 24) return `${count} (24-hour day)`;
  if (hours === 23 || hours === 25) return `${count} — ${hours}-hour day (DST)`;
  return `${count} (${hours} hours)`;
}

/** `…T13:35:00-05:00` → `13:35`: the market clock time as the API wrote it, DST included. */
export function clockTime(local: string): string {
  return local.slice(11, 16);
}

/** Axis ticks every `everyHours` hours of market time; on DST days the clock hours repeat or skip. */
export function hourTicks(points: readonly CurvePoint[], everyHours = 3): number[] {
  return points
    .filter((p) => p.local.slice(14, 16) === '00' && Number(p.local.slice(11, 13)) % everyHours === 0)
    .map((p) => p.x);
}

/** Real-time and day-ahead prices at the trading hubs, and their spread (DART). */
import { startOf } from './dayRows';
import type { Row } from '@/api/query/liveRows';
import type { Point } from '@/lib/decimate';
import { hourOf } from './marketDayParams';

export const HUBS = ['HB_HOUSTON', 'HB_NORTH', 'HB_SOUTH', 'HB_WEST', 'HB_HUBAVG'] as const;
export type Hub = (typeof HUBS)[number];

/** DART at each real-time interval: its price minus the day-ahead price of the hour holding it. */
export function dartPoints(realTime: readonly Point[], dayAhead: readonly Point[]): Point[] {
  const byHour = new Map(dayAhead.map((p) => [hourOf(p.x), p.y]));
  const out: Point[] = [];
  for (const p of realTime) {
    const da = byHour.get(hourOf(p.x));
    if (da !== undefined) out.push({ x: p.x, y: Math.round((p.y - da) * 100) / 100 });
  }
  return out;
}

export interface DayExtreme {
  hub: string;
  value: number;
  at: number;
}

/** The lowest and highest real-time price of the day over every hub. */
export function dayMinMax(rows: readonly Row[], column: string): { min: DayExtreme; max: DayExtreme } | null {
  let min: DayExtreme | null = null;
  let max: DayExtreme | null = null;
  for (const row of rows) {
    const value = row[column];
    if (typeof value !== 'number') continue;
    const at = startOf(row);
    const hub = String(row.location);
    if (min === null || value < min.value) min = { hub, value, at };
    if (max === null || value > max.value) max = { hub, value, at };
  }
  return min && max ? { min, max } : null;
}

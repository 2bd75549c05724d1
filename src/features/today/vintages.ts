/**
 * Forecasts with vintages (the load forecast, the solar and wind reports): one row per hour, the
 * newest vintage of each, and a refresh that asks only for vintages newer than the newest held.
 */
import type { Row } from '@/api/query/liveRows';
import type { DatasetQueryParams } from '@/contract';
import { formatUtc, HOUR_MS, SECOND_MS, type MarketDay } from '@/time';
import { dayAheadCutoff, dayRange } from './marketDayParams';
import type { NextRows } from './useLiveRows';

/**
 * A forecast's day in one vintage per hour: the newest published for each hour, or with `dayAhead`
 * the newest published before the day-ahead market's bid deadline (what the market bid on).
 * `columns` without `publish_time_utc`, which is always asked for (the refresh reads it).
 */
export const vintageParams = (
  day: MarketDay,
  columns: string,
  { dayAhead = false }: { dayAhead?: boolean } = {},
): DatasetQueryParams => ({
  ...dayRange(day),
  publish_time: 'latest',
  ...(dayAhead ? { publish_time_end: formatUtc(dayAheadCutoff(day)) } : {}),
  columns: `publish_time_utc,${columns}`,
});

/** One row per hour: a newer vintage replaces the hour's row. */
export const hourKey = (row: Row): string => String(row.interval_start_utc);

function newestVintage(rows: readonly Row[]): number | null {
  let newest: number | null = null;
  for (const r of rows) {
    const p = Date.parse(String(r.publish_time_utc));
    if (!Number.isNaN(p) && (newest === null || p > newest)) newest = p;
  }
  return newest;
}

/** Vintages come hourly: the next is due an hour after the newest held, and only newer ones are asked for. */
export function nextVintage(day: MarketDay, params: DatasetQueryParams) {
  return (rows: readonly Row[]): NextRows | null => {
    const newest = newestVintage(rows);
    if (newest === null || newest + HOUR_MS >= day.end) return null;
    return {
      dueAt: newest + HOUR_MS,
      stepMs: HOUR_MS,
      since: () => ({ ...params, publish_time_start: formatUtc(newest + SECOND_MS) }),
    };
  };
}

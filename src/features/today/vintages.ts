/**
 * Forecasts with vintages (the load forecast, the solar and wind reports): one row per hour, the
 * newest vintage of each, and a refresh that asks only for vintages newer than the newest held.
 */
import type { Row } from '@/api/query/liveRows';
import type { DatasetQueryParams } from '@/contract';
import { formatUtc, HOUR_MS, SECOND_MS, type MarketDay } from '@/time';
import type { NextRows } from './useLiveRows';

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

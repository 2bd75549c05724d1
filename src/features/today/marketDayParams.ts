/**
 * The requests of one market day and the links that open the same series elsewhere. Times go to
 * the API as UTC instants of the market's midnights (from src/time), so a 23- or 25-hour day is
 * asked for as exactly that.
 */
import {
  formatUtc,
  HOUR_MS,
  marketDay,
  marketDayIndex,
  marketLocalHour,
  FIVE_MINUTES_MS,
  type MarketDay,
} from '@/time';
import type { DatasetQueryParams } from '@/contract';
import { MARKET_TIME_ZONE } from '@/lib/format';

/** The market day `date` in 5-minute steps (276, 288 or 300 of them). */
export const dayOf = (date: string): MarketDay => marketDay(date, FIVE_MINUTES_MS);

/** How many hours the market day lasts: 24, or 23 and 25 on the changes of daylight saving. */
export const hoursOf = (day: MarketDay): number => Math.round((day.end - day.start) / HOUR_MS);

/** The whole market day, as `start_time`/`end_time`. */
export function dayRange(day: MarketDay): Pick<DatasetQueryParams, 'start_time' | 'end_time'> {
  return { start_time: formatUtc(day.start), end_time: formatUtc(day.end) };
}

/**
 * The day-ahead vintage of a load forecast: for each hour, the newest forecast published before
 * 10:00 market time on the day before, when the day-ahead market closes for bids. It is what the
 * market's participants bid on; later vintages are the operator's updates.
 */
export function dayAheadCutoff(day: MarketDay): number {
  return marketLocalHour(marketDayIndex(day.start) - 1, 10);
}

/** 10:00 of the day before, as the panel says it. */
export const DAY_AHEAD_CUTOFF_TEXT = '10:00 market time the day before (the day-ahead market’s bid deadline)';

/** The query builder opened on the same request (its links take the API's parameter names). */
export function queryBuilderHref(id: string, params: DatasetQueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (name !== 'page_size' && name !== 'json_schema') search.set(name, String(value));
  }
  search.set('timezone', 'market');
  return `/datasets/${encodeURIComponent(id)}/query?${search.toString()}`;
}

/** Compare's range for one market day, in market time. */
export const compareDay = (date: string) => ({ from: date, to: date, tz: MARKET_TIME_ZONE });

/** The hour (UTC instant) an instant falls in: market hours start on UTC hours (whole-hour offsets). */
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

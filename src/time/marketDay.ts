/**
 * Market days and their intervals. A market day runs from one US/Central midnight to the next, so
 * it is 23 or 25 hours long on the DST changes: its steps are counted from the zone, never as
 * 24 h × steps per hour.
 */
import { parseDate } from './calendarDate';
import { formatDayNumber } from './civil';
import { DAY_MS } from './constants';
import { CENTRAL_TIME_ZONE, CLOSED_FORM_FROM, marketDayIndex, marketMidnightOfDay } from './centralTime';
import { wallToInstant, zonedParts } from './zones';

/** The instant a calendar date's midnight happens in `zone` (default the market's). */
export function zonedMidnightOf(date: string, zone: string = CENTRAL_TIME_ZONE): number {
  const days = parseDate(date);
  // The market's own days without Intl: the first formatter of a cold page loads ICU's zone
  // data, on the price map's first-screen path.
  if (zone === CENTRAL_TIME_ZONE && days >= CLOSED_FORM_FROM / DAY_MS) return marketMidnightOfDay(days);
  return wallToInstant(days * DAY_MS, zone);
}

/** The market (US/Central) date an instant falls on; `—` when `ms` names no instant. */
export function marketDateOf(ms: number): string {
  if (Number.isNaN(ms)) return '—';
  if (ms >= CLOSED_FORM_FROM) return formatDayNumber(marketDayIndex(ms));
  return zonedParts(ms, CENTRAL_TIME_ZONE, false).date;
}

export interface MarketDay {
  date: string;
  /** First instant of the day and first instant of the next, epoch ms. */
  start: number;
  end: number;
  /** Every interval start of the day at the cadence. */
  steps: number[];
}

/** 288 five-minute steps on a normal day, 276 on the spring change and 300 on the autumn one. */
export function marketDay(date: string, stepMs: number, zone: string = CENTRAL_TIME_ZONE): MarketDay {
  const start = zonedMidnightOf(date, zone);
  const end = zonedMidnightOf(formatDayNumber(parseDate(date) + 1), zone);
  const steps: number[] = [];
  for (let t = start; t < end; t += stepMs) steps.push(t);
  return { date, start, end, steps };
}

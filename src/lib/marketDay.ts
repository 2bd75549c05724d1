/**
 * Market days and their intervals. A market day runs from one US/Central midnight to the next, so
 * it is 23 or 25 hours long on the DST changes: its steps are counted from the zone, never as
 * 24 h × steps per hour.
 */
import { daysFromCivil, marketMidnightOfDay } from '@/contract/centralTime';
import { formatDate, formatTimestamp, MARKET_TIME_ZONE } from '@/lib/format';
import { wallToInstant } from '@/lib/zones';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Since 2007 the market's zone follows today's US DST rules, which centralTime.ts computes in closed form. */
const CLOSED_FORM_FROM_YEAR = 2007;

/** The instant a calendar date's midnight happens in `zone`. */
export function zonedMidnightOf(date: string, zone: string = MARKET_TIME_ZONE): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // The market's own days without Intl: the first formatter costs ~25 ms on a cold page (ICU
  // loads its zone data), on the price map's first-screen path.
  if (zone === MARKET_TIME_ZONE && year >= CLOSED_FORM_FROM_YEAR)
    return marketMidnightOfDay(daysFromCivil(year, month, day));
  return wallToInstant(Date.UTC(year, month - 1, day), zone);
}

export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value;
}

/** The next calendar date (`2024-03-10` → `2024-03-11`). */
export function nextDate(date: string, days = 1): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
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
export function marketDay(date: string, stepMs: number, zone: string = MARKET_TIME_ZONE): MarketDay {
  const start = zonedMidnightOf(date, zone);
  const end = zonedMidnightOf(nextDate(date), zone);
  const steps: number[] = [];
  for (let t = start; t < end; t += stepMs) steps.push(t);
  return { date, start, end, steps };
}

/** The market date an instant falls on. */
export function marketDateOf(ms: number): string {
  return formatDate(ms, 'market');
}

/**
 * What the slider says: `2025-07-15 14:35 CDT (19:35 UTC), interval 176 of 288`. Both zones, so
 * the repeated hour of an autumn DST day is never ambiguous.
 */
export function intervalText(ms: number, index: number, count: number): string {
  const market = formatTimestamp(ms);
  const utc = formatTimestamp(ms, { timeZone: 'UTC' });
  // The UTC date is said only when it is not the market date (evenings, after 18:00 or 19:00 Central).
  const utcText = utc.slice(0, 10) === market.slice(0, 10) ? utc.slice(11) : utc;
  return `${market} (${utcText}), interval ${index + 1} of ${count}`;
}

/**
 * Market days and their intervals. A market day runs from one US/Central midnight to the next, so
 * it is 23 or 25 hours long on the DST changes: its steps are counted from the zone, never as
 * 24 h × steps per hour.
 */
import { formatDate, formatTimestamp, MARKET_TIME_ZONE } from '@/lib/format';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormats.set(zone, format);
  }
  return format;
}

/** Offset of `zone` from UTC at an instant, in ms (negative west of Greenwich). */
function zoneOffsetMs(ms: number, zone: string): number {
  const parts: Partial<Record<string, string>> = {};
  for (const p of offsetFormat(zone).formatToParts(ms)) parts[p.type] = p.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar date's midnight happens in `zone`. */
export function zonedMidnightOf(date: string, zone: string = MARKET_TIME_ZONE): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const guess = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(guess, zone);
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

/** `2025-07-15T19:35:00+00:00`: the API's own spelling of an instant. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
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

/**
 * Calendar dates written `YYYY-MM-DD` (market dates, report days, URL dates). A date names a day,
 * not an instant, so the arithmetic counts whole days on the date itself and never involves a
 * zone or DST. One check of what a real date is, for the client and the mock alike: the date
 * survives a round trip through its day number (`2024-02-30` does not).
 */
import { daysFromCivil, formatDayNumber } from './civil';

/** The shape of a calendar date; whether it is a real one is `isCalendarDate`'s question. */
export const CALENDAR_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 of a real calendar date, or undefined for anything else. */
export function dayNumberOf(date: string): number | undefined {
  if (!CALENDAR_DATE_RE.test(date)) return undefined;
  const days = daysFromCivil(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return formatDayNumber(days) === date ? days : undefined;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; throws a RangeError on anything else (2024-02-30 included). */
export function parseDate(date: string): number {
  const days = dayNumberOf(date);
  if (days === undefined) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return days;
}

/** `2024-02-29` yes, `2023-02-29`, `2024-2-1` and `yesterday` no. */
export function isCalendarDate(value: string): boolean {
  return dayNumberOf(value) !== undefined;
}

/** `addDays('2024-03-09', 1)` → `2024-03-10`, whatever the DST rules of any zone. */
export function addDays(date: string, days: number): string {
  return formatDayNumber(parseDate(date) + days);
}

/** Days from `from` to `to` (`to` − `from`): 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumberOf(from);
  const b = dayNumberOf(to);
  if (a === undefined || b === undefined) throw new RangeError(`Not calendar dates: ${from}, ${to}`);
  return b - a;
}

/**
 * Calendar arithmetic on market dates written `YYYY-MM-DD`. A market date names a day, not an
 * instant, so the arithmetic counts whole days on the date itself and never involves the
 * viewer's zone or DST; the API turns a date into market midnights on its side.
 */
import { formatDate, toMillis, type Instant } from '@/lib/format';
import { DAY_MS } from '@/contract/time';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number | undefined {
  const m = DATE_RE.exec(date);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip unchanged.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return undefined;
  }
  return ms / DAY_MS;
}

function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** `2024-02-29` yes, `2023-02-29`, `2024-2-1` and `yesterday` no. */
export function isCalendarDate(value: string): boolean {
  return dayNumber(value) !== undefined;
}

/** `addDays('2024-03-09', 1)` → `2024-03-10`, whatever the DST rules of any zone. */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === undefined) throw new RangeError(`Not a calendar date: ${date}`);
  return fromDayNumber(n + days);
}

/** Days from `from` to `to` (`to` − `from`): 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`Not calendar dates: ${from}, ${to}`);
  return b - a;
}

/** The market (US/Central) date an instant falls on. */
export function marketDateOf(instant: Instant): string {
  return formatDate(toMillis(instant), 'market');
}

/**
 * US/Central arithmetic in closed form. The generators and the engine call these millions of
 * times per query, so nothing here touches Intl or Date: civil dates come from Howard Hinnant's
 * days-from-civil algorithms and DST from the US rules in force since 2007 (CDT from the second
 * Sunday of March 02:00 local to the first Sunday of November 02:00 local). The app formats market
 * times with it too (src/lib/format.ts), sparing the first screen Intl's data load. It is also the one
 * place the mock writes timestamps (`formatUtc`, `formatWithOffset`, `formatCentral` and the
 * per-column `createIsoWriter` the engine uses for result pages).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time';

/** Milliseconds since the epoch. */
type Millis = number;

export { MINUTE_MS, HOUR_MS, DAY_MS };

const CST = -360;
const CDT = -300;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

// Scratch outputs of civilFromDays: returning them through module state avoids an allocation per
// formatted timestamp.
let cy = 1970;
let cm = 1;
let cd = 1;

function civilFromDays(days: number): void {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  cd = doy - Math.floor((153 * mp + 2) / 5) + 1;
  cm = mp < 10 ? mp + 3 : mp - 9;
  cy = yoe + era * 400 + (cm <= 2 ? 1 : 0);
}

/** The proleptic Gregorian `[year, month 1–12, day]` of a day counted from 1970-01-01. */
export function civilDate(days: number): [number, number, number] {
  civilFromDays(days);
  return [cy, cm, cd];
}

/** Year of a UTC instant (used only to find that year's DST transitions). */
function utcYear(ms: Millis): number {
  civilFromDays(Math.floor(ms / DAY_MS));
  return cy;
}

/** UTC instant at which CDT starts: second Sunday of March, 02:00 CST = 08:00 UTC. */
export function dstStartUtc(year: number): Millis {
  const march1 = daysFromCivil(year, 3, 1);
  const dow = (((march1 + 4) % 7) + 7) % 7;
  const firstSunday = march1 + ((7 - dow) % 7);
  return (firstSunday + 7) * DAY_MS + 8 * HOUR_MS;
}

/** UTC instant at which CDT ends: first Sunday of November, 02:00 CDT = 07:00 UTC. */
export function dstEndUtc(year: number): Millis {
  const nov1 = daysFromCivil(year, 11, 1);
  const dow = (((nov1 + 4) % 7) + 7) % 7;
  const firstSunday = nov1 + ((7 - dow) % 7);
  return firstSunday * DAY_MS + 7 * HOUR_MS;
}

// One cached segment [segLo, segHi) of constant offset: scans move forward in time, so almost
// every lookup hits it.
let segLo = 0;
let segHi = -1;
let segOff = CST;

/** Offset of US/Central from UTC at `ms`, in minutes: -360 (CST) or -300 (CDT). */
export function centralOffsetMinutes(ms: Millis): number {
  if (ms >= segLo && ms < segHi) return segOff;
  const year = utcYear(ms);
  const start = dstStartUtc(year);
  const end = dstEndUtc(year);
  if (ms < start) {
    segLo = dstEndUtc(year - 1);
    segHi = start;
    segOff = CST;
  } else if (ms < end) {
    segLo = start;
    segHi = end;
    segOff = CDT;
  } else {
    segLo = end;
    segHi = dstStartUtc(year + 1);
    segOff = CST;
  }
  return segOff;
}

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

function pad2(n: number): string {
  return PAD2[n] ?? `${n}`;
}

function pad4(n: number): string {
  if (n >= 1000) return `${n}`;
  return `000${n}`.slice(-4);
}

/** `YYYY-MM-DDTHH:MM:SS` of a wall-clock instant expressed as ms since the epoch. */
function wallClock(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = Math.floor((ms - days * DAY_MS) / 1000);
  civilFromDays(days);
  const hh = Math.floor(rest / 3600);
  rest -= hh * 3600;
  const mi = Math.floor(rest / 60);
  const ss = rest - mi * 60;
  return `${pad4(cy)}-${pad2(cm)}-${pad2(cd)}T${pad2(hh)}:${pad2(mi)}:${pad2(ss)}`;
}

/** `2024-03-01T06:00:00+00:00`: second precision, explicit `+00:00`, never `Z`. */
export function formatUtc(ms: Millis): string {
  return `${wallClock(ms)}+00:00`;
}

/** `2024-03-01T00:00:00-06:00`: the instant shown in a zone `offsetMinutes` from UTC. */
export function formatWithOffset(ms: Millis, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wallClock(ms + offsetMinutes * MINUTE_MS)}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** `formatWithOffset` in US/Central. */
export function formatCentral(ms: Millis): string {
  return formatWithOffset(ms, centralOffsetMinutes(ms));
}

/** Days since the epoch of the market (US/Central) day containing `ms`. */
export function marketDayIndex(ms: Millis): number {
  return Math.floor((ms + centralOffsetMinutes(ms) * MINUTE_MS) / DAY_MS);
}

function formatDate(days: number): string {
  civilFromDays(days);
  return `${pad4(cy)}-${pad2(cm)}-${pad2(cd)}`;
}

/** `YYYY-MM-DD` of the market day containing `ms`. */
export function marketDateOf(ms: Millis): string {
  return formatDate(marketDayIndex(ms));
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a `YYYY-MM-DD` calendar date; throws a RangeError on anything else (2024-02-30 included). */
export function parseDate(date: string): number {
  const m = DATE_RE.exec(date);
  const days = m ? daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) : NaN;
  if (!m || formatDate(days) !== date) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return days;
}

/** UTC ms of local midnight of a market day given as days since the epoch. */
export function marketMidnightOfDay(days: number): Millis {
  // Local midnight is never inside a transition (they happen at 02:00), so the offset in force
  // six hours after UTC midnight of that date is the one at local midnight.
  const off = centralOffsetMinutes(days * DAY_MS + 6 * HOUR_MS);
  return days * DAY_MS - off * MINUTE_MS;
}

/** UTC ms of 00:00 US/Central on `date` (`YYYY-MM-DD`). */
export function marketMidnight(date: string): Millis {
  return marketMidnightOfDay(parseDate(date));
}

/** UTC ms of `hour`:00 local (0–23, away from the 02:00 transition hour) on a market day. */
export function marketLocalHour(days: number, hour: number): Millis {
  const off = centralOffsetMinutes(days * DAY_MS + (hour + 6) * HOUR_MS);
  return days * DAY_MS + hour * HOUR_MS - off * MINUTE_MS;
}

/** `date` moved by `n` calendar days. */
export function addDays(date: string, n: number): string {
  return formatDate(parseDate(date) + n);
}

const TWO_DIGITS_CLOCK = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** Writes `formatWithOffset(ms, offsetMinutes)`, character for character. */
export type IsoWriter = (ms: Millis, offsetMinutes: number) => string;

/**
 * A `formatWithOffset` with its own memory, for one column of a result page: a page can hold
 * 100k timestamps per column, and consecutive ones in a column are mostly the same instant (rows
 * of many locations share it) or share its day and offset. So the last stamp is returned as it
 * is, and otherwise only the clock part is written between a remembered date prefix and offset
 * suffix. One writer per column: columns in different zones (`_local` beside `_utc`) sharing one
 * would forget each other's day and offset at every cell.
 */
export function createIsoWriter(): IsoWriter {
  let lastMs = Number.NaN;
  let lastOffsetOfText = Number.NaN;
  let lastText = '';
  let lastDay = Number.NaN;
  /** `YYYY-MM-DDT` of `lastDay` (a wall-clock day). */
  let lastPrefix = '';
  let lastOffset = Number.NaN;
  /** `+hh:mm` of `lastOffset`. */
  let lastSuffix = '';
  return (ms, offsetMinutes) => {
    if (ms === lastMs && offsetMinutes === lastOffsetOfText) return lastText;
    const wall = ms + offsetMinutes * MINUTE_MS;
    if (!Number.isSafeInteger(wall)) return formatWithOffset(ms, offsetMinutes);
    const day = Math.floor(wall / DAY_MS);
    if (day !== lastDay) {
      lastPrefix = formatWithOffset(day * DAY_MS, 0).slice(0, 11);
      lastDay = day;
    }
    if (offsetMinutes !== lastOffset) {
      lastSuffix = formatWithOffset(0, offsetMinutes).slice(19);
      lastOffset = offsetMinutes;
    }
    const r = wall - day * DAY_MS;
    const h = Math.floor(r / HOUR_MS);
    const m = Math.floor((r - h * HOUR_MS) / MINUTE_MS);
    const s = Math.floor((r - h * HOUR_MS - m * MINUTE_MS) / 1000);
    lastText = `${lastPrefix}${TWO_DIGITS_CLOCK[h] ?? ''}:${TWO_DIGITS_CLOCK[m] ?? ''}:${TWO_DIGITS_CLOCK[s] ?? ''}${lastSuffix}`;
    lastMs = ms;
    lastOffsetOfText = offsetMinutes;
    return lastText;
  };
}

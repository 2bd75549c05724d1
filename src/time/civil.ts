/**
 * Proleptic Gregorian civil dates as whole days since 1970-01-01, in closed form (Howard Hinnant's
 * days-from-civil algorithms): no Date, no Intl, so the mock's generators can call them millions
 * of times per query and a date never depends on the machine's zone.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './constants';

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

/** Year of a UTC instant. */
export function utcYear(ms: number): number {
  civilFromDays(Math.floor(ms / DAY_MS));
  return cy;
}

/**
 * A civil date and time read as if it were UTC, in ms since the epoch (month 1–12): the "wall
 * clock" value that zone conversions take. Unlike `Date.UTC`, years 0–99 are those years, not
 * 1900–1999, and a day past the month's end simply counts on.
 */
export function wallMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS + second * SECOND_MS;
}

/** The first instant of the UTC month holding `ms`, moved by `months`. */
export function utcMonthStart(ms: number, months = 0): number {
  civilFromDays(Math.floor(ms / DAY_MS));
  const index = cy * 12 + cm - 1 + months;
  const year = Math.floor(index / 12);
  return daysFromCivil(year, index - year * 12 + 1, 1) * DAY_MS;
}

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

export function pad2(n: number): string {
  return PAD2[n] ?? `${n}`;
}

function pad4(n: number): string {
  if (n >= 1000) return `${n}`;
  return `000${n}`.slice(-4);
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01. */
export function formatDayNumber(days: number): string {
  civilFromDays(days);
  return `${pad4(cy)}-${pad2(cm)}-${pad2(cd)}`;
}

/** `YYYY-MM-DDTHH:MM:SS` of a wall-clock instant expressed as ms since the epoch; sub-seconds are floored. */
export function wallClockText(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = Math.floor((ms - days * DAY_MS) / 1000);
  civilFromDays(days);
  const hh = Math.floor(rest / 3600);
  rest -= hh * 3600;
  const mi = Math.floor(rest / 60);
  const ss = rest - mi * 60;
  return `${pad4(cy)}-${pad2(cm)}-${pad2(cd)}T${pad2(hh)}:${pad2(mi)}:${pad2(ss)}`;
}

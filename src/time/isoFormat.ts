/**
 * Instants as the API writes them (contract: ISO 8601, second precision, an explicit offset, never
 * `Z`), and back. One writer for the mock's pages, the client's columnar pages and its CSV files.
 * Sub-second input is floored, never rounded: a stamp names the second the instant falls in, so
 * 23:59:59.6 stays on its day, and the text agrees with `Date.prototype.toISOString` cut at the second.
 */
import { daysFromCivil, pad2, wallClockText } from './civil';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';

/** A timestamp as the API writes it: `2024-03-01T00:00:00-06:00`. */
export const ISO_TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** `2024-03-01T00:00:00-06:00`: the instant shown in a zone `offsetMinutes` from UTC. */
export function formatWithOffset(ms: number, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wallClockText(ms + offsetMinutes * MINUTE_MS)}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** `2024-03-01T06:00:00+00:00`: second precision, explicit `+00:00`, never `Z`. */
export function formatUtc(ms: number): string {
  return `${wallClockText(ms)}+00:00`;
}

const TWO_DIGITS_CLOCK = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** Writes `formatWithOffset(ms, offsetMinutes)`, character for character. */
export type IsoWriter = (ms: number, offsetMinutes: number) => string;

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

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * `2024-03-01T00:00:00-06:00` (the contract's only form: second precision, explicit offset) as
 * epoch ms and offset minutes, or null for any other text: only what prints back byte-identical
 * (through `formatWithOffset`) is read as a time, so a column with any other spelling stays text.
 * Hand-rolled rather than a regex: result pages parse it once per cell.
 */
export function parseIsoOffset(s: string): { ms: number; offsetMin: number } | null {
  if (s.length !== 25) return null;
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':' || s[22] !== ':')
    return null;
  const sign = s[19] === '+' ? 1 : s[19] === '-' ? -1 : 0;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  const oh = digits(s, 20, 2);
  const om = digits(s, 23, 2);
  if (sign === 0 || y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59) return null;
  if (se < 0 || se > 59 || oh < 0 || oh > 23 || om < 0 || om > 59) return null;
  const monthDays = mo === 2 && isLeap(y) ? 29 : (DAYS_IN_MONTH[mo - 1] ?? 0);
  if (d > monthDays) return null;
  const offsetMin = sign * (oh * 60 + om);
  // `-00:00` would print back as `+00:00`.
  if (offsetMin === 0 && sign < 0) return null;
  const localMs = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60_000 + se * 1000;
  return { ms: localMs - offsetMin * 60_000, offsetMin };
}

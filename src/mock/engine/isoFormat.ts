/**
 * The same text as `formatIso`, without a Date per call: a result page can hold 100k timestamps,
 * and consecutive ones mostly share their day and offset, so the date part and the offset suffix
 * are remembered and only the clock part is written each time.
 */
import type { Millis } from '@/mock/data/types';
import { formatIso } from './time';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/contract/time';

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

let lastDay = Number.NaN;
/** `YYYY-MM-DDT` of `lastDay` (a wall-clock day). */
let lastPrefix = '';
let lastOffset = Number.NaN;
/** `+hh:mm` of `lastOffset`. */
let lastSuffix = '';

/**
 * The last two stamps written, by instant and offset: a row's end is usually the next row's start,
 * and rows of many locations share both, so most stamps are found here and the string is shared.
 */
const recent = [
  { ms: Number.NaN, offset: Number.NaN, text: '' },
  { ms: Number.NaN, offset: Number.NaN, text: '' },
];
let older = 0;

/** `formatIso(ms, offsetMinutes)`, character for character. */
export function formatIsoFast(ms: Millis, offsetMinutes: number): string {
  for (const r of recent) if (r.ms === ms && r.offset === offsetMinutes) return r.text;
  const text = writeIso(ms, offsetMinutes);
  const slot = recent[older];
  if (slot) {
    slot.ms = ms;
    slot.offset = offsetMinutes;
    slot.text = text;
  }
  older = 1 - older;
  return text;
}

function writeIso(ms: Millis, offsetMinutes: number): string {
  const wall = ms + offsetMinutes * MINUTE;
  if (!Number.isSafeInteger(wall)) return formatIso(ms, offsetMinutes);
  const day = Math.floor(wall / DAY);
  if (day !== lastDay) {
    lastPrefix = formatIso(day * DAY, 0).slice(0, 11);
    lastDay = day;
  }
  if (offsetMinutes !== lastOffset) {
    lastSuffix = formatIso(0, offsetMinutes).slice(19);
    lastOffset = offsetMinutes;
  }
  const r = wall - day * DAY;
  const h = Math.floor(r / HOUR);
  const m = Math.floor((r - h * HOUR) / MINUTE);
  const s = Math.floor((r - h * HOUR - m * MINUTE) / 1000);
  return `${lastPrefix}${TWO_DIGITS[h] ?? ''}:${TWO_DIGITS[m] ?? ''}:${TWO_DIGITS[s] ?? ''}${lastSuffix}`;
}

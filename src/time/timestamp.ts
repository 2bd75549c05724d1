/**
 * Timestamps as the API accepts them (contract §6.1): `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff…]]`,
 * a space instead of `T`, and an optional `Z`, `±HH:MM` or `±HHMM`. The mock reads its parameters
 * with it and the client reads links' time bounds with it, so both sides accept the same text.
 */
import { daysFromCivil } from './civil';
import { dayNumberOf } from './calendarDate';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './constants';

/** A timestamp as written: its wall-clock fields (read as UTC) and its offset when it had one. */
export interface ParsedTimestamp {
  wall: number;
  offsetMinutes: number | null;
}

const TIMESTAMP_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?:([zZ])|([+-])(\d{2}):?(\d{2}))?$/;

/** Whether `text` has the shape of a §6.1 timestamp, real or not (`2024-02-30` has it). */
export function isTimestampShaped(text: string): boolean {
  return TIMESTAMP_RE.test(text.trim());
}

/** The forms of §6.1, or null when `text` is none of them (the mock answers 422). */
export function parseTimestamp(text: string): ParsedTimestamp | null {
  const m = TIMESTAMP_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', z, sign, oh, om] = m;
  if (dayNumberOf(`${y}-${mo}-${d}`) === undefined) return null;
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  const wall =
    daysFromCivil(Number(y), Number(mo), Number(d)) * DAY_MS +
    hour * HOUR_MS +
    minute * MINUTE_MS +
    second * SECOND_MS +
    ms;
  let offsetMinutes: number | null = null;
  if (z) offsetMinutes = 0;
  else if (sign && oh && om) {
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  return { wall, offsetMinutes };
}

/**
 * Times as analysts type them, checked where they are typed: `2025-07-01`, `2025-07-01 13:00`,
 * an ISO timestamp with or without an offset, and the words `now`, `today`, `yesterday`,
 * `tomorrow`, `now-7d` (also `h`, `min`, `w`). Words become absolute instants when the query runs,
 * so the link it writes shows the same rows tomorrow; each is written as the wall time of the
 * query's zone (`2025-07-14T00:00` for yesterday in market time), the form the field reads and the
 * API reads in that zone, so the field shows back the instant in the words it was typed in.
 */
import {
  CALENDAR_DATE_RE,
  DAY_MS,
  HOUR_MS,
  isTimestampShaped,
  MINUTE_MS,
  parseTimestamp,
  wallToInstant,
  zoneOffsetMs,
} from '@/time';
import type { QueryState } from './queryUrl';
import { zonedMidnight, zoneLabel } from './timeRange';

const RELATIVE = /^now\s*([+-])\s*(\d{1,5})\s*(min|m|h|d|w)$/;
const UNIT_MS: Record<string, number> = {
  min: MINUTE_MS,
  m: MINUTE_MS,
  h: HOUR_MS,
  d: DAY_MS,
  w: 7 * DAY_MS,
};
const DAY_WORDS: Record<string, number> = { yesterday: -1, today: 0, tomorrow: 1 };

export const TIME_FORMAT_HELP = 'Use 2025-07-01, 2025-07-01 13:00, today, yesterday or now-7d.';

export type TypedTime = { ok: true; value: string } | { ok: false; message: string };

/** `+05:30`, `-06:00`: an offset in ms as ISO 8601 writes it. */
function offsetText(offsetMs: number): string {
  const minutes = Math.abs(Math.round(offsetMs / MINUTE_MS));
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${offsetMs < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * The instant `ms` as the wall time of `zone` to the minute (`2025-07-14T00:00`), which the API
 * reads in the query's zone. A wall time the zone passes twice (the hour a DST change repeats)
 * keeps its offset, or it could be read as the other one.
 */
function zonedWallText(ms: number, zone: string): string {
  const offset = zoneOffsetMs(ms, zone);
  const wall = new Date(ms + offset).toISOString().slice(0, 16);
  return wallToInstant(ms + offset, zone) === ms ? wall : `${wall}${offsetText(offset)}`;
}

/**
 * The typed text as the API takes it: a timestamp as written (`T` for the space), a word resolved
 * against `nowMs` to a wall time of zone `tz`; or why it cannot be read. Empty text is valid (no bound).
 */
export function parseTypedTime(typed: string, tz: string, nowMs: number): TypedTime {
  const text = typed.trim();
  if (text === '') return { ok: true, value: '' };
  if (isTimestampShaped(text)) {
    if (parseTimestamp(text) === null) return { ok: false, message: `“${text}” is not a real date or time.` };
    return { ok: true, value: text.replace(' ', 'T') };
  }
  const word = text.toLowerCase();
  const zone = zoneLabel(tz);
  const minute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  if (word === 'now') return { ok: true, value: zonedWallText(minute(nowMs), zone) };
  const days = DAY_WORDS[word];
  if (days !== undefined) return { ok: true, value: zonedWallText(zonedMidnight(nowMs, zone, days), zone) };
  const relative = RELATIVE.exec(word);
  if (relative) {
    const [, sign, count, unit = 'd'] = relative;
    const ms = Number(count) * (UNIT_MS[unit] ?? DAY_MS) * (sign === '-' ? -1 : 1);
    return { ok: true, value: zonedWallText(minute(nowMs + ms), zone) };
  }
  return { ok: false, message: `“${text}” is not a date or time. ${TIME_FORMAT_HELP}` };
}

/** Why `typed` cannot be read as a time, or null when it can (whatever the time is now). */
export function typedTimeProblem(typed: string): string | null {
  const parsed = parseTypedTime(typed, 'UTC', 0);
  return parsed.ok ? null : parsed.message;
}

/** The typed time fields of the builder, by state key. */
export const TIME_FIELDS = ['start', 'end', 'ptat', 'pts', 'pte'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];
/** The element id of each field's input, to focus the first that cannot be read. */
export const TIME_FIELD_IDS = {
  start: 'query-start',
  end: 'query-end',
  ptat: 'query-publish-at',
  pts: 'query-published-from',
  pte: 'query-published-before',
} as const satisfies Record<TimeField, string>;

/** Whether a field is in use: the range's ends only for a custom range, the publish times for their mode. */
function inUse(state: QueryState, field: TimeField): boolean {
  if (field === 'start' || field === 'end') return state.range === 'custom';
  if (field === 'ptat') return state.pt === 'at';
  return state.pt === 'range';
}

/**
 * The draft with every typed time in use made absolute, or the fields that cannot be read with
 * their messages (and then nothing runs). A range whose end is not after its start is refused too.
 */
export function resolveTypedTimes(
  draft: QueryState,
  nowMs: number,
): { ok: true; state: QueryState } | { ok: false; errors: Partial<Record<TimeField, string>> } {
  const errors: Partial<Record<TimeField, string>> = {};
  const state = { ...draft };
  for (const field of TIME_FIELDS) {
    if (!inUse(draft, field)) continue;
    const parsed = parseTypedTime(draft[field], draft.tz, nowMs);
    if (parsed.ok) state[field] = parsed.value;
    else errors[field] = parsed.message;
  }
  const ordered = (a: string, b: string) => {
    if (a === '' || b === '') return true;
    const offset = (t: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(t);
    // Two bare times are in the same zone: compare them as written. One of each cannot be compared
    // here (the bare one's zone is applied by the server), so the server judges.
    if (!offset(a) && !offset(b))
      return (
        a.padEnd(19, a.length === 10 ? 'T00:00:00' : ':00') <
        b.padEnd(19, b.length === 10 ? 'T00:00:00' : ':00')
      );
    return offset(a) !== offset(b) || Date.parse(a) < Date.parse(b);
  };
  if (!errors.start && !errors.end && state.range === 'custom' && !ordered(state.start, state.end))
    errors.end = 'The end must be after the start (the end is exclusive).';
  if (!errors.pts && !errors.pte && state.pt === 'range' && !ordered(state.pts, state.pte))
    errors.pte = 'The end must be after the start (the end is exclusive).';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, state };
}

/**
 * A time as its field shows it: the date and the time apart (`2025-07-14 00:00`), as the field's
 * example and the query's summary write them; what is sent keeps the `T` (`2025-07-14T00:00`).
 */
export function timeFieldText(value: string): string {
  const timed = CALENDAR_DATE_RE.test(value.slice(0, 10)) && value[10] === 'T' && /\d/.test(value.charAt(11));
  return timed ? value.replace('T', ' ') : value;
}

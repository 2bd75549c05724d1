/**
 * Times as analysts type them, checked where they are typed: `2025-07-01`, `2025-07-01 13:00`,
 * an ISO timestamp with or without an offset, and the words `now`, `today`, `yesterday`,
 * `tomorrow`, `now-7d` (also `h`, `min`, `w`). Words become absolute instants when the query runs,
 * so the link it writes shows the same rows tomorrow.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@/contract/time';
import type { QueryState } from './queryUrl';
import { isoUtc } from '@/lib/zones';
import { zonedMidnight, zoneLabel } from './timeRange';

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
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

/** Whether the date and time written are real (no 31 June, no 25:00). */
function isRealDate(m: RegExpExecArray): boolean {
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    date.getUTCHours() === Number(h) &&
    date.getUTCMinutes() === Number(mi)
  );
}

/**
 * The typed text as the API takes it: a timestamp as written (`T` for the space), a word resolved
 * against `nowMs` in zone `tz`; or why it cannot be read. Empty text is valid (no bound).
 */
export function parseTypedTime(typed: string, tz: string, nowMs: number): TypedTime {
  const text = typed.trim();
  if (text === '') return { ok: true, value: '' };
  const stamp = TIMESTAMP.exec(text);
  if (stamp) {
    if (!isRealDate(stamp)) return { ok: false, message: `“${text}” is not a real date or time.` };
    return { ok: true, value: text.replace(' ', 'T') };
  }
  const word = text.toLowerCase();
  if (word === 'now') return { ok: true, value: isoUtc(Math.floor(nowMs / MINUTE_MS) * MINUTE_MS) };
  const days = DAY_WORDS[word];
  if (days !== undefined) return { ok: true, value: isoUtc(zonedMidnight(nowMs, zoneLabel(tz), days)) };
  const relative = RELATIVE.exec(word);
  if (relative) {
    const [, sign, count, unit = 'd'] = relative;
    const ms = Number(count) * (UNIT_MS[unit] ?? DAY_MS) * (sign === '-' ? -1 : 1);
    return { ok: true, value: isoUtc(Math.floor((nowMs + ms) / MINUTE_MS) * MINUTE_MS) };
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

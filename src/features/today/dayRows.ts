/** Reading a day's rows: series for the charts, the last interval held, and what is due next. */
import type { Row } from '@/api/query/liveRows';
import type { Point } from '@/lib/decimate';
import { formatUtc, type MarketDay } from '@/time';
import type { DatasetQueryParams } from '@/contract';
import type { NextRows } from './useLiveRows';

/**
 * Parsed starts by row: held rows keep their identity across refreshes (mergeRows), and every
 * render of every panel reads each row's start for each of its series, so a row is parsed once,
 * not once per series per refresh (Date.parse is ~0.4 µs; the fuel mix alone read 1,800 a render).
 */
const starts = new WeakMap<Row, number>();

/** The instant a row's interval (or sample) starts, epoch ms. */
export function startOf(row: Row): number {
  let start = starts.get(row);
  if (start === undefined) {
    start = Date.parse(String(row.interval_start_utc ?? row.time_utc));
    starts.set(row, start);
  }
  return start;
}

/** The instant a row's interval ends: its `interval_end_utc`, or its start plus the step. */
export const endOf = (row: Row, stepMs: number): number =>
  typeof row.interval_end_utc === 'string' ? Date.parse(row.interval_end_utc) : startOf(row) + stepMs;

/** What a day's rows gave under one name, for the next refresh to extend. */
interface Derived {
  rows: readonly Row[];
  points: readonly Point[];
}

/**
 * Points derived from a day's rows, by the day's first row (a day's rows keep it across refreshes,
 * another day or dataset has its own), then by what was derived (a column and location).
 */
const derived = new WeakMap<Row, Map<string, Derived>>();

/** Whether `rows` begins with every row of `held`, each the very same object (mergeRows keeps them). */
function extends_(rows: readonly Row[], held: readonly Row[]): boolean {
  if (held.length > rows.length) return false;
  for (let i = 0; i < held.length; i++) if (rows[i] !== held[i]) return false;
  return true;
}

/**
 * One point per row (nulls left out), read only from the rows a refresh appended: the points of
 * the rows held before are taken as they were, a new array each time the rows change (the charts
 * memoise by identity). Any other change (a row replaced by a newer vintage) reads every row again.
 */
export function pointsByRow(
  rows: readonly Row[],
  name: string,
  pointOf: (row: Row) => Point | null,
): readonly Point[] {
  const first = rows[0];
  if (first === undefined) return [];
  let byName = derived.get(first);
  if (byName === undefined) {
    byName = new Map();
    derived.set(first, byName);
  }
  const held = byName.get(name);
  if (held?.rows === rows) return held.points;
  const reuse = held !== undefined && extends_(rows, held.rows);
  const points = reuse ? held.points.slice() : [];
  for (let i = reuse ? held.rows.length : 0; i < rows.length; i++) {
    const p = pointOf(rows[i] as Row);
    if (p !== null) points.push(p);
  }
  byName.set(name, { rows, points });
  return points;
}

const numberOf = (cell: unknown): number | null => (typeof cell === 'number' ? cell : null);

/** One numeric column as points (nulls left out), optionally of one location only. */
export function pointsOf(rows: readonly Row[], column: string, location?: string): readonly Point[] {
  return pointsByRow(rows, location === undefined ? column : `${column}@${location}`, (row) => {
    if (location !== undefined && row.location !== location) return null;
    const y = numberOf(row[column]);
    return y === null ? null : { x: startOf(row), y };
  });
}

/** The newest row, if any (rows come in time order). */
export const lastRow = (rows: readonly Row[]): Row | undefined => rows[rows.length - 1];

/** A panel's "as of": the start of the newest interval held, null when none is. */
function asOfRows(rows: readonly Row[] | undefined): number | null {
  const last = rows ? lastRow(rows) : undefined;
  return last ? startOf(last) : null;
}

/**
 * A panel's "as of" from its query: undefined while the rows are on their way (not "no data":
 * that would say the day has none), null when the answer holds none or failed (the panel shows
 * why), else the newest interval's start.
 */
export const asOfQuery = (query: {
  isPending: boolean;
  data?: { rows: readonly Row[] };
}): number | null | undefined => (query.isPending ? undefined : asOfRows(query.data?.rows));

/** The highest and lowest point of a series, the first of equals. */
export function extremesOf(points: readonly Point[]): { min: Point; max: Point } | null {
  const first = points[0];
  if (first === undefined) return null;
  let min = first;
  let max = first;
  for (const p of points) {
    if (p.y < min.y) min = p;
    if (p.y > max.y) max = p;
  }
  return { min, max };
}

/**
 * The next intervals of an interval dataset: due when the interval after the last held starts
 * (`availableAfterMs` later for resampled buckets, which are whole only once they end), asked for
 * from the end of the last held; nothing once the day is full.
 */
export function nextIntervals(
  day: MarketDay,
  stepMs: number,
  params: DatasetQueryParams,
  { availableAfterMs = 0, endAt }: { availableAfterMs?: number; endAt?: (now: number) => number } = {},
): (rows: readonly Row[]) => NextRows | null {
  return (rows) => {
    const last = lastRow(rows);
    const from = last === undefined ? day.start : endOf(last, stepMs);
    if (from >= day.end) return null;
    return {
      dueAt: from + availableAfterMs,
      stepMs,
      since: (now) => ({
        ...params,
        start_time: formatUtc(from),
        ...(endAt ? { end_time: formatUtc(Math.min(day.end, endAt(now))) } : {}),
      }),
    };
  };
}

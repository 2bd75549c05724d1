/** Planning the time range (contract §6.1): `start_time`/`end_time`, or `time` with `time_comparison`. */
import { type FilterOperator, TIME_COMPARISONS, type TimeComparison } from '@/contract';
import type { Millis } from '@/mock/data/types';
import { invalid } from '../rejection';
import type { Zone } from '@/time';
import type { RawQueryParams } from './queryParams';
import type { QueryPlan } from './queryPlan';

/** Time-index bounds: `lo` inclusive, `hi` exclusive; `latest` for `time=latest`. */
export type TimeRange = Pick<QueryPlan, 'lo' | 'hi' | 'latest'>;

/** The bounds `[lo, hi)` narrowed by one comparison with the instant `at`. */
export function intersect(
  lo: Millis,
  hi: Millis,
  op: FilterOperator | TimeComparison,
  at: Millis,
): [Millis, Millis] {
  switch (op) {
    case '=':
      return [Math.max(lo, at), Math.min(hi, at + 1)];
    case '>':
      return [Math.max(lo, at + 1), hi];
    case '>=':
      return [Math.max(lo, at), hi];
    case '<':
      return [lo, Math.min(hi, at)];
    case '<=':
      return [lo, Math.min(hi, at + 1)];
    default:
      return [lo, hi];
  }
}

export function planTimeRange(raw: RawQueryParams, zone: Zone): TimeRange {
  if (raw.time !== undefined && (raw.startTime !== undefined || raw.endTime !== undefined)) {
    throw invalid(
      'time cannot be combined with start_time or end_time; use either time (with time_comparison) or a start_time/end_time range.',
    );
  }
  const comparisonText = raw.timeComparison?.trim() ?? '=';
  const comparison = TIME_COMPARISONS.find((w) => w === comparisonText);
  if (!comparison) {
    throw invalid(
      `time_comparison '${raw.timeComparison ?? ''}' is not supported; use one of =, >, >=, <, <=.`,
    );
  }
  let lo = raw.startTime ? zone.instant(raw.startTime) : Number.NEGATIVE_INFINITY;
  let hi = raw.endTime ? zone.instant(raw.endTime) : Number.POSITIVE_INFINITY;
  if (raw.startTime && raw.endTime && lo >= hi) {
    throw invalid('start_time must be before end_time (start_time is inclusive, end_time exclusive).');
  }
  if (raw.time === 'latest') return { lo, hi, latest: true };
  if (raw.time) [lo, hi] = intersect(lo, hi, comparison, zone.instant(raw.time));
  return { lo, hi, latest: false };
}

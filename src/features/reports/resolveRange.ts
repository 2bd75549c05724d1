import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from './dailyPeakUrlState';
import { addDays, daysBetween } from '@/time';

export interface DayRange {
  /** First market day, included. */
  from: string;
  /** Last market day, included. */
  to: string;
}

export interface ResolvedRange {
  range: DayRange | undefined;
  /** Why the range in the link was not used, for a notice beside the controls. */
  notice: string | null;
}

function defaultRange(to: string): DayRange {
  return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
}

/**
 * The daily-peaks range from the link's `from`/`to` (either may be empty) and the report's day.
 * A missing end ends at the report's day and a missing start lies 30 days before the end; a range
 * that runs backwards or is too long for one page falls back to the default with a notice. Without
 * a report day and an explicit end, the range is not known yet.
 */
export function resolveRange(reportDate: string | undefined, from: string, to: string): ResolvedRange {
  const end = to || reportDate;
  if (end === undefined) return { range: undefined, notice: null };
  const start = from || addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  const span = daysBetween(start, end);
  if (span >= 0 && span < MAX_RANGE_DAYS) return { range: { from: start, to: end }, notice: null };

  const reason =
    span < 0
      ? `The range ${start} to ${end} ends before it starts`
      : `The range ${start} to ${end} is longer than ${MAX_RANGE_DAYS} days`;
  const fallback = reportDate ?? end;
  return {
    range: defaultRange(fallback),
    notice: `${reason}; showing the ${DEFAULT_RANGE_DAYS} days ending ${fallback} instead.`,
  };
}

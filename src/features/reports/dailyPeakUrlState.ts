import { z } from 'zod';
import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState } from '@/lib/urlState';
import { isCalendarDate } from '@/time';

/** The market whose system load the report reads. */
export const DAILY_PEAK_ISO = 'ercot';

const marketDate = z.string().refine(isCalendarDate, 'Expected a calendar date written YYYY-MM-DD');

/**
 * `?date=` (the report's market day; empty = the latest complete market day, as the API decides)
 * and `?from=`/`?to=` (the daily-peaks range; empty = the 30 days ending at the report's day).
 * Empty values stay out of the URL, so a plain link always follows the newest data.
 */
export const dailyPeakUrlState = defineUrlState(
  { date: marketDate, from: marketDate, to: marketDate },
  { date: '', from: '', to: '' },
);

const REAL_DATE = 'is not a real date (YYYY-MM-DD)';

/** How the link notice names each key whose value cannot be read, and what is shown instead. */
export const DAILY_PEAK_LINK_NOTES = {
  date: { label: 'market date', expects: REAL_DATE, instead: 'the latest complete market day was shown' },
  from: { label: 'From', expects: REAL_DATE, instead: 'the default range was used' },
  to: { label: 'To', expects: REAL_DATE, instead: 'the default range was used' },
} as const satisfies Record<keyof typeof dailyPeakUrlState.shape, SettingNote>;

/** Days in the default daily-peaks range, the report's day included. */
export const DEFAULT_RANGE_DAYS = 30;
/** One row per day comes back on a single page of the query API (page_size 500). */
export const MAX_RANGE_DAYS = 366;

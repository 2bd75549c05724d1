import { z } from 'zod';
import { defineUrlState } from '@/lib/urlState';
import { isCalendarDate } from './marketDates';

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

/** Days in the default daily-peaks range, the report's day included. */
export const DEFAULT_RANGE_DAYS = 30;
/** One row per day comes back on a single page of the query API (page_size 500). */
export const MAX_RANGE_DAYS = 366;

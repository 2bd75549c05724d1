import { z } from 'zod';
import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState } from '@/lib/urlState';
import { isCalendarDate } from '@/time';

/** Days the page can draw: a crafted `9999-12-31` made the market-day arithmetic throw in render, `0001-01-01` a day of 17,544 hours. */
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';

const marketDate = z
  .string()
  .refine(
    (d) => isCalendarDate(d) && d >= FIRST_DATE && d <= LAST_DATE,
    `Expected a calendar date from ${FIRST_DATE} to ${LAST_DATE}, written YYYY-MM-DD`,
  );

/**
 * `?date=`: the market day shown. Empty (the plain `/today` link) is the current market day,
 * followed as it happens; a date is that day as it was, whether or not it is today.
 */
export const todayUrlState = defineUrlState({ date: marketDate }, { date: '' });

export const TODAY_LINK_NOTES = {
  date: {
    label: 'market date',
    expects: `is not a date from ${FIRST_DATE} to ${LAST_DATE} (YYYY-MM-DD)`,
    instead: 'the current market day was shown',
  },
} as const satisfies Record<keyof typeof todayUrlState.shape, SettingNote>;

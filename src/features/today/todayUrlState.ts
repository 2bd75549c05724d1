import { z } from 'zod';
import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState } from '@/lib/urlState';
import { isCalendarDate } from '@/time';

const marketDate = z.string().refine(isCalendarDate, 'Expected a calendar date written YYYY-MM-DD');

/**
 * `?date=`: the market day shown. Empty (the plain `/today` link) is the current market day,
 * followed as it happens; a date is that day as it was, whether or not it is today.
 */
export const todayUrlState = defineUrlState({ date: marketDate }, { date: '' });

export const TODAY_LINK_NOTES = {
  date: {
    label: 'market date',
    expects: 'is not a real date (YYYY-MM-DD)',
    instead: 'the current market day was shown',
  },
} as const satisfies Record<keyof typeof todayUrlState.shape, SettingNote>;

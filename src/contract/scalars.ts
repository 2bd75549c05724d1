/** The contract's scalar shapes that answers and parameters share. */
import { z } from 'zod';
import { CALENDAR_DATE_RE, ISO_TIMESTAMP_RE } from '../time';
import { configureZod } from './zodConfig';

configureZod();

/** Contract preamble: second precision and an explicit offset, never `Z`. */
export const isoTimestampSchema = z
  .string()
  .regex(ISO_TIMESTAMP_RE, 'Expected an ISO timestamp with offset')
  .meta({ description: 'ISO 8601 with seconds and an explicit offset, e.g. 2024-03-01T00:00:00-06:00' });
export const calendarDateSchema = z.string().regex(CALENDAR_DATE_RE, 'Expected a YYYY-MM-DD date');

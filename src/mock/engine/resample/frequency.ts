/**
 * Resampling's buckets (contract §6.5): the frequency grammar and bucket boundaries. Minute and
 * hour buckets are aligned to the Unix epoch; day, week, month and year buckets to local midnight
 * in the query's zone, so a US/Central market day is 23 or 25 hours long on DST changes.
 */
import {
  type Bucket,
  bucketOf,
  type Frequency,
  RESAMPLE_UNITS,
  type ResampleUnit,
  resampleUnitOf,
} from '@/contract';
import type { Millis } from '@/mock/data/types';
import { invalid } from '../rejection';
import type { Zone } from '@/time';

const UNIT_SPELLINGS: readonly string[] = Object.values(RESAMPLE_UNITS).flat();

const FREQUENCY_RE = /^(\d+) ?([a-zA-Z]+)$/;

/** `<n><unit>` or `<n> <unit>`, n a positive integer, unit case-insensitive; else 400 naming the grammar. */
export function parseFrequency(text: string): Frequency {
  const m = FREQUENCY_RE.exec(text.trim());
  const count = m ? Number(m[1]) : 0;
  const unit = m?.[2] ? resampleUnitOf(m[2]) : null;
  if (!unit || !Number.isSafeInteger(count) || count < 1) {
    throw invalid(
      `resample_frequency '${text}' is invalid; write <n><unit> or <n> <unit> with n a positive integer and unit one of ${[
        ...UNIT_SPELLINGS,
      ].join(', ')}.`,
    );
  }
  if (count > MAX_FREQUENCY_COUNT[unit]) {
    throw invalid(
      `resample_frequency '${text}' is too long; a bucket may span at most 100 years (${MAX_FREQUENCY_COUNT[unit]} ${unit}s).`,
    );
  }
  return { count, unit };
}

/**
 * The longest bucket per unit: 100 years. Buckets are aligned to the epoch (or to a calendar
 * multiple), so a longer one starts or ends outside the years an ISO timestamp can write
 * (`1000000000h` ended in year 116049; `100000000month` in NaN). Found by the fuzzer.
 */
const MAX_FREQUENCY_COUNT: Readonly<Record<ResampleUnit, number>> = {
  minute: 100 * 525_960,
  hour: 100 * 8_766,
  day: 36_525,
  week: 5_217,
  month: 1_200,
  year: 100,
};

/** A function from an instant to the bucket holding it; remembers the last bucket to skip recomputing. */
export function bucketer(f: Frequency, zone: Zone): (t: Millis) => Bucket {
  let last: Bucket = { start: 1, end: 0 };
  return (t) => {
    if (t >= last.start && t < last.end) return last;
    last = bucketOf(t, f, zone);
    return last;
  };
}

/**
 * The view's notes an export's sidecar carries: those that meet the query's time range. A file of
 * Monday's rows is read without the chart beside it, so a note about Friday would describe data
 * that is not in it; a note that overlaps the range is kept whole.
 */
import type { DatasetQueryParams } from '@/contract';
import { annotationsWithin, type Annotation } from '@/lib/annotations';
import { parseWallTime } from '@/lib/annotationTimes';

export function notesInQuery(
  notes: readonly Annotation[],
  params: Pick<DatasetQueryParams, 'start_time' | 'end_time' | 'timezone'>,
): Annotation[] {
  // The API reads a time without an offset in the query's zone (UTC when it names none).
  const zone = params.timezone ?? 'UTC';
  const bound = (text: string | undefined): number | null => (text ? parseWallTime(text, zone) : null);
  return annotationsWithin(
    notes,
    bound(params.start_time) ?? Number.NEGATIVE_INFINITY,
    bound(params.end_time) ?? Number.POSITIVE_INFINITY,
  );
}

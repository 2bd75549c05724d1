import { useQuery } from '@tanstack/react-query';
import { DATASET_IDS } from '@/contract';
import { datasetOptions } from '@/api/datasets/queries';
import { toMillis } from '@/lib/format';
import { INTERVAL_MINUTES } from './loadCurve';
import { addDays, marketDateOf } from '@/time';
import type { DayRange } from './resolveRange';

/**
 * The complete market days `ercot_load` covers, from its metadata: the date picker's limits, and
 * the default day when the report itself cannot answer (the free plan has no report but may query
 * the load). A day is complete once its last interval has ended.
 */
export function useLoadBounds(): DayRange | undefined {
  const coverage = useLoadCoverage();
  if (!coverage) return undefined;
  return { from: marketDateOf(coverage.start), to: addDays(marketDateOf(coverage.end), -1) };
}

/** When `ercot_load`'s first interval starts and its last one ends, from its metadata. */
export function useLoadCoverage(): { start: number; end: number } | undefined {
  const query = useQuery(datasetOptions(DATASET_IDS.load));
  const dataset = query.data;
  if (!dataset) return undefined;
  const end = toMillis(dataset.latestData) + INTERVAL_MINUTES * 60_000;
  const start = toMillis(dataset.earliestData);
  return Number.isNaN(end) || Number.isNaN(start) ? undefined : { start, end };
}

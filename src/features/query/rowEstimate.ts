/** A rough row count of a request, for export progress before the server says. */
import type { Dataset, DatasetQueryParams, ResampleUnit } from '@/api/types';
import { CADENCE_MS, DAY_MS, HOUR_MS, MINUTE_MS } from '@/contract/time';
import { parseFrequency } from './frequency';
import { presetAnchor } from './timeRange';

const UNIT_MS: Record<ResampleUnit, number> = {
  minute: MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/**
 * A rough row count for export progress: time range ÷ step × series, capped by `limit`.
 * `seriesCount` is the number of locations when the dataset has them (null when unknown).
 */
export function estimateRows(
  params: DatasetQueryParams,
  dataset: Dataset,
  nowMs: number,
  seriesCount: number | null,
): number | null {
  if (params.time !== undefined) return params.limit ?? null;
  const start = Date.parse(params.start_time ?? dataset.earliestData);
  const end = params.end_time ? Date.parse(params.end_time) : presetAnchor(dataset, nowMs);
  const freq = params.resample_frequency ? parseFrequency(params.resample_frequency) : null;
  const step = freq ? freq.count * UNIT_MS[freq.unit] : CADENCE_MS[dataset.cadence];
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  let series = 1;
  if (dataset.subseries_index_column !== null) {
    if (params.filter_column === dataset.subseries_index_column && (params.filter_operator ?? '=') === '=')
      series = 1;
    else if (params.filter_column === dataset.subseries_index_column && params.filter_operator === 'in')
      series = (params.filter_value ?? '').split(',').filter((v) => v.trim() !== '').length;
    else if (seriesCount === null) return null;
    else series = seriesCount;
  }
  const estimate = Math.ceil((end - start) / step) * series;
  return params.limit !== undefined ? Math.min(params.limit, estimate) : estimate;
}

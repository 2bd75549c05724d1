/** How many rows a request will give, for the export's estimate before the server says. */
import type { RowEstimate } from '@/api/exports/exportJobs';
import type { Dataset, DatasetQueryParams, PricingLocationListParams, ResampleUnit } from '@/contract';
import { CADENCE_MS } from '@/contract';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@/time';
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

/** The subseries column whose values are the location registry's names. */
const PRICING_LOCATION_COLUMN = 'location';
/** The column of a price dataset whose values the location registry counts by type. */
const LOCATION_TYPE_COLUMN = 'location_type';

function filterValues(params: DatasetQueryParams): string[] {
  const value = params.filter_value ?? '';
  const values = params.filter_operator === 'in' ? value.split(',') : [value];
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/**
 * What to ask the location registry to learn how many series (locations) a request covers: the
 * locations of the filtered types, or all of them. Null when the dataset has no locations or the
 * filter names them itself.
 */
export function seriesCountParams(
  params: DatasetQueryParams,
  dataset: Dataset,
): PricingLocationListParams | null {
  // Only pricing locations are in the registry; resources and constraints are counted otherwise.
  if (dataset.subseries_index_column !== PRICING_LOCATION_COLUMN) return null;
  const operator = params.filter_operator ?? '=';
  if (params.filter_column === dataset.subseries_index_column && (operator === '=' || operator === 'in'))
    return null;
  if (params.filter_column === LOCATION_TYPE_COLUMN && (operator === '=' || operator === 'in'))
    return { location_types: filterValues(params).join(','), page_size: 1 };
  return { page_size: 1 };
}

/**
 * How many locations the request covers, and who counted them: the registry (for
 * `seriesCountParams`, so a filter on location types is already counted) or the dataset itself
 * (its newest interval's names, or its metadata: all of its locations, whatever the filter).
 */
export interface SeriesCount {
  count: number;
  of: 'registry' | 'dataset';
}

/** The dataset's rows per time point by its metadata: the series count when nothing else knows it. */
export function rowsPerTimePoint(dataset: Dataset): number {
  const span = Date.parse(dataset.latestData) - Date.parse(dataset.earliestData);
  const points = Math.max(1, Math.floor(span / CADENCE_MS[dataset.cadence]) + 1);
  return Math.max(dataset.number_of_rows_approximate / points, 0);
}

/**
 * The series a request covers, and whether the filter may keep fewer rows than time × series:
 * `counted` is the location count for `seriesCountParams` (null while unknown).
 */
function seriesOf(
  params: DatasetQueryParams,
  dataset: Dataset,
  counted: SeriesCount | null,
): { series: number; bound: boolean } | null {
  const subseries = dataset.subseries_index_column;
  const column = params.filter_column;
  const operator = params.filter_operator ?? '=';
  const filtered = column !== undefined && column !== '' && (params.filter_value ?? '') !== '';
  // Resampled with groups that leave out the locations: one series of buckets.
  const grouped = params.resample_frequency ? params.resample_by?.split(',').map((c) => c.trim()) : undefined;
  if (subseries === null || (grouped !== undefined && !grouped.includes(subseries)))
    return { series: 1, bound: filtered && column !== subseries };
  if (subseries !== PRICING_LOCATION_COLUMN) return otherSeriesOf(params, dataset, filtered);
  if (filtered && column === subseries && operator === '=') return { series: 1, bound: false };
  if (filtered && column === subseries && operator === 'in')
    return { series: filterValues(params).length, bound: false };
  if (counted === null) return null;
  const seriesCount = counted.count;
  if (filtered && column === subseries && operator === '!=')
    return { series: Math.max(0, seriesCount - 1), bound: false };
  // Only the registry counted the filtered types; the dataset's own count is of all its locations.
  const byType =
    counted.of === 'registry' &&
    filtered &&
    column === LOCATION_TYPE_COLUMN &&
    (operator === '=' || operator === 'in');
  return { series: seriesCount, bound: filtered && !byType };
}

/**
 * Series of a dataset whose subseries is not a pricing location (generation resources, binding
 * constraints): the catalog's rows per time point stand in for the count. A list of binding
 * constraints is sparse, so a filter on its names keeps at most one row per name and interval.
 */
function otherSeriesOf(
  params: DatasetQueryParams,
  dataset: Dataset,
  filtered: boolean,
): { series: number; bound: boolean } {
  const column = params.filter_column;
  const operator = params.filter_operator ?? '=';
  if (filtered && column === dataset.subseries_index_column && (operator === '=' || operator === 'in'))
    return { series: operator === 'in' ? filterValues(params).length : 1, bound: true };
  return { series: rowsPerTimePoint(dataset), bound: filtered };
}

/**
 * Rows of a request: time range ÷ step × series, capped by `limit`. An `at most` estimate where a
 * filter on values may keep fewer; the span lets the export refine it as pages arrive.
 */
export function estimateRows(
  params: DatasetQueryParams,
  dataset: Dataset,
  nowMs: number,
  seriesCount: SeriesCount | null,
): RowEstimate | null {
  if (params.time !== undefined)
    return params.limit === undefined ? null : { rows: params.limit, kind: 'at most' };
  const start = Date.parse(params.start_time ?? dataset.earliestData);
  const end = params.end_time ? Date.parse(params.end_time) : presetAnchor(dataset, nowMs);
  const freq = params.resample_frequency ? parseFrequency(params.resample_frequency) : null;
  const step = freq ? freq.count * UNIT_MS[freq.unit] : CADENCE_MS[dataset.cadence];
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const series = seriesOf(params, dataset, seriesCount);
  if (series === null) return null;
  const rows = Math.round(Math.ceil((end - start) / step) * series.series);
  const span = { startMs: start, endMs: end, descending: params.order === 'desc' };
  if (params.limit !== undefined && params.limit < rows) return { rows: params.limit, kind: 'at most', span };
  return { rows, kind: series.bound ? 'at most' : 'about', span };
}

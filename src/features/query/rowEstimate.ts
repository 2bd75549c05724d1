/** How many rows a request will give, for the export's estimate before the server says. */
import type { RowEstimate } from '@/api/exports/exportJobs';
import type {
  Dataset,
  DatasetQueryParams,
  DatasetQueryResponse,
  PricingLocationListParams,
  ResampleUnit,
} from '@/contract';
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
  // Other subseries (resources, constraints) vary in rows per interval: the server counts them (`rowCountReason`).
  if (subseries !== PRICING_LOCATION_COLUMN) return null;
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
 * Why time × series does not tell the rows of a request, so the server is asked to count them:
 * - `vintages`: every forecast vintage of an interval is a row of its own, and how many vintages
 *   an interval has depends on where it lies (an hour of the past has every report that covered
 *   it, an hour ahead only those published so far);
 * - `one vintage`: one report (`latest_report` or a publish time) has rows only for the intervals
 *   it covers, which may be fewer than the range's;
 * - `subseries`: the subseries is not a pricing location, and its rows per interval vary (a
 *   binding constraint has rows only while it binds, several contingencies at once; resources come
 *   and go), so the catalog's average over the whole history stands for no particular range.
 * `publish_time=latest` keeps one row per interval (and location): time × series holds.
 */
export type RowCountReason = 'vintages' | 'one vintage' | 'subseries';

export function rowCountReason(params: DatasetQueryParams, dataset: Dataset): RowCountReason | null {
  if (params.time !== undefined) return null;
  if (dataset.publish_time_column !== null && params.publish_time !== 'latest')
    return params.publish_time === undefined ? 'vintages' : 'one vintage';
  const subseries = dataset.subseries_index_column;
  if (subseries !== null && subseries !== PRICING_LOCATION_COLUMN) return 'subseries';
  return null;
}

/** What a count keeps of its query: the rows it selects (range, zone, filter, vintages). */
const COUNT_KEPT = [
  'timezone',
  'start_time',
  'end_time',
  'filter_column',
  'filter_value',
  'filter_operator',
  'publish_time',
  'publish_time_start',
  'publish_time_end',
] as const satisfies readonly (keyof DatasetQueryParams)[];

/** The contract's largest page: the count is read in one request. */
const COUNT_PAGE_SIZE = 50_000;
/**
 * Buckets of the count of a query that is not resampled: a year holds so many intervals that the
 * answer is a row per group (subseries value, vintage) and year, however long the range.
 */
const COUNT_BUCKET = '1year';

/** The numeric columns whose counts the answer carries (neither the subseries nor the publish time). */
function countedColumns(dataset: Dataset): string[] {
  return dataset.all_columns
    .filter(
      (c) =>
        c.is_numeric && c.name !== dataset.subseries_index_column && c.name !== dataset.publish_time_column,
    )
    .map((c) => c.name);
}

/** Whether a query asks for resampling (an empty frequency does not). */
export const isResampled = (params: DatasetQueryParams): boolean =>
  params.resample_frequency !== undefined && params.resample_frequency !== '';

/**
 * The request that has the server count the rows of `params` (null where time × series holds):
 * the same range, zone, filter and vintages, resampled with `count`. Not resampled, into years:
 * each answer row counts the source rows of one group; resampled, into the query's own buckets
 * and groups: each answer row is one row of the query (a bucket with no source row gives no row
 * in either), so one numeric column is enough.
 */
export function rowCountParams(params: DatasetQueryParams, dataset: Dataset): DatasetQueryParams | null {
  if (rowCountReason(params, dataset) === null) return null;
  const { resample_frequency, resample_by } = params;
  const resampled = isResampled(params);
  const out: DatasetQueryParams = {
    resample_frequency: resampled ? resample_frequency : COUNT_BUCKET,
    resample_function: 'count',
    page_size: COUNT_PAGE_SIZE,
  };
  if (resampled) {
    const groups = (resample_by ?? '').split(',').map((c) => c.trim());
    const one = countedColumns(dataset).find((c) => !groups.includes(c));
    if (one !== undefined) out.columns = one;
  }
  for (const key of COUNT_KEPT) if (params[key] !== undefined) Object.assign(out, { [key]: params[key] });
  if (resampled && resample_by !== undefined) out.resample_by = resample_by;
  return out;
}

/**
 * The server's count of a query's rows. `complete` is false when the answer ran past one page:
 * the rows are then a lower bound.
 */
export interface RowCount {
  rows: number;
  complete: boolean;
}

/**
 * Reads the answer to `rowCountParams`. Not resampled: each answer row's largest count over the
 * numeric columns is its group's rows (`count` skips nulls; a row with a value in no numeric
 * column at all would go uncounted, which no dataset of the catalog has). Resampled: the answer's
 * rows are the query's.
 */
export function countedRows(
  answer: Pick<DatasetQueryResponse, 'data' | 'meta'>,
  /** Whether the counted query is resampled (`isResampled`). */
  resampled: boolean,
  dataset: Dataset,
): RowCount {
  const complete = answer.meta.hasNextPage !== true;
  if (resampled) return { rows: answer.data.length, complete };
  const columns = countedColumns(dataset);
  let rows = 0;
  for (const row of answer.data) {
    let most = 0;
    for (const column of columns) {
      const value = row[column];
      if (typeof value === 'number' && value > most) most = value;
    }
    rows += most;
  }
  return { rows, complete };
}

/**
 * The export's estimate: a `RowEstimate`, or `at least` where the server's count ran past one page
 * (the job is then given no total rather than a floor as its total). `counted` says the server
 * counted the rows, and why it was asked.
 */
export interface ExportEstimate extends Omit<RowEstimate, 'kind'> {
  kind: RowEstimate['kind'] | 'at least';
  counted?: RowCountReason;
}

/** What the export job is told: its total only where the estimate is one. */
export function jobEstimate(estimate: ExportEstimate | null): RowEstimate | null {
  if (estimate === null || estimate.kind === 'at least') return null;
  const { rows, kind, span } = estimate;
  return span === undefined ? { rows, kind } : { rows, kind, span };
}

/**
 * Rows of a request: time range ÷ step × series, capped by `limit`. An `at most` estimate where a
 * filter on values may keep fewer; the span lets the export refine it as pages arrive. Where
 * `rowCountReason` says time × series does not hold, the server's count (`rowCount`) instead, and
 * null until it is in.
 */
export function estimateRows(
  params: DatasetQueryParams,
  dataset: Dataset,
  nowMs: number,
  seriesCount: SeriesCount | null,
  rowCount: RowCount | null = null,
): ExportEstimate | null {
  if (params.time !== undefined)
    return params.limit === undefined ? null : { rows: params.limit, kind: 'at most' };
  const start = Date.parse(params.start_time ?? dataset.earliestData);
  const end = params.end_time ? Date.parse(params.end_time) : presetAnchor(dataset, nowMs);
  const freq = params.resample_frequency ? parseFrequency(params.resample_frequency) : null;
  const step = freq ? freq.count * UNIT_MS[freq.unit] : CADENCE_MS[dataset.cadence];
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const span = { startMs: start, endMs: end, descending: params.order === 'desc' };
  const reason = rowCountReason(params, dataset);
  if (reason !== null) {
    if (rowCount === null) return null;
    if (params.limit !== undefined && params.limit < rowCount.rows)
      return { rows: params.limit, kind: 'at most', span, counted: reason };
    return { rows: rowCount.rows, kind: rowCount.complete ? 'about' : 'at least', span, counted: reason };
  }
  const series = seriesOf(params, dataset, seriesCount);
  if (series === null) return null;
  const rows = Math.round(Math.ceil((end - start) / step) * series.series);
  if (params.limit !== undefined && params.limit < rows) return { rows: params.limit, kind: 'at most', span };
  return { rows, kind: series.bound ? 'at most' : 'about', span };
}

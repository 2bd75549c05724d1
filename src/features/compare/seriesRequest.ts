/**
 * What the API is asked for one data series of the workspace, and the answer turned into two
 * arrays (time, value) ready for the grid. The API resamples to the grid where the dataset's own
 * cadence differs (`resample_frequency`, buckets aligned to the zone's midnight for days), so only
 * grid-sized data travels. A forecast series with a lead time is asked for every vintage instead,
 * and the vintage known at that lead is picked here.
 */
import { CADENCE_MS } from '@/contract';
import { formatUtc, HOUR_MS } from '@/time';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { fetchChartRows, type ChartProgress } from '@/api/query/chartRows';
import { timeMs, numberAt, type ColumnarPage } from '@/lib/columnar';
import { gridCadenceOfStep, sourceRange, type Grid, type GridCadence } from './grid';
import { MAX_LEAD_HOURS } from './forecastError';
import type { DataSeries } from '@/compare/compareWorkspace';

/** Rows one series may bring: a year of 5-minute data with room to spare, or a month of vintages. */
const SERIES_ROW_CAP = 300_000;

const RESAMPLE_FREQUENCY: Record<GridCadence, string> = {
  '5min': '5min',
  '15min': '15min',
  '1h': '1h',
  '1d': '1d',
};

/** The grid cadence a dataset's rows come at. */
export const datasetGridCadence = (dataset: Dataset): GridCadence =>
  gridCadenceOfStep(CADENCE_MS[dataset.cadence]);

export const hasVintages = (dataset: Dataset): boolean => dataset.publish_time_column !== null;

/** The request for `spec` over the grid's range, shifted back by the series' days. */
export function seriesParams(
  spec: DataSeries,
  dataset: Dataset,
  grid: Grid,
  { allLeads = false }: { allLeads?: boolean } = {},
): Omit<DatasetQueryParams, 'cursor' | 'page'> {
  const [from, to] = sourceRange(grid.times[0] ?? grid.end, grid.end, spec.shift, grid.zone);
  const lead = allLeads ? 1 : spec.lead;
  const vintages = hasVintages(dataset) && lead !== null;
  const params: Omit<DatasetQueryParams, 'cursor' | 'page'> = {
    start_time: formatUtc(from),
    end_time: formatUtc(to),
    columns: vintages ? `${dataset.publish_time_column},${spec.column}` : spec.column,
    timezone: grid.zone,
  };
  if (spec.filterColumn !== '') {
    params.filter_column = spec.filterColumn;
    params.filter_value = spec.filterValue;
  }
  if (hasVintages(dataset) && !vintages) params.publish_time = 'latest';
  if (vintages) {
    // The vintages that can be the newest one `lead` hours ahead of some interval of the range
    // (vintages come hourly); with allLeads, every vintage that covers the range (168 h ahead).
    const earliestLead = allLeads ? MAX_LEAD_HOURS + 1 : lead + 2;
    params.publish_time_start = formatUtc(from - earliestLead * HOUR_MS);
    params.publish_time_end = formatUtc(to - lead * HOUR_MS + HOUR_MS);
  } else if (datasetGridCadence(dataset) !== grid.cadence || dataset.cadence === 'IRREGULAR') {
    params.resample_frequency = RESAMPLE_FREQUENCY[grid.cadence];
    params.resample_function = spec.fn;
  }
  return params;
}

export interface SeriesPoints {
  times: Float64Array;
  values: Float64Array;
  /** Only for a series asked for every vintage. */
  published: Float64Array | null;
  rows: number;
  capped: boolean;
}

function toArrays(
  pages: readonly ColumnarPage[],
  rows: number,
  column: string,
  publish: string | null,
): SeriesPoints {
  const times = new Float64Array(rows);
  const values = new Float64Array(rows);
  const published = publish ? new Float64Array(rows) : null;
  let k = 0;
  for (const page of pages) {
    const t = page.columns[0];
    const vi = page.names.indexOf(column);
    const v = page.columns[vi];
    const pi = publish ? page.names.indexOf(publish) : -1;
    const p = page.columns[pi];
    for (let r = 0; r < page.rowCount && k < rows; r++, k++) {
      times[k] = t ? (timeMs(t, r) ?? Number.NaN) : Number.NaN;
      values[k] = v ? (numberAt(v, r) ?? Number.NaN) : Number.NaN;
      if (published) published[k] = p ? (timeMs(p, r) ?? Number.NaN) : Number.NaN;
    }
  }
  return { times, values, published, rows, capped: false };
}

export interface FetchSeriesOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ChartProgress) => void;
  /** Awaited before each page: keeps the workspace inside the key's request rate. */
  beforePage?: () => Promise<void>;
}

export async function fetchSeriesPoints(
  spec: DataSeries,
  dataset: Dataset,
  grid: Grid,
  options: FetchSeriesOptions & { allLeads?: boolean } = {},
): Promise<SeriesPoints> {
  const params = seriesParams(spec, dataset, grid, { allLeads: options.allLeads });
  const result = await fetchChartRows(dataset.id, params, SERIES_ROW_CAP, options);
  const vintages = params.publish_time_end !== undefined;
  const points = toArrays(
    result.pages,
    result.rows,
    spec.column,
    vintages ? dataset.publish_time_column : null,
  );
  return { ...points, capped: result.capped };
}

import { request } from '@/api/request';
import {
  type CellValue,
  type DatasetQueryArraysResponse,
  type DatasetQueryParams,
  endpointPath,
} from '@/contract';
import type { LocationDayKey, SnapshotKey } from './keys';

interface FetchOptions {
  signal?: AbortSignal;
}

/** Every location's price at one interval: names and values side by side, in the API's order. */
export interface PriceSnapshot {
  time: string;
  names: string[];
  values: (number | null)[];
  byName: ReadonlyMap<string, number | null>;
}

/** One location's prices over a range, in time order. */
export interface PriceSeries {
  /** Interval starts, epoch ms. */
  times: number[];
  values: (number | null)[];
}

/** The pricing datasets carry every location; 5,000 rows per interval leaves room for ERCOT's ~1,000 nodes. */
const SNAPSHOT_PAGE_SIZE = 5000;

function columnIndex(header: readonly string[], name: string): number {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`The answer has no column ${name}.`);
  return index;
}

const asNumber = (cell: CellValue | undefined): number | null => (typeof cell === 'number' ? cell : null);

/**
 * One query for all locations at one interval: `time=` names the interval, only the location and
 * price columns come back, as arrays (the cheapest shape to parse). Also what a saved price-map
 * view and its history entry name as the request.
 */
export const snapshotParams = (key: SnapshotKey): DatasetQueryParams => ({
  time: key.time,
  columns: `location,${key.column}`,
  page_size: SNAPSHOT_PAGE_SIZE,
  json_schema: 'array_of_arrays',
});

export async function fetchPriceSnapshot(
  key: SnapshotKey,
  { signal }: FetchOptions = {},
): Promise<PriceSnapshot> {
  const params = snapshotParams(key);
  const body = await request<DatasetQueryArraysResponse>(
    endpointPath('datasetQuery', { dataset_id: key.dataset }),
    {
      params,
      signal,
      wire: 'queryArrays',
    },
  );
  const [header, ...rows] = body.data;
  const at = columnIndex(header, 'location');
  const vi = columnIndex(header, key.column);
  const names: string[] = [];
  const values: (number | null)[] = [];
  const byName = new Map<string, number | null>();
  for (const row of rows) {
    const name = row[at];
    if (typeof name !== 'string') continue;
    const value = asNumber(row[vi]);
    names.push(name);
    values.push(value);
    byName.set(name, value);
  }
  return { time: key.time, names, values, byName };
}

export const locationDayParams = (key: LocationDayKey): DatasetQueryParams => ({
  filter_column: 'location',
  filter_value: key.location,
  start_time: key.start,
  end_time: key.end,
  columns: key.column,
  page_size: SNAPSHOT_PAGE_SIZE,
  json_schema: 'array_of_arrays',
});

/** One location over one market day: the side panel's chart. */
export async function fetchLocationDay(
  key: LocationDayKey,
  { signal }: FetchOptions = {},
): Promise<PriceSeries> {
  const params = locationDayParams(key);
  const body = await request<DatasetQueryArraysResponse>(
    endpointPath('datasetQuery', { dataset_id: key.dataset }),
    {
      params,
      signal,
      wire: 'queryArrays',
    },
  );
  const [header, ...rows] = body.data;
  const ti = columnIndex(header, 'interval_start_utc');
  const vi = columnIndex(header, key.column);
  const times: number[] = [];
  const values: (number | null)[] = [];
  for (const row of rows) {
    const t = row[ti];
    if (typeof t !== 'string') continue;
    times.push(Date.parse(t));
    values.push(asNumber(row[vi]));
  }
  return { times, values };
}

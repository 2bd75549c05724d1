/**
 * Which of the app's queries the history records, told from the query's key: one user query is one
 * entry. The query builder's results (the table's first page; its chart and data-quality count are
 * the same query seen again), each Compare series, the price map's step snapshots (one entry per
 * view, counting its steps) and the side panel's day of one location, the peak report's
 * dataset queries (one entry per view) and the day requests of The grid today's panels (one entry
 * per day shown; their refreshes, which ask only for new rows under a key of their own
 * (`queryKeys.liveNew`), are the page keeping up and are not recorded). The
 * price map's queries are recorded on the price map only. The catalog, locations, usage and the
 * like are not queries of a dataset and are not recorded.
 *
 * This runs inside the query cache's listener, so it only looks at the key's shape; the words and
 * the request URL are made later, when the page is idle (historyEntries.ts). It imports no schema:
 * the module is part of the app's first chunk.
 */
import type { DatasetQueryParams } from '@/contract';
import type { SnapshotKey, LocationDayKey } from '@/api/prices/keys';
import { priceKeys } from '@/api/prices/keys';
import { queryKeys } from '@/api/query/keys';
import { compareSeriesKeys } from '@/compare/seriesKeys';
import { isRecord } from '@/lib/isRecord';
import type { ViewKind } from './types';

/** What a recorded query asked, as its key says it. */
export type QuerySource =
  | { type: 'table' | 'rows' | 'series' | 'live'; dataset: string; params: DatasetQueryParams }
  | { type: 'snapshot'; key: SnapshotKey }
  | { type: 'locationDay'; key: LocationDayKey };

const QUERY = queryKeys.all[0];
const PRICES = priceKeys.all[0];
const COMPARE = compareSeriesKeys.all[0];

/**
 * The source of a query the history records, or null. `page` is the kind of the page it runs on:
 * a plain dataset query (`rows`) is the page's own query only on the peak report; on the query
 * builder it is the data-quality count of the query already recorded. `page` is read only for a
 * key whose recording depends on it, so the many queries never recorded (metadata, a live page's
 * new rows, usage) cost one look at their key.
 */
export function recordedSource(key: readonly unknown[], page: () => ViewKind | null): QuerySource | null {
  const [root, a, b, c] = key;
  if (root === QUERY) {
    if (typeof a !== 'string' || !isRecord(c)) return null;
    if (b === 'table') return { type: 'table', dataset: a, params: c };
    if (b === 'rows' && page() === 'dailyPeak') return { type: 'rows', dataset: a, params: c };
    if (b === 'live' && page() === 'today') return { type: 'live', dataset: a, params: c };
    return null;
  }
  if (root === COMPARE) {
    // compareSeriesKeys.series: the dataset, then the request's parameters.
    return typeof a === 'string' && isRecord(b) ? { type: 'series', dataset: a, params: b } : null;
  }
  // The price map's own queries only: another page reading a snapshot (the overview's highest node,
  // asked again every five minutes) is a figure on that page, not a query the analyst made.
  if (root === PRICES && page() === 'priceMap') {
    if (a === 'snapshot' && typeof b === 'string' && typeof c === 'string' && typeof key[4] === 'string')
      return { type: 'snapshot', key: { dataset: b, column: c, time: key[4] } };
    if (a === 'location-day' && isRecord(b) && typeof b.dataset === 'string')
      return { type: 'locationDay', key: b as unknown as LocationDayKey };
  }
  return null;
}

/** What an answer held: its rows, whether the server had more past them, the dataset's name. */
export interface AnswerSummary {
  rows: number | null;
  moreRows: boolean;
  datasetName: string | null;
}

const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The rows a query's answer holds, read from its data as each fetcher shapes it. No answer reports
 * a total for the whole query, so a first page says how many it brought and whether more follow.
 */
export function summariseAnswer(source: QuerySource, data: unknown): AnswerSummary {
  const none: AnswerSummary = { rows: null, moreRows: false, datasetName: null };
  if (!isRecord(data)) return none;
  switch (source.type) {
    case 'table': {
      // TablePage: a columnar first page, its meta and the dataset's metadata.
      const rows = isRecord(data.rows) ? count(data.rows.rowCount) : null;
      const meta = isRecord(data.meta) ? data.meta : {};
      const metadata = isRecord(data.dataset_metadata) ? data.dataset_metadata : {};
      return {
        rows,
        moreRows: meta.hasNextPage === true,
        datasetName: typeof metadata.name === 'string' ? metadata.name : null,
      };
    }
    case 'rows': {
      const meta = isRecord(data.meta) ? data.meta : {};
      return {
        rows: Array.isArray(data.data) ? data.data.length : null,
        moreRows: meta.hasNextPage === true,
        datasetName: null,
      };
    }
    case 'live':
      // LiveRows: every row of the day so far.
      return { rows: Array.isArray(data.rows) ? data.rows.length : null, moreRows: false, datasetName: null };
    case 'series':
      // SeriesPoints: every row of the series up to a cap.
      return { rows: count(data.rows), moreRows: data.capped === true, datasetName: null };
    case 'snapshot':
      // PriceSnapshot: one price per location.
      return {
        rows: Array.isArray(data.names) ? data.names.length : null,
        moreRows: false,
        datasetName: null,
      };
    case 'locationDay':
      // PriceSeries: one price per interval.
      return {
        rows: Array.isArray(data.times) ? data.times.length : null,
        moreRows: false,
        datasetName: null,
      };
  }
}

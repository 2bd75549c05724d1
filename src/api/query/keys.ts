import type { DatasetQueryParams } from '@/contract';

export const queryKeys = {
  all: ['query'] as const,
  dataset: (id: string) => [...queryKeys.all, id] as const,
  rows: (id: string, params: DatasetQueryParams) => [...queryKeys.dataset(id), 'rows', params] as const,
  byPath: (id: string, column: string, value: string, params: DatasetQueryParams) =>
    [...queryKeys.dataset(id), 'path', column, value, params] as const,
  /** The first cursor page of the results table (later pages live in its PagedRows store). */
  table: (id: string, params: Omit<DatasetQueryParams, 'cursor' | 'page'>) =>
    [...queryKeys.dataset(id), 'table', params] as const,
  /** Every row of a query up to a cap, for the chart (see chartRows.ts). */
  chart: (id: string, params: Omit<DatasetQueryParams, 'cursor' | 'page'>, cap: number) =>
    [...queryKeys.dataset(id), 'chart', params, cap] as const,
  /** The distinct values of a subseries column at the dataset's newest interval. */
  subseriesValues: (id: string, column: string) => [...queryKeys.dataset(id), 'subseries', column] as const,
  csv: (id: string, params: DatasetQueryParams) => [...queryKeys.dataset(id), 'csv', params] as const,
  /** Every row of a query that grows as new intervals arrive (see liveRows.ts): keyed by the first request. */
  live: (id: string, params: DatasetQueryParams) => [...queryKeys.dataset(id), 'live', params] as const,
  /**
   * A live page's request for only the rows new since those held: a refresh, not a query of the
   * analyst's, so the history does not record it (historySources.ts).
   */
  liveNew: (id: string, since: DatasetQueryParams) => [...queryKeys.dataset(id), 'live-new', since] as const,
};

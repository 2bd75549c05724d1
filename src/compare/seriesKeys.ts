/**
 * The query keys of Compare's data series, shared by the page that fetches them and the query
 * history that records them (src/workspace/historySources.ts): one definition, so neither drifts.
 */
import type { DatasetQueryParams } from '@/contract';

type SeriesParams = Omit<DatasetQueryParams, 'cursor' | 'page'>;

export const compareSeriesKeys = {
  all: ['compare'] as const,
  /** One data series' rows over the grid: the dataset and the request's parameters. */
  series: (dataset: string, params: SeriesParams) => [...compareSeriesKeys.all, dataset, params] as const,
  /** A series that is not asked for (no grid, no dataset, a problem with its definition). */
  idle: (seriesKey: string) => [...compareSeriesKeys.all, 'idle', seriesKey] as const,
};

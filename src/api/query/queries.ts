import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDatasetQuery, fetchDatasetTablePage } from '@/api/query/fetchers';
import { queryKeys } from '@/api/query/keys';
import type { DatasetQueryParams } from '@/contract';

export function datasetQueryOptions(id: string, params: DatasetQueryParams = {}) {
  return queryOptions({
    queryKey: queryKeys.rows(id, params),
    queryFn: ({ signal }) => fetchDatasetQuery(id, params, { signal }),
    // Paging through results should not flash an empty table between pages.
    placeholderData: keepPreviousData,
  });
}

/**
 * The first cursor page of the results table, decoded into columns. Only this page is cached:
 * later pages are fetched, dropped and fetched again by their cursors in a `PagedRows` store, so
 * a long scroll never piles every row into the cache (docs/decisions/0011-table-memory.md).
 */
export function datasetTablePageOptions(
  id: string,
  params: Omit<DatasetQueryParams, 'cursor' | 'page'> = {},
) {
  return queryOptions({
    queryKey: queryKeys.table(id, params),
    queryFn: ({ signal }) => fetchDatasetTablePage(id, params, '', { signal }),
    // Typed arrays are not compared cell by cell; a new page is a new result.
    structuralSharing: false,
    // The time range is resolved when the query is run, so its rows do not go stale; a reconnect
    // must not reset a table the user has scrolled far into.
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}

/** Rows of one interval can run to a few hundred series (buses): one page holds them all. */
const SUBSERIES_PAGE = 5000;

/**
 * The names a dataset's subseries column takes, read from its own newest interval: for datasets
 * whose locations no registry lists (electrical buses are not pricing locations), this is how the
 * builder knows which names exist. Sorted, distinct.
 */
export function subseriesValuesOptions(id: string, column: string) {
  return queryOptions({
    queryKey: queryKeys.subseriesValues(id, column),
    queryFn: async ({ signal }) => {
      const page = await fetchDatasetQuery(
        id,
        { time: 'latest', columns: column, page_size: SUBSERIES_PAGE },
        { signal },
      );
      const names = new Set(page.data.map((row) => String(row[column] ?? '')));
      names.delete('');
      // A newest interval longer than one page leaves names out: none can then be called unknown.
      return { names: [...names].sort(), complete: page.meta.hasNextPage !== true };
    },
    // The set of series changes on the scale of days, not of a session.
    staleTime: 60 * 60 * 1000,
  });
}

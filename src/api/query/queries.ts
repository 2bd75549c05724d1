import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { queryKeys } from '@/api/query/keys';
import type { DatasetQueryParams, DatasetQueryResponse } from '@/api/types';

export function datasetQueryOptions(id: string, params: DatasetQueryParams = {}) {
  return queryOptions({
    queryKey: queryKeys.rows(id, params),
    queryFn: ({ signal }) => fetchDatasetQuery(id, params, { signal }),
    // Paging through results should not flash an empty table between pages.
    placeholderData: keepPreviousData,
  });
}

/** Cursor mode: the first page is asked with an empty cursor, each next page with the server's token. */
export function datasetQueryInfiniteOptions(
  id: string,
  params: Omit<DatasetQueryParams, 'cursor' | 'page'> = {},
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.infinite(id, params),
    queryFn: ({ signal, pageParam }) => fetchDatasetQuery(id, { ...params, cursor: pageParam }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last: DatasetQueryResponse) => last.meta.cursor ?? undefined,
  });
}

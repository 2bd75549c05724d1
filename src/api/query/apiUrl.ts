/**
 * A dataset query as a script would send it: the API URL of the whole query (every page of it)
 * and its parameters as sent, the key never in either (it travels in the `x-api-key` header).
 * The export sidecar and the query history write requests this way.
 */
import { encodeQuery } from '@/api/request';
import { type DatasetQueryParams, endpointPath } from '@/contract';

export function datasetQueryApiUrl(server: string, datasetId: string, params: DatasetQueryParams): string {
  const { cursor: _cursor, page: _page, page_size: _size, download: _download, ...query } = params;
  const path = endpointPath('datasetQuery', { dataset_id: datasetId });
  return `${server.replace(/\/+$/, '')}${path}${encodeQuery(query)}`;
}

/** The parameters that were set, as JSON-ready values. */
export function sentParameters(params: DatasetQueryParams): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).filter(
      (entry): entry is [string, string | number | boolean] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number' || typeof entry[1] === 'boolean',
    ),
  );
}

/**
 * An API request as a script outside this page would send it: the server, the path and the query
 * string, the key never in it (it travels in the `x-api-key` header). The export sidecar and a
 * saved view's requests are written by the same code, so the two always agree.
 */
import { encodeQuery } from '@/api/request';
import { type DatasetQueryParams, endpointPath } from '@/contract';

type ApiParameterValue = string | number | boolean;

export interface ApiRequest {
  /** The dataset it reads, or null for a request that is not a dataset query. */
  dataset: string | null;
  /** The whole URL, server included. */
  url: string;
  /** The parameters as the page sent them (undefined ones left out). */
  parameters: Record<string, ApiParameterValue>;
}

function definedParameters(params: object): Record<string, ApiParameterValue> {
  const out: Record<string, ApiParameterValue> = {};
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = value;
  }
  return out;
}

/** A request to `path` on `server` (the base URL before `/v1`). */
export function apiRequest(
  server: string,
  path: string,
  params: object,
  dataset: string | null = null,
): ApiRequest {
  return {
    dataset,
    url: `${server.replace(/\/+$/, '')}${path}${encodeQuery(params)}`,
    parameters: definedParameters(params),
  };
}

/**
 * The whole of a dataset query: its URL leaves out the paging the page did (cursor, page, page
 * size) and the download flag, so it names every row; its parameters are what the page sent.
 */
export function datasetQueryRequest(
  server: string,
  datasetId: string,
  params: DatasetQueryParams,
): ApiRequest {
  const { cursor: _cursor, page: _page, page_size: _size, download: _download, ...query } = params;
  const path = endpointPath('datasetQuery', { dataset_id: datasetId });
  return { ...apiRequest(server, path, query, datasetId), parameters: definedParameters(params) };
}

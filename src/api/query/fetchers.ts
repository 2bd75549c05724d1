import { ApiError } from '@/api/ApiError';
import { decodeTablePage, UnreadablePageError, type TablePage } from '@/api/query/tablePage';
import { CSV_ACCEPT, encodeQuery, request, requestBytes } from '@/api/request';
import {
  type DatasetQueryParams,
  type DatasetQueryResponse,
  endpointPath,
  PAGING_HEADERS,
  RESPONSE_HEADERS,
} from '@/contract';

interface FetchOptions {
  signal?: AbortSignal;
}

/** Paging of a CSV answer, which travels in headers because the body has no room for it. */
interface CsvPaging {
  page: number | null;
  pageSize: number | null;
  limit: number | null;
  hasNextPage: boolean;
  cursor: string | null;
  /** From `Content-Disposition` when `download=true`. */
  filename: string | null;
}

export interface DatasetQueryCsv {
  readonly text: string;
  /** The body as it came, for a file that keeps it unchanged (a Blob of bytes costs a third of one of text). */
  bytes: Uint8Array<ArrayBuffer>;
  headers: Headers;
  paging: CsvPaging;
}

const queryPath = (id: string): string => endpointPath('datasetQuery', { dataset_id: id });

export function fetchDatasetQuery(
  id: string,
  params: DatasetQueryParams = {},
  { signal }: FetchOptions = {},
): Promise<DatasetQueryResponse> {
  return request<DatasetQueryResponse>(queryPath(id), {
    params: { ...params, return_format: undefined },
    signal,
    wire:
      params.json_schema === 'array_of_arrays' || params.json_schema === 'array-of-arrays'
        ? 'queryArrays'
        : 'query',
  });
}

function intHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value);
}

function filenameOf(disposition: string | null): string | null {
  if (disposition === null) return null;
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? null;
}

function readCsvPaging(headers: Headers): CsvPaging {
  return {
    page: intHeader(headers, PAGING_HEADERS.page),
    pageSize: intHeader(headers, PAGING_HEADERS.pageSize),
    limit: intHeader(headers, PAGING_HEADERS.limit),
    hasNextPage: headers.get(PAGING_HEADERS.hasNextPage)?.toLowerCase() === 'true',
    cursor: headers.get(PAGING_HEADERS.cursor),
    filename: filenameOf(headers.get(RESPONSE_HEADERS.contentDisposition)),
  };
}

export async function fetchDatasetQueryCsv(
  id: string,
  params: DatasetQueryParams = {},
  { signal }: FetchOptions = {},
): Promise<DatasetQueryCsv> {
  const { bytes, headers } = await requestBytes(
    queryPath(id),
    { params: { ...params, return_format: 'csv' }, signal },
    CSV_ACCEPT,
  );
  const body = new Uint8Array(bytes);
  let text: string | undefined;
  return {
    // Read when asked for: a Parquet export hands the bytes to its worker and never reads them here.
    get text() {
      return (text ??= new TextDecoder().decode(body));
    },
    bytes: body,
    headers,
    paging: readCsvPaging(headers),
  };
}

/**
 * One cursor page for the results table, decoded into columns: asked for as `array_of_arrays`
 * (a header row, then plain arrays), which is smaller to send and quicker to convert.
 */
export async function fetchDatasetTablePage(
  id: string,
  params: Omit<DatasetQueryParams, 'cursor' | 'page'>,
  cursor: string,
  { signal }: FetchOptions = {},
): Promise<TablePage> {
  const wire = { ...params, cursor, return_format: undefined, json_schema: 'array_of_arrays' as const };
  const { bytes } = await requestBytes(queryPath(id), { params: wire, signal });
  try {
    return await decodeTablePage(bytes, signal);
  } catch (e) {
    if (!(e instanceof UnreadablePageError)) throw e;
    // As `request()` says it: typically an HTML page from a wrong base URL.
    throw new ApiError({
      status: 200,
      detail: 'The answer was not valid JSON. Check the base URL.',
      path: `${queryPath(id)}${encodeQuery(wire)}`,
    });
  }
}

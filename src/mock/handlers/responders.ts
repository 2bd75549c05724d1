import {
  ALLOWED_METHODS,
  API_KEY_HEADER,
  type CellValue,
  CORS_HEADER_NAMES,
  type ErrorDetail,
  EXPOSED_HEADERS,
  type JsonSchema,
  type Meta,
  PAGING_HEADERS,
  RESPONSE_HEADERS,
  RETURN_FORMATS,
  type ReturnFormat,
  type Row,
} from '@/contract';
import { normaliseJsonSchema, rowToArray, toArrayOfArrays, toCsv, type EncodableCell } from './encode';
import { oneOf, type ParamReader } from '../engine/params';

/**
 * Responses of the mock, msw-free: JSON and CSV bodies, the format parameters of contract §4,
 * paging headers and CORS. Routes build every answer with these so formats stay uniform.
 */

/** Sent on every response, so a page on another origin can call the HTTP mock (contract §1). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  [CORS_HEADER_NAMES.allowOrigin]: '*',
  [CORS_HEADER_NAMES.exposeHeaders]: EXPOSED_HEADERS.join(', '),
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  [CORS_HEADER_NAMES.allowMethods]: ALLOWED_METHODS.join(', '),
  [CORS_HEADER_NAMES.allowHeaders]: API_KEY_HEADER,
  [CORS_HEADER_NAMES.maxAge]: '600',
};

export const JSON_TYPE = 'application/json';
const CSV_TYPE = 'text/csv; charset=utf-8';

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { [RESPONSE_HEADERS.contentType]: JSON_TYPE, ...init.headers },
  });
}

export function errorResponse(
  status: number,
  detail: ErrorDetail,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ detail }, { status, headers });
}

export interface ResponseFormat {
  returnFormat: ReturnFormat;
  jsonSchema: JsonSchema;
  download: boolean;
}

const RETURN_FORMAT_VALUES = RETURN_FORMATS;

/**
 * Reads `return_format`, `json_schema` and `download` in two steps, because contract §3 checks
 * types (a bad `download` is a 422) before the resource and rules (a bad `return_format` is a
 * 400) after it. Call this before `query.assertValid()`, and `resolve()` after the 404 checks.
 */
export function formatParams(query: ParamReader): { resolve(): ResponseFormat } {
  const download = query.boolean('download', false);
  const rawReturnFormat = query.string('return_format');
  const rawJsonSchema = query.string('json_schema');
  return {
    resolve: () => ({
      returnFormat: oneOf('return_format', rawReturnFormat, RETURN_FORMAT_VALUES, 'json'),
      jsonSchema: normaliseJsonSchema(rawJsonSchema),
      download,
    }),
  };
}

/** `{page:1, limit, page_size:<count>, hasNextPage, cursor:null}` for lists served in one page. */
export function singlePageMeta(
  count: number,
  options: { limit?: number | null; hasNextPage?: boolean } = {},
): Meta {
  return {
    page: 1,
    limit: options.limit ?? null,
    page_size: count,
    hasNextPage: options.hasNextPage ?? false,
    cursor: null,
  };
}

/** Paging headers of CSV answers (contract §4): `X-Limit` when set, `X-Cursor` when there is a next page. */
export function pagingHeaders(meta: Meta): Record<string, string> {
  const headers: Record<string, string> = {};
  if (meta.page !== null) headers[PAGING_HEADERS.page] = String(meta.page);
  if (meta.page_size !== null) headers[PAGING_HEADERS.pageSize] = String(meta.page_size);
  if (meta.limit !== null) headers[PAGING_HEADERS.limit] = String(meta.limit);
  if (meta.hasNextPage !== null) headers[PAGING_HEADERS.hasNextPage] = meta.hasNextPage ? 'true' : 'false';
  if (meta.cursor !== null) headers[PAGING_HEADERS.cursor] = meta.cursor;
  return headers;
}

function downloadHeaders(format: ResponseFormat, filenameBase: string): Record<string, string> {
  if (!format.download) return {};
  // Ids are ASCII in the catalog; quotes and backslashes are removed so the header stays well-formed.
  const safe = filenameBase.replace(/["\\\r\n]/g, '_');
  return { [RESPONSE_HEADERS.contentDisposition]: `attachment; filename="${safe}.${format.returnFormat}"` };
}

function csvResponse(text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status: 200,
    headers: { [RESPONSE_HEADERS.contentType]: CSV_TYPE, ...headers },
  });
}

export interface ListBody<T extends object> {
  /** `datasets` for the catalog, else the dataset id: names the downloaded file. */
  filenameBase: string;
  /** Output columns, in order (also the header of an empty CSV and of `array_of_arrays`). */
  columns: readonly (keyof T & string)[];
  rows: readonly T[];
  meta: Meta;
  datasetMetadata?: unknown;
}

/** A list answer: `{data, meta, dataset_metadata}` in either JSON schema, or CSV with paging headers. */
export function listResponse<T extends object>(format: ResponseFormat, body: ListBody<T>): Response {
  const disposition = downloadHeaders(format, body.filenameBase);
  // Wire objects are plain data; reading them by column name is what encoding means.
  const records = body.rows as readonly object[] as readonly Readonly<Record<string, unknown>>[];
  if (format.returnFormat === 'csv') {
    const rows = records.map((row) => rowToArray(body.columns, row));
    return csvResponse(toCsv(body.columns, rows), { ...pagingHeaders(body.meta), ...disposition });
  }
  const data = format.jsonSchema === 'array_of_arrays' ? toArrayOfArrays(body.columns, records) : body.rows;
  return jsonResponse(
    { data, meta: body.meta, dataset_metadata: body.datasetMetadata ?? null },
    { headers: disposition },
  );
}

/**
 * A list answer from rows already laid out in `columns` order (what the query engine produces):
 * zipped into objects for `array_of_objects`, passed through for `array_of_arrays` and CSV.
 */
export function tableResponse(
  format: ResponseFormat,
  body: {
    filenameBase: string;
    columns: readonly string[];
    rows: readonly (readonly CellValue[])[];
    meta: Meta;
    datasetMetadata?: unknown;
  },
): Response {
  const disposition = downloadHeaders(format, body.filenameBase);
  if (format.returnFormat === 'csv') {
    return csvResponse(toCsv(body.columns, body.rows), { ...pagingHeaders(body.meta), ...disposition });
  }
  let data: unknown;
  if (format.jsonSchema === 'array_of_arrays') {
    data = toArrayOfArrays(body.columns, body.rows);
  } else {
    const { columns } = body;
    data = body.rows.map((cells) => {
      const row: Row = {};
      for (let i = 0; i < columns.length; i++) row[columns[i] ?? ''] = cells[i] ?? null;
      return row;
    });
  }
  return jsonResponse(
    { data, meta: body.meta, dataset_metadata: body.datasetMetadata ?? null },
    { headers: disposition },
  );
}

/** A single object (dataset metadata): JSON as is, or CSV of one line. `json_schema` does not apply. */
export function objectResponse<T extends object>(
  format: ResponseFormat,
  body: { filenameBase: string; columns: readonly (keyof T & string)[]; object: T },
): Response {
  const disposition = downloadHeaders(format, body.filenameBase);
  if (format.returnFormat === 'csv') {
    const row = body.columns.map((c) => body.object[c] as EncodableCell);
    return csvResponse(toCsv(body.columns, [row]), disposition);
  }
  return jsonResponse(body.object, { headers: disposition });
}

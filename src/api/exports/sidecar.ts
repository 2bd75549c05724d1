/**
 * The `<file>.query.json` written beside every export: enough to trace a file back to its query and
 * to refresh it. It names the server and the API URL that gives the same rows (with the key left
 * out: it travels in the `x-api-key` header, never in a file), the rows written, when, and how far
 * the dataset's data reached then.
 */
import { encodeQuery } from '@/api/request';
import type { DatasetQueryParams } from '@/api/types';
import type { ExportFormat } from './exportWriters';

/** Where the rows come from, as the page that started the export knows it. */
export interface SidecarSource {
  /** The server a script would call: the base URL before `/v1`. */
  server: string;
  /** A line for a person when the server is not the one the app called (the built-in demo data). */
  serverNote?: string;
  /** The dataset's latest data time (`latest_available_time_utc`) when the export started. */
  datasetLatestData: string | null;
}

interface SidecarJob {
  datasetId: string;
  filename: string;
  format: ExportFormat;
  label: string;
  rows: number;
}

export const sidecarFilename = (filename: string): string => `${filename}.query.json`;

/** The API URL of the whole query: every page of it, the key never in it. */
export function queryApiUrl(server: string, datasetId: string, params: DatasetQueryParams): string {
  const { cursor: _cursor, page: _page, page_size: _size, download: _download, ...query } = params;
  return `${server.replace(/\/+$/, '')}/v1/datasets/${encodeURIComponent(datasetId)}/query${encodeQuery(query)}`;
}

export function sidecarText(
  source: SidecarSource,
  job: SidecarJob,
  params: DatasetQueryParams,
  exportedAt: Date,
): string {
  const parameters = Object.fromEntries(
    Object.entries(params as Record<string, unknown>).filter(([, v]) => v !== undefined),
  );
  return `${JSON.stringify(
    {
      file: job.filename,
      format: job.format,
      dataset: job.datasetId,
      query: job.label,
      parameters,
      server: source.server,
      ...(source.serverNote ? { server_note: source.serverNote } : {}),
      api_url: queryApiUrl(source.server, job.datasetId, params),
      api_key: 'not written: send yours in the x-api-key header',
      rows: job.rows,
      exported_at: exportedAt.toISOString(),
      dataset_latest_data: source.datasetLatestData,
    },
    null,
    2,
  )}\n`;
}

/**
 * The file formats of "Export all rows" (docs/decisions/0018-export-formats.md). Each writer
 * fetches a page the way its format reads best (CSV text for the CSVs, columnar pages for Parquet)
 * and keeps the file as Blob parts outside the JS heap. Fetching and writing are separate steps so
 * that a page's rows and the cursor after it are recorded together, with no await in between.
 */
import { fetchDatasetQueryCsv, fetchDatasetTablePage } from '@/api/query/fetchers';
import { resampleUnitOf, type Dataset, type DatasetQueryParams } from '@/api/types';
import { neutraliseCsvText } from '@/lib/csv';
import { timeMs } from '@/lib/columnar';
import type * as ParquetModule from './parquetFile';

type ParquetFile = ParquetModule.ParquetFile;
import { spreadsheetCsvPage, UTF8_BOM, type SpreadsheetLayout } from './spreadsheetCsv';

export const EXPORT_FORMATS = ['csv', 'spreadsheet', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_INFO: Record<ExportFormat, { label: string; extension: string; hint: string }> = {
  csv: {
    label: 'CSV',
    extension: 'csv',
    hint: 'The API’s columns and values as they are (ISO timestamps with their offset), for pandas, DuckDB or R.',
  },
  spreadsheet: {
    label: 'CSV for spreadsheets',
    extension: 'csv',
    hint: 'Opens in Excel as it is: UTF-8 with a BOM, plain date-times in market time with the UTC offset beside UTC, and for hourly data the market day, hour ending (HE01–HE24) and a DST flag on the repeated hour.',
  },
  parquet: {
    label: 'Parquet',
    extension: 'parquet',
    hint: 'Typed columns (timestamps as UTC instants, numbers as doubles, text as strings), compressed, for pandas, pyarrow, Polars or DuckDB.',
  },
};

/** What writing one page did: the rows it added and the instant of its last row (NaN if none). */
export interface PageWritten {
  rows: number;
  lastRowMs: number;
}

/** A page that has arrived: the cursor after it (null at the end), known before it is written. */
export interface FetchedPage {
  cursor: string | null;
  /** Writes the page, synchronously. */
  write(): PageWritten;
}

export interface ExportWriter {
  /** Fetches the page at `cursor`. */
  fetchPage(params: DatasetQueryParams, cursor: string, signal: AbortSignal): Promise<FetchedPage>;
  /** The whole file, once the last page is written. */
  finish(): Blob;
}

/** The instant in the first cell of the last row of a CSV body (the time index comes first), NaN if none. */
function lastCsvRowTime(body: string): number {
  const end = body.trimEnd();
  const start = end.lastIndexOf('\n') + 1;
  const comma = end.indexOf(',', start);
  return Date.parse(end.slice(start, comma < 0 ? end.length : comma).replace(/^"|"$/g, ''));
}

const nextCursor = (cursor: string | null | undefined): string | null =>
  cursor === null || cursor === undefined || cursor === '' ? null : cursor;

/** CSV pages from the API, each rewritten by `rewrite`; the first page keeps its header. */
function csvWriter(
  datasetId: string,
  rewrite: (text: string) => { header: string; body: string; rows: number },
  prefix = '',
): ExportWriter {
  const parts: Blob[] = [];
  return {
    async fetchPage(params, cursor, signal) {
      const page = await fetchDatasetQueryCsv(datasetId, { ...params, cursor }, { signal });
      return {
        cursor: nextCursor(page.paging.cursor),
        write() {
          const { header, body, rows } = rewrite(page.text);
          parts.push(new Blob(parts.length === 0 ? [prefix, header, body] : [body]));
          return { rows, lastRowMs: lastCsvRowTime(body) };
        },
      };
    },
    finish: () => new Blob(parts, { type: 'text/csv;charset=utf-8' }),
  };
}

/** The Parquet writer loads with the first Parquet export, not with the app (it is not small). */
let parquetModule: Promise<typeof ParquetModule> | null = null;
const loadParquet = () => (parquetModule ??= import('./parquetFile'));

function parquetWriter(dataset: Dataset, params: DatasetQueryParams): ExportWriter {
  let file: ParquetFile | null = null;
  const metadata = {
    'gridscope.dataset': dataset.id,
    'gridscope.query': JSON.stringify(params),
    'gridscope.data_timezone': dataset.data_timezone,
  };
  const open = async (): Promise<ParquetFile> => {
    const { ParquetFile } = await loadParquet();
    return (file ??= new ParquetFile(dataset.all_columns, metadata));
  };
  return {
    async fetchPage(query, cursor, signal) {
      const { cursor: _drop, page: _page, ...rest } = query;
      const [target, page] = await Promise.all([
        open(),
        fetchDatasetTablePage(dataset.id, rest, cursor, { signal }),
      ]);
      return {
        cursor: nextCursor(page.meta.cursor),
        write() {
          target.addPage(page.rows);
          const index = page.rows.names.indexOf(dataset.time_index_column);
          const column = page.rows.columns[index];
          const last = column && page.rows.rowCount > 0 ? timeMs(column, page.rows.rowCount - 1) : null;
          return { rows: page.rows.rowCount, lastRowMs: last ?? Number.NaN };
        },
      };
    },
    finish: () => {
      if (file === null) throw new Error('A Parquet file is finished only after its first page.');
      return file.finish();
    },
  };
}

/** Whether the rows come one per hour: an hourly dataset left alone, or any dataset resampled to one hour. */
export function isHourly(dataset: Dataset, params: DatasetQueryParams): boolean {
  const frequency = params.resample_frequency?.trim();
  if (!frequency) return dataset.cadence === '1_HOUR';
  const m = /^(\d+)\s*([a-z]+)$/i.exec(frequency);
  const unit = m?.[2] ? resampleUnitOf(m[2]) : null;
  const count = Number(m?.[1]);
  return (unit === 'hour' && count === 1) || (unit === 'minute' && count === 60);
}

export function spreadsheetLayout(dataset: Dataset, params: DatasetQueryParams): SpreadsheetLayout {
  return {
    timeZone: dataset.data_timezone,
    datetimeColumns: dataset.all_columns.filter((c) => c.is_datetime).map((c) => c.name),
    timeIndexColumn: dataset.time_index_column,
    hourly: isHourly(dataset, params),
  };
}

/** The writer for a format; CSV needs only the dataset's id, the others read its metadata. */
export function createExportWriter(
  format: ExportFormat,
  datasetId: string,
  dataset: Dataset | undefined,
  params: DatasetQueryParams,
): ExportWriter {
  if (format === 'csv' || dataset === undefined) return csvWriter(datasetId, neutraliseCsvText);
  if (format === 'spreadsheet') {
    const layout = spreadsheetLayout(dataset, params);
    return csvWriter(datasetId, (text) => spreadsheetCsvPage(text, layout), UTF8_BOM);
  }
  return parquetWriter(dataset, params);
}

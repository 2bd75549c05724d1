/**
 * The file formats of "Export all rows" (docs/decisions/0018-export-formats.md). Each writer
 * fetches a page the way its format reads best (CSV text for the CSVs, columnar pages for Parquet)
 * and keeps the file as Blob parts outside the JS heap. Fetching and writing are separate steps so
 * that a page's rows and the cursor after it are recorded together, with no await in between.
 */
import { fetchDatasetQueryCsv, type DatasetQueryCsv } from '@/api/query/fetchers';
import { resampleUnitOf, type Dataset, type DatasetQueryParams } from '@/contract';
import { neutraliseCsvText } from '@/lib/csv';
import { type FetchedPage, type PageWritten } from './pageWalk';
import { createParquetExport, type ParquetExport } from './parquetExport';
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
    hint: 'Typed columns (timestamps as UTC instants, the _local ones as the market clock, numbers as doubles, text as strings), compressed, for pandas, pyarrow, Polars or DuckDB.',
  },
};

export interface ExportWriter {
  /** Fetches the page at `cursor`. */
  fetchPage(params: DatasetQueryParams, cursor: string, signal: AbortSignal): Promise<FetchedPage>;
  /** The whole file, once the last page is written. */
  finish(): Promise<Blob>;
  /** The export is over (done, cancelled or dismissed): let go of what the writer holds. */
  dispose(): void;
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

/**
 * A page's part of the file: its bytes as they came when `rewrite` changed nothing (the common
 * case: in Chromium a Blob of bytes costs about a third of one made from the same text, bench
 * export-all), else the rewritten text.
 */
function csvPart(page: DatasetQueryCsv, header: string, body: string, first: boolean, prefix: string): Blob {
  if (header.length + body.length === page.text.length) {
    const bodyBytes = first ? page.bytes : page.bytes.subarray(new TextEncoder().encode(header).length);
    return new Blob(first ? [prefix, bodyBytes] : [bodyBytes]);
  }
  return new Blob(first ? [prefix, header, body] : [body]);
}

/**
 * CSV pages from the API, each rewritten by `rewrite`; the first page keeps its header. The plain
 * CSV is the server's text with only text cells neutralised (its numbers keep the characters the
 * API wrote); the spreadsheet flavour's records come from the app's one CSV writer (lib/csvWriter).
 */
function csvPagesWriter(
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
          parts.push(csvPart(page, header, body, parts.length === 0, prefix));
          return { rows, lastRowMs: lastCsvRowTime(body) };
        },
      };
    },
    finish: () => Promise.resolve(new Blob(parts, { type: 'text/csv;charset=utf-8' })),
    dispose: () => {
      parts.length = 0;
    },
  };
}

const LF = 10;
const QUOTE = 34;

/**
 * The records of a CSV page without quotes and how far in time they reach, read from the bytes
 * without decoding them (only the header and the last line are); null when the page has quotes
 * (a field could hold a line break) and only a full read can tell.
 */
export function plainCsvFacts(bytes: Uint8Array, timeIndexColumn: string): PageWritten | null {
  if (bytes.indexOf(QUOTE) !== -1) return null;
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === LF || bytes[end - 1] === 13)) end -= 1;
  const headerEnd = bytes.indexOf(LF);
  if (headerEnd === -1 || headerEnd >= end) return { rows: 0, lastRowMs: Number.NaN };
  let rows = 0;
  for (let at = headerEnd; at !== -1 && at < end; at = bytes.indexOf(LF, at + 1)) rows += 1;
  const decoder = new TextDecoder();
  const header = decoder.decode(bytes.subarray(0, headerEnd)).replace(/\r$/, '').split(',');
  const lastLine = decoder.decode(bytes.subarray(bytes.lastIndexOf(LF, end - 1) + 1, end)).split(',');
  const cell = lastLine[Math.max(0, header.indexOf(timeIndexColumn))] ?? '';
  return { rows, lastRowMs: cell === '' ? Number.NaN : Date.parse(cell) };
}

function parquetWriter(dataset: Dataset, params: DatasetQueryParams): ExportWriter {
  let file: ParquetExport | null = null;
  const open = (): ParquetExport =>
    (file ??= createParquetExport({
      columns: dataset.all_columns,
      metadata: {
        'gridscope.dataset': dataset.id,
        'gridscope.query': JSON.stringify(params),
        'gridscope.data_timezone': dataset.data_timezone,
      },
      timeIndexColumn: dataset.time_index_column,
    }));
  return {
    async fetchPage(query, cursor, signal) {
      const page = await fetchDatasetQueryCsv(dataset.id, { ...query, cursor }, { signal });
      // What the walk needs to know now is read here from the bytes when it can be (no quotes);
      // the bytes then go to the file's worker, which reads and encodes them while the next
      // page is made.
      const facts = plainCsvFacts(page.bytes, dataset.time_index_column);
      const sent = open().read(page.bytes.buffer);
      if (facts !== null) sent.read.catch(() => undefined);
      const read = facts ?? (await sent.read);
      return {
        cursor: nextCursor(page.paging.cursor),
        write() {
          open().commit(sent.seq);
          return read;
        },
      };
    },
    finish: () => open().finish(),
    dispose: () => file?.dispose(),
  };
}

/** Whether the rows come one per hour: an hourly dataset left alone, or any dataset resampled to one hour. */
function isHourly(dataset: Dataset, params: DatasetQueryParams): boolean {
  const frequency = params.resample_frequency?.trim();
  if (!frequency) return dataset.cadence === '1_HOUR';
  const m = /^(\d+)\s*([a-z]+)$/i.exec(frequency);
  const unit = m?.[2] ? resampleUnitOf(m[2]) : null;
  const count = Number(m?.[1]);
  return (unit === 'hour' && count === 1) || (unit === 'minute' && count === 60);
}

function spreadsheetLayout(dataset: Dataset, params: DatasetQueryParams): SpreadsheetLayout {
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
  if (format === 'csv' || dataset === undefined) return csvPagesWriter(datasetId, neutraliseCsvText);
  if (format === 'spreadsheet') {
    const layout = spreadsheetLayout(dataset, params);
    return csvPagesWriter(datasetId, (text) => spreadsheetCsvPage(text, layout), UTF8_BOM);
  }
  return parquetWriter(dataset, params);
}

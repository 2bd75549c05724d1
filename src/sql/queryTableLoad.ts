/**
 * Every row of a dataset query as a table of the SQL page: the rows are walked by cursor as an
 * export walks them (`api/exports/pageWalk.ts`: paced, asked again, stopped by a spent quota),
 * each CSV page becomes an Arrow batch typed by the dataset's metadata (`csvPageArrow.ts`), and
 * its Arrow IPC bytes are inserted into DuckDB and kept in the page (to make the table again in a
 * new engine without fetching).
 */
import { tableToIPC, type Table } from 'apache-arrow';
import { scriptBaseUrl, getConnection } from '@/api/connection';
import { datasetQueryRequest, type ApiRequest } from '@/api/apiRequest';
import { fetchDataset } from '@/api/datasets/fetchers';
import { newPageWalk, projectTotal, walkPages, type FetchedPage } from '@/api/exports/pageWalk';
import { fetchDatasetQueryCsv } from '@/api/query/fetchers';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { csvPageToArrow } from './csvPageArrow';

/** The API's largest page: half the requests of smaller ones, and each is one Arrow batch. */
const TABLE_PAGE_SIZE = 50_000;

/** A table's data as kept in the page. */
export interface LoadedTable {
  /** Arrow IPC streams, one a page, in order: the first creates the table, the others append. */
  parts: Uint8Array[];
  rows: number;
  /** The pages the rows were read in: one HTTP request each. */
  pages: number;
  /** The dataset's unit of each column that has one. */
  units: ReadonlyMap<string, string | null>;
}

export interface QueryTableLoadOptions {
  /** Puts one page's Arrow IPC stream into the table (creating it with the first). */
  insert(part: Uint8Array, create: boolean): Promise<void>;
  onProgress(rows: number, estimate: number | null): void;
  /** The requests that make the table, known once the dataset is. */
  onRequests(requests: readonly ApiRequest[]): void;
  signal: AbortSignal;
}

/** The last value of a timestamp column of a page, as epoch ms; NaN when there is none. */
function lastTime(table: Table, column: string): number {
  const vector = table.getChild(column);
  if (!vector || vector.length === 0) return Number.NaN;
  const v: unknown = vector.get(vector.length - 1);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number.NaN;
}

/** The time span the query asks for, for projecting its total from how far the pages reach. */
function spanOf(
  params: DatasetQueryParams,
): { startMs: number; endMs: number; descending: boolean } | undefined {
  const startMs = Date.parse(params.start_time ?? '');
  const endMs = Date.parse(params.end_time ?? '');
  if (Number.isNaN(startMs) || Number.isNaN(endMs)) return undefined;
  return { startMs, endMs, descending: params.order === 'desc' };
}

export async function loadQueryTable(
  name: string,
  datasetId: string,
  params: DatasetQueryParams,
  options: QueryTableLoadOptions,
): Promise<LoadedTable> {
  const { signal } = options;
  const dataset: Dataset = await fetchDataset(datasetId, { signal });
  options.onRequests([datasetQueryRequest(scriptBaseUrl(getConnection()), datasetId, params)]);
  const parts: Uint8Array[] = [];
  // Inserts run one after another while the walk fetches on; the load ends when the last is in.
  let inserting: Promise<void> = Promise.resolve();
  const span = spanOf(params);
  const state = newPageWalk(params, TABLE_PAGE_SIZE, null);
  const fetchPage = async (
    query: DatasetQueryParams,
    cursor: string,
    pageSignal: AbortSignal,
  ): Promise<FetchedPage> => {
    const page = await fetchDatasetQueryCsv(dataset.id, { ...query, cursor }, { signal: pageSignal });
    const next = page.paging.cursor;
    return {
      cursor: next === null || next === '' ? null : next,
      write() {
        const table = csvPageToArrow(page.text, dataset.all_columns);
        // A page with no columns (an empty body after the first) adds nothing.
        if (table.numCols > 0 && (parts.length === 0 || table.numRows > 0)) {
          const part = tableToIPC(table, 'stream');
          const create = parts.length === 0;
          parts.push(part);
          inserting = inserting.then(() => options.insert(part, create));
        }
        return { rows: table.numRows, lastRowMs: lastTime(table, dataset.time_index_column) };
      },
    };
  };
  await walkPages(
    state,
    fetchPage,
    {
      onPage: (written, done) => {
        const projected = done ? state.rows : span ? projectTotal(state.rows, written.lastRowMs, span) : null;
        options.onProgress(state.rows, projected);
      },
      onWaiting: () => undefined,
    },
    signal,
  );
  await inserting;
  if (signal.aborted) throw new DOMException('The load was cancelled.', 'AbortError');
  const units = new Map(dataset.all_columns.map((c) => [c.name, c.unit ?? null] as const));
  return { parts, rows: state.rows, pages: state.pages, units };
}

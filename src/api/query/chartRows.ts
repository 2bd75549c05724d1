/**
 * A whole query for the chart, not just the rows the table holds: walked by cursor in large pages
 * of only the columns the chart draws, up to a cap, with progress. The table drops far pages to
 * bound memory; a chart of a month must still show the month (or say that it does not).
 */
import { queryOptions } from '@tanstack/react-query';
import type { DatasetQueryParams } from '@/contract';
import type { ColumnarPage } from '@/lib/columnar';
import { fetchDatasetTablePage } from './fetchers';
import { queryKeys } from './keys';

/** Rows per request: the API's largest page, so a month of one hub is one request. */
const CHART_PAGE_SIZE = 50_000;
/** Rows charted at most: about 200 MB of nothing, and far more points than pixels. */
export const CHART_ROW_CAP = 300_000;

export interface ChartRows {
  pages: ColumnarPage[];
  /** Rows to chart: the first `rows` of the pages. */
  rows: number;
  /** True when the cap stopped the walk before the end of the result. */
  capped: boolean;
}

export interface ChartProgress {
  rows: number;
  pages: number;
}

/**
 * Every row of `params` (only `columns`), page by page until the end or `cap`. `onProgress` hears
 * each page; the signal stops the walk between pages and aborts the one in flight.
 */
export async function fetchChartRows(
  id: string,
  params: Omit<DatasetQueryParams, 'cursor' | 'page'>,
  cap: number,
  {
    signal,
    onProgress,
    beforePage,
  }: {
    signal?: AbortSignal;
    onProgress?: (progress: ChartProgress) => void;
    /** Awaited before each request (a pacer keeping several walks inside the key's rate). */
    beforePage?: () => Promise<void>;
  } = {},
): Promise<ChartRows> {
  // One row past the cap tells a capped walk from a result of exactly `cap` rows.
  const wire = {
    ...params,
    page_size: Math.min(CHART_PAGE_SIZE, cap + 1),
    limit: Math.min(params.limit ?? cap + 1, cap + 1),
  };
  const pages: ColumnarPage[] = [];
  let rows = 0;
  let cursor = '';
  for (;;) {
    await beforePage?.();
    signal?.throwIfAborted();
    const page = await fetchDatasetTablePage(id, wire, cursor, { signal });
    pages.push(page.rows);
    rows += page.rows.rowCount;
    onProgress?.({ rows, pages: pages.length });
    const next = page.meta.cursor;
    if (next === null || next === '' || page.rows.rowCount === 0) break;
    cursor = next;
  }
  const capped = rows > cap;
  // The row past the cap only told that there are more: it is not charted.
  return { pages, rows: Math.min(rows, cap), capped };
}

export function chartRowsOptions(
  id: string,
  params: Omit<DatasetQueryParams, 'cursor' | 'page'>,
  cap = CHART_ROW_CAP,
  onProgress?: (progress: ChartProgress) => void,
) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- onProgress is a listener, not an input of the rows
  return queryOptions({
    queryKey: queryKeys.chart(id, params, cap),
    queryFn: ({ signal }) => fetchChartRows(id, params, cap, { signal, onProgress }),
    structuralSharing: false,
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiErrorText } from '@/api/ApiError';
import { describeBackend, scriptBaseUrl, useConnection } from '@/api/connection';
import { exportPageSize, startExportJob } from '@/api/exports/exportJobs';
import { saveBlob } from '@/lib/saveBlob';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, type ExportFormat } from '@/api/exports/exportWriters';
import type { SidecarQuality, SidecarSource } from '@/api/exports/sidecar';
import { fetchDatasetQueryCsv } from '@/api/query/fetchers';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { usageOptions } from '@/api/usage/queries';
import { requestsPerSecondOf } from '@/api/usage/requestRate';
import { neutraliseCsv } from '@/lib/csv';
import { formatCount, formatInteger } from '@/lib/format';
import { exceedsSentence, exportBudget, quotaSentence } from './exportBudget';
import { estimateRows, jobEstimate, type ExportEstimate } from './rowEstimate';
import { useRowCount, type RowCountState } from './rowCount';
import { useSeriesCount, type SeriesCountState } from './seriesCount';
import { exportFilename } from './exportFilename';
import { notesInQuery } from './exportNotes';
import { useActiveAnnotations } from '@/workspace/activeView';
import styles from './QueryPage.module.css';

/** Excel's last row: a spreadsheet CSV longer than this opens cut off. */
const SPREADSHEET_MAX_ROWS = 1_048_575;

interface Props {
  dataset: Dataset;
  params: DatasetQueryParams;
  /** The query's summary, naming the job. */
  label: string;
  nowMs: number;
  /** The data-quality line's findings, written into the sidecar. */
  quality?: SidecarQuality;
}

export function ExportPanel({ dataset, params, label, nowMs, quality }: Props) {
  const [pageState, setPageState] = useState<{ busy: boolean; message: string }>({
    busy: false,
    message: '',
  });
  // How many locations the query covers: the registry's (all, or of the filtered types), or the dataset's own.
  const seriesCount = useSeriesCount(dataset, params);
  // How many rows, where time × series does not tell (forecast vintages, constraints): the server's count.
  const rowCount = useRowCount(dataset, params);
  const estimate = estimateRows(params, dataset, nowMs, seriesCount.count, rowCount.count);
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [withSidecar, setWithSidecar] = useState(true);
  const connection = useConnection();
  const annotations = useActiveAnnotations('query');
  const usage = useQuery(usageOptions());
  const pageSize = exportPageSize(format, usage.data);
  const budget = estimate !== null && usage.data ? exportBudget(estimate, pageSize, usage.data, nowMs) : null;
  const estimateLine = estimateSentence(estimate, seriesCount, rowCount, params, dataset);

  const startAll = () => {
    const notes = notesInQuery(annotations, params);
    const sidecar: SidecarSource = {
      server: scriptBaseUrl(connection),
      serverNote:
        connection.mode === 'demo'
          ? 'Exported from the built-in demo data; `npm run api` serves the same data at this address (its keys are in the README).'
          : `Exported through ${describeBackend(connection)}.`,
      datasetLatestData: dataset.latest_available_time_utc,
      quality,
      annotations: notes,
      annotationsLeftOut: annotations.length - notes.length,
    };
    startExportJob({
      datasetId: dataset.id,
      dataset,
      format,
      label,
      filename: exportFilename(
        dataset.id,
        params,
        EXPORT_FORMAT_INFO[format].extension,
        format === 'spreadsheet' ? 'spreadsheet' : undefined,
      ),
      params,
      estimate: jobEstimate(estimate),
      sidecar: withSidecar ? sidecar : undefined,
      requestsPerSecond: requestsPerSecondOf(usage.data),
      pageSize,
    });
  };

  const savePage = async () => {
    setPageState({ busy: true, message: 'Downloading…' });
    try {
      const { text, paging } = await fetchDatasetQueryCsv(dataset.id, { ...params, page: 1, download: true });
      // The API returns cells as they are; a file for a person gets formulas neutralised.
      // Named for what it holds (the server's name is the dataset's alone); a part of a longer result says so.
      const name = exportFilename(dataset.id, params, 'csv', paging.hasNextPage ? 'page-1' : undefined);
      saveBlob(new Blob([neutraliseCsv(text)], { type: 'text/csv;charset=utf-8' }), name);
      setPageState({ busy: false, message: `Saved ${name}.` });
    } catch (e) {
      setPageState({ busy: false, message: apiErrorText(e) });
    }
  };

  return (
    <div className={styles.export}>
      <p>
        Files contain data only: the API key is never written into them. Text that a spreadsheet would run as
        a formula is prefixed with <code>&apos;</code>.
      </p>
      <div className={styles.row}>
        <button type="button" disabled={pageState.busy} onClick={() => void savePage()}>
          CSV of this page
        </button>
      </div>
      <fieldset className={styles.exportAll}>
        <legend>Export all rows</legend>
        <div className={styles.row}>
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            aria-describedby={`${id}-format-hint`}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
          >
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {EXPORT_FORMAT_INFO[f].label}
              </option>
            ))}
          </select>
          <label>
            <input type="checkbox" checked={withSidecar} onChange={(e) => setWithSidecar(e.target.checked)} />
            Save the query beside it (.query.json)
          </label>
          <button type="button" onClick={startAll}>
            Export all rows
          </button>
        </div>
        <p id={`${id}-format-hint`} className={styles.hint}>
          {EXPORT_FORMAT_INFO[format].hint}
        </p>
        {format === 'spreadsheet' && estimate !== null && estimate.rows > SPREADSHEET_MAX_ROWS && (
          <p className={styles.warning}>
            {KIND_WORD[estimate.kind]} {formatInteger(estimate.rows)} rows: more than a spreadsheet holds (
            {formatInteger(SPREADSHEET_MAX_ROWS)} after the header). Narrow the query, resample it, or choose
            Parquet.
          </p>
        )}
        {budget !== null && usage.data && (
          <p className={budget.exceeds ? styles.warning : styles.hint} data-testid="export-budget">
            {/* A floor of rows is a floor of requests: said so, never as the whole cost. */}
            {`${estimate?.kind === 'at least' ? 'At least ' : ''}${formatCount(budget.requests, 'request')} of up to ${formatInteger(budget.rowsPerRequest)} rows. `}
            {quotaSentence(budget, usage.data.plan)}
            {budget.exceeds && ` ${exceedsSentence(budget)}`}
          </p>
        )}
        {estimateLine !== null && (
          <p className={estimateLine.warning ? styles.warning : styles.hint} data-testid="export-estimate">
            {estimateLine.text}
          </p>
        )}
      </fieldset>
      <p role="status">{pageState.message}</p>
      <p className={styles.hint}>
        Exports run in the background and show their progress under the header on every page.
      </p>
    </div>
  );
}

const KIND_WORD: Record<ExportEstimate['kind'], string> = {
  about: 'About',
  'at most': 'At most',
  'at least': 'At least',
};

/** Why the server counted the rows, beside its count. */
function countedWhy(estimate: ExportEstimate, dataset: Dataset): string {
  switch (estimate.counted) {
    case 'vintages':
      return ': every forecast vintage of each interval is a row, as the server counts them';
    case 'one vintage':
      return ': one forecast vintage, with rows only for the intervals it covers, as the server counts them';
    case 'subseries':
      return `, as the server counts them: the rows of each interval vary with the ${dataset.subseries_index_column ?? 'subseries'} values it has`;
    case undefined:
      return '';
  }
}

/**
 * The export's row estimate in words, beside "Export all rows": the estimate, or that it is still
 * being counted, or why there is none. Null where no estimate is possible (a `time` query without
 * a limit, a range that ends before it starts).
 */
function estimateSentence(
  estimate: ExportEstimate | null,
  seriesCount: SeriesCountState,
  rowCount: RowCountState,
  params: DatasetQueryParams,
  dataset: Dataset,
): { text: string; warning: boolean } | null {
  if (estimate !== null) {
    const rows = formatInteger(estimate.rows);
    let text: string;
    if (estimate.kind === 'about') text = `About ${rows} rows in this query${countedWhy(estimate, dataset)}.`;
    else if (estimate.kind === 'at least')
      text = `At least ${rows} rows in this query: the server's count ran past the one page it was read from, so there may be more.`;
    else
      text = `At most ${rows} rows in this query${
        params.limit !== undefined && params.limit <= estimate.rows
          ? ' (its row limit)'
          : `: the filter on ${params.filter_column ?? 'values'} may keep fewer`
      }.`;
    return { text, warning: estimate.kind === 'at least' };
  }
  const failed = (what: string, error: unknown) => ({
    text: `No row estimate: ${what} failed (${apiErrorText(error)}). The export still runs; its progress shows the rows written so far, without a total.`,
    warning: true,
  });
  if (seriesCount.error !== null) return failed('the count of locations', seriesCount.error);
  if (rowCount.error !== null) return failed("the server's count of this query's rows", rowCount.error);
  if (seriesCount.counting)
    return { text: 'Counting the locations this query covers, for its row estimate…', warning: false };
  if (rowCount.counting)
    return {
      text: "Counting this query's rows on the server (1 request), for its row estimate…",
      warning: false,
    };
  return null;
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorText } from '@/api/ApiError';
import { pricingLocationsOptions } from '@/api/locations/queries';
import { fetchDatasetQueryCsv } from '@/api/query/fetchers';
import type { Dataset, DatasetQueryParams } from '@/api/types';
import { neutraliseCsv } from '@/lib/csv';
import { formatInteger } from '@/lib/format';
import { saveBlob, startExportJob } from '@/api/exports/exportJobs';
import { estimateRows, seriesCountParams } from './rowEstimate';
import { exportFilename } from './exportFilename';
import styles from './QueryPage.module.css';

interface Props {
  dataset: Dataset;
  params: DatasetQueryParams;
  /** The query's summary, naming the job. */
  label: string;
  nowMs: number;
}

export function ExportPanel({ dataset, params, label, nowMs }: Props) {
  const [pageState, setPageState] = useState<{ busy: boolean; message: string }>({
    busy: false,
    message: '',
  });
  // How many locations the query covers: all of them, or those of the filtered types.
  const countParams = seriesCountParams(params, dataset);
  const locations = useQuery({
    ...pricingLocationsOptions(countParams ?? { page_size: 1 }),
    enabled: countParams !== null,
  });
  const estimate = estimateRows(params, dataset, nowMs, locations.data?.total_items ?? null);

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
        <button
          type="button"
          onClick={() =>
            startExportJob({
              datasetId: dataset.id,
              label,
              filename: exportFilename(dataset.id, params),
              params,
              estimate,
            })
          }
        >
          Export all rows
        </button>
      </div>
      {estimate !== null && (
        <p className={styles.hint}>
          {estimate.kind === 'about'
            ? `About ${formatInteger(estimate.rows)} rows in this query.`
            : `At most ${formatInteger(estimate.rows)} rows in this query${
                params.limit !== undefined && params.limit <= estimate.rows
                  ? ' (its row limit)'
                  : `: the filter on ${params.filter_column ?? 'values'} may keep fewer`
              }.`}
        </p>
      )}
      <p role="status">{pageState.message}</p>
      <p className={styles.hint}>
        Exports run in the background and show their progress under the header on every page.
      </p>
    </div>
  );
}

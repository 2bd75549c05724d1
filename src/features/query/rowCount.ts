/**
 * The server's count of a query's rows, for the export's estimate where time × series does not
 * tell them (`rowCountReason`: forecast vintages, one report, a subseries that is not a pricing
 * location). One `count` request, asked only while the Export tab is open and after the first
 * screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFirstScreenDone } from '@/api/firstScreen';
import { datasetQueryOptions } from '@/api/query/queries';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { countedRows, isResampled, rowCountParams, type RowCount } from './rowEstimate';

/** Where the count stands, as `SeriesCountState` does for locations; all empty where none is needed. */
export interface RowCountState {
  count: RowCount | null;
  counting: boolean;
  error: unknown;
}

export function useRowCount(dataset: Dataset, params: DatasetQueryParams): RowCountState {
  const countParams = rowCountParams(params, dataset);
  const firstScreenDone = useFirstScreenDone();
  const answer = useQuery({
    ...datasetQueryOptions(dataset.id, countParams ?? {}),
    enabled: countParams !== null && firstScreenDone,
    // Another query's count is no estimate of this one: nothing stands in while it is asked.
    placeholderData: undefined,
  });
  const data = answer.data;
  const resampled = isResampled(params);
  const count = useMemo(
    () => (data ? countedRows(data, resampled, dataset) : null),
    [data, resampled, dataset],
  );
  if (countParams === null) return { count: null, counting: false, error: null };
  const error = count === null && answer.isError ? answer.error : null;
  return { count, counting: count === null && error === null, error };
}

/**
 * Loading the workspace's data series: each one fetched side by side, paced to the key's request
 * rate, with its progress; a series the user stops stays stopped until Retry. A series that cannot
 * be asked for (no grid, no dataset, a problem with its definition) is not fetched.
 */
import {
  queryOptions,
  skipToken,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Dataset } from '@/contract';
import type { ChartProgress } from '@/api/query/chartRows';
import { usageOptions } from '@/api/usage/queries';
import { requestsPerSecondOf } from '@/api/usage/requestRate';
import type { DataSeries, SeriesKey } from '@/compare/compareWorkspace';
import { compareSeriesKeys } from '@/compare/seriesKeys';
import type { Grid } from './grid';
import { createPacer, paceForLimit } from './pacer';
import { fetchSeriesPoints, hasVintages, seriesParams, type SeriesPoints } from './seriesRequest';

/** The user-timing mark of a series' data arriving. */
const SERIES_ARRIVED_MARK = 'compare:series-arrived';

/** One data series' query, as the page asks for it and as boot's first-screen prefetch does (firstScreen.ts). */
export function seriesQuery(
  spec: DataSeries,
  dataset: Dataset,
  grid: Grid,
  pace: () => Promise<void>,
  onProgress: (key: SeriesKey, progress: ChartProgress) => void,
  allLeads = false,
) {
  const params = seriesParams(spec, dataset, grid, { allLeads });
  // Widened, so the idle and vintage queries beside it share one query type.
  const queryKey: readonly unknown[] = compareSeriesKeys.series(dataset.id, params);
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- pace and onProgress are listeners, not inputs of the rows
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const points = await fetchSeriesPoints(spec, dataset, grid, {
        signal,
        allLeads,
        beforePage: pace,
        onProgress: (p) => onProgress(spec.key, p),
      });
      // For `npm run bench`: the time from the last series' arrival to the chart drawn.
      performance.mark(SERIES_ARRIVED_MARK);
      return points;
    },
    staleTime: Infinity,
    structuralSharing: false,
    refetchOnReconnect: false,
  });
}

/** Where one data series' fetch stands. */
interface SeriesLoad {
  points: SeriesPoints | null | undefined;
  /** Being fetched and not arrived yet. */
  loading: boolean;
  failed: boolean;
  error: unknown;
  progress: ChartProgress | null;
  /** Stopped by the user before its data arrived. */
  cancelled: boolean;
  cancel: () => void;
  retry: () => void;
}

/**
 * The data series `specs` fetched over `grid`, one load per spec in the same order; `problems[i]`
 * (null when there is none) keeps the i-th from being asked for.
 */
export function useSeriesLoads(
  specs: readonly DataSeries[],
  datasets: ReadonlyMap<string, Dataset>,
  grid: Grid | null,
  problems: readonly (string | null)[],
): SeriesLoad[] {
  // The rate alone: every request the app makes refreshes the usage figures, and the page must not
  // render again for a new count (a whole Compare render, 40–70 ms on a cold link), only for a new rate.
  const { data: rate = null } = useQuery({ ...usageOptions(), select: requestsPerSecondOf });
  const pacer = useMemo(() => createPacer(paceForLimit(rate)), [rate]);
  const [progress, setProgress] = useState<ReadonlyMap<SeriesKey, ChartProgress>>(new Map());
  const onProgress = useCallback(
    (key: SeriesKey, p: ChartProgress) => setProgress((current) => new Map(current).set(key, p)),
    [],
  );
  const queries = specs.map((spec, i): UseQueryOptions<SeriesPoints, Error, SeriesPoints> => {
    const dataset = datasets.get(spec.dataset);
    if (!grid || !dataset || problems[i]) {
      const idle: readonly unknown[] = compareSeriesKeys.idle(spec.key);
      return { queryKey: idle, queryFn: skipToken };
    }
    return seriesQuery(spec, dataset, grid, pacer, onProgress);
  });
  const results = useQueries({ queries });
  const queryClient = useQueryClient();
  // Series the user stopped, by their query: they stay stopped until Retry.
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());
  const queryKeyOf = (i: number): readonly unknown[] => queries[i]?.queryKey ?? [];
  const keyOf = (i: number): string => JSON.stringify(queryKeyOf(i));

  return specs.map((spec, i): SeriesLoad => {
    const query = results[i];
    const points = query?.data as SeriesPoints | null | undefined;
    return {
      points,
      loading: problems[i] === null && grid !== null && query?.fetchStatus === 'fetching' && !points,
      failed: Boolean(problems[i] ?? query?.isError),
      error: query?.error ?? null,
      progress: progress.get(spec.key) ?? null,
      cancelled: cancelled.has(keyOf(i)) && !points && query?.fetchStatus !== 'fetching',
      cancel: () => {
        const key = keyOf(i);
        setCancelled((current) => new Set(current).add(key));
        void queryClient.cancelQueries({ queryKey: queryKeyOf(i) });
      },
      retry: () => {
        const key = keyOf(i);
        setCancelled((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
        void query?.refetch();
      },
    };
  });
}

/** Every vintage of the forecast series over the range, for the forecast view's error by lead. */
export function useForecastVintages(
  spec: DataSeries | null,
  dataset: Dataset | undefined,
  grid: Grid | null,
) {
  const pacer = useMemo(() => createPacer(paceForLimit(null)), []);
  const usable = spec !== null && dataset !== undefined && grid !== null && hasVintages(dataset);
  const options = usable ? seriesQuery(spec, dataset, grid, pacer, () => undefined, true) : null;
  return useQuery<SeriesPoints>({
    queryKey: options?.queryKey ?? ['compare', 'vintages', 'idle'],
    queryFn: options?.queryFn ?? skipToken,
    staleTime: Infinity,
    structuralSharing: false,
  });
}

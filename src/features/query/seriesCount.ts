/**
 * How many series (locations) a query covers, for the export's row estimate: the pricing-location
 * registry counts them for the datasets it prices; a dataset with locations of its own (LMP by
 * bus: electrical buses, which the registry does not list) counts them from its newest interval,
 * or from its metadata when that interval is longer than a page.
 */
import { useQuery } from '@tanstack/react-query';
import { useFirstScreenDone } from '@/api/firstScreen';
import {
  allPricingLocationsOptions,
  pricedDatasetsOf,
  pricingLocationsOptions,
} from '@/api/locations/queries';
import { subseriesValuesOptions } from '@/api/query/queries';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { rowsPerTimePoint, seriesCountParams, type SeriesCount } from './rowEstimate';

/** The registry in one page, the same request the known-values check makes (one cache entry). */
const REGISTRY = allPricingLocationsOptions();
const pricedByRegistry = (page: { items: readonly { pricing_datasets: readonly string[] }[] }) =>
  pricedDatasetsOf(page.items);

/**
 * Where the series count stands: `count` once known; `counting` while it is asked for or waits
 * for the first screen; `error` when the request for it failed. All three empty where no count
 * is needed.
 */
export interface SeriesCountState {
  count: SeriesCount | null;
  counting: boolean;
  error: unknown;
}

/** The series count of `params` over `dataset`, and whether it is still being counted. */
export function useSeriesCount(dataset: Dataset, params: DatasetQueryParams): SeriesCountState {
  const countParams = seriesCountParams(params, dataset);
  // An estimate beside the export, not the page's data: its requests wait for the first screen
  // (answers already in the cache are read at once).
  const firstScreenDone = useFirstScreenDone();
  const asking = countParams !== null && firstScreenDone;
  // The set is made once per registry answer (a stable `select`), not on every render.
  const registry = useQuery({
    ...REGISTRY,
    enabled: asking,
    select: pricedByRegistry,
  });
  const priced = registry.data?.has(dataset.id);
  const counted = useQuery({
    ...pricingLocationsOptions(countParams ?? { page_size: 1 }),
    enabled: asking && priced === true,
  });
  const own = useQuery({
    ...subseriesValuesOptions(dataset.id, dataset.subseries_index_column ?? ''),
    enabled: asking && priced === false,
  });
  if (countParams === null) return { count: null, counting: false, error: null };
  // The query that decides the count now: the registry until it says who counts, then that one.
  const deciding = priced === true ? counted : priced === false ? own : registry;
  const count: SeriesCount | null =
    priced === true && counted.data
      ? { count: counted.data.total_items, of: 'registry' }
      : priced === false && own.data
        ? {
            count: own.data.complete ? own.data.names.length : Math.round(rowsPerTimePoint(dataset)),
            of: 'dataset',
          }
        : null;
  const error = count === null && deciding.isError ? deciding.error : null;
  return { count, counting: count === null && error === null, error };
}

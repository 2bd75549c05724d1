/**
 * The request of a query-builder link's results, made by boot before the page renders
 * (app/firstScreenData): chained on the dataset's metadata (which boot asks for first, from the
 * entry), read from the link by the page's own reader and turned into the page's own request, so
 * the page finds its first page of rows in flight or in the cache instead of asking for it after
 * its first render with the metadata.
 */
import { askAhead } from '@/api/askAhead';
import type { QueryClient } from '@tanstack/react-query';
import { datasetOptions } from '@/api/datasets/queries';
import { datasetTablePageOptions } from '@/api/query/queries';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { readQueryLink } from './queryLink';
import { toApiParams } from './requestParams';

/**
 * The page resolves a range relative to the clock (the last hour of a live dataset, a typed
 * "now") when it renders, a moment after this: such a request is left to it, rather than asked for
 * twice under two keys. One that reads the same a minute later does not depend on the moment.
 */
const CLOCK_CHECK_MS = 60_000;

function requestAt(search: URLSearchParams, dataset: Dataset, now: number): DatasetQueryParams | null {
  const link = readQueryLink(search, dataset, now);
  // A time in the link that cannot be read stops the page's query until it is fixed.
  return link.ready && toApiParams(link.request, dataset, now);
}

export async function prefetchQueryRows(
  queryClient: QueryClient,
  search: string,
  id: string,
): Promise<unknown> {
  const dataset = await askAhead(queryClient.query(datasetOptions(id)));
  if (!dataset) return;
  const link = new URLSearchParams(search);
  const now = Date.now();
  const request = requestAt(link, dataset, now);
  const later = requestAt(link, dataset, now + CLOCK_CHECK_MS);
  if (!request || JSON.stringify(request) !== JSON.stringify(later)) return;
  return askAhead(queryClient.query(datasetTablePageOptions(dataset.id, request)));
}

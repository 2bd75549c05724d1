import { askAhead } from '@/api/askAhead';
import type { QueryClient } from '@tanstack/react-query';
import { datasetsOptions } from '@/api/datasets/queries';
import { readUrlState } from '@/lib/urlState';
import { catalogUrlState } from './catalogUrlState';

/** The datasets the catalog lists: those of the URL's source, or of every source. */
export const listedDatasetsOptions = (source: string) => datasetsOptions(source ? { source } : {});

/** The whole catalog, read for the source menu (the same query as the list when no source is chosen). */
export const allDatasetsOptions = () => datasetsOptions({});

/**
 * Asks for the catalog of the page at `search` as soon as the app boots, when the catalog is the
 * first page: its answer then arrives while the page's first render is on its way, not after that
 * render's effects ran (bench catalog-load: the request otherwise left after the first render).
 */
export function prefetchCatalog(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(catalogUrlState, new URLSearchParams(search));
  return Promise.all([
    askAhead(queryClient.query(listedDatasetsOptions(state.source))),
    askAhead(queryClient.query(allDatasetsOptions())),
  ]);
}

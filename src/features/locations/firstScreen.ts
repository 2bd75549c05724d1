/**
 * The requests of a location page's first screen, made by boot before the page renders
 * (app/firstScreenData): the location's record, then the catalog its Compare links read once the
 * record has come (the page asks for it only then), instead of each after a render of the page;
 * and the map's code and basemap, which its first screen draws (an aggregate without coordinates
 * has no map: the preload is then a download the next map page uses).
 */
import { askAhead } from '@/api/askAhead';
import { preloadLocationMap } from '@/components/map/LazyLocationMap';
import type { QueryClient } from '@tanstack/react-query';
import type { PricingLocationListParams } from '@/contract';
import { datasetsOptions } from '@/api/datasets/queries';
import { pricingLocationOptions, pricingLocationsOptions } from '@/api/locations/queries';
import { readUrlState } from '@/lib/urlState';
import { listParams, locationsUrlState, mapHasPoints, mapParams } from './locationsUrlState';

export async function prefetchLocation(
  queryClient: QueryClient,
  _search: string,
  gsEntityId: string,
): Promise<unknown> {
  preloadLocationMap(queryClient);
  const location = await askAhead(queryClient.query(pricingLocationOptions(gsEntityId)));
  return location && askAhead(queryClient.query(datasetsOptions()));
}

/**
 * The requests of the locations page's first screen, made by boot before the page renders: its
 * list and the points of its map, with the page's own parameters (so the page finds them in
 * flight or in the cache), and the map's code and basemap.
 */
export function prefetchLocations(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(locationsUrlState, new URLSearchParams(search));
  preloadLocationMap(queryClient);
  const ask = (params: PricingLocationListParams) =>
    askAhead(queryClient.query(pricingLocationsOptions(params)));
  return Promise.all([ask(listParams(state)), mapHasPoints(state) ? ask(mapParams(state)) : undefined]);
}

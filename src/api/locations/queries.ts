import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchNearbyLocations, fetchPricingLocation, fetchPricingLocations } from '@/api/locations/fetchers';
import { locationKeys } from '@/api/locations/keys';
import type { NearbyParams, PricingLocationListParams } from '@/contract';

export function pricingLocationsOptions(params: PricingLocationListParams = {}) {
  return queryOptions({
    queryKey: locationKeys.list(params),
    queryFn: ({ signal }) => fetchPricingLocations(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function nearbyLocationsOptions(params: NearbyParams) {
  return queryOptions({
    queryKey: locationKeys.nearby(params),
    queryFn: ({ signal }) => fetchNearbyLocations(params, { signal }),
  });
}

export function pricingLocationOptions(id: string, isos?: string) {
  return queryOptions({
    queryKey: locationKeys.detail(id, isos),
    queryFn: ({ signal }) => fetchPricingLocation(id, isos, { signal }),
  });
}

/** The whole registry in one page (the API's largest): the price map, and the pages that check names against it. */
export const allPricingLocationsOptions = () => pricingLocationsOptions({ page_size: 5000 });

/** The datasets the registry's locations are priced in: only their location names are the registry's to judge. */
export const pricedDatasetsOf = (
  locations: readonly { pricing_datasets: readonly string[] }[],
): Set<string> => new Set(locations.flatMap((l) => l.pricing_datasets));

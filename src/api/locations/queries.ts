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

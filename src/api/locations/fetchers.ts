import { request } from '@/api/request';
import type {
  NearbyParams,
  NearbyPricingLocation,
  PricingLocation,
  PricingLocationList,
  PricingLocationListParams,
} from '@/contract';

interface FetchOptions {
  signal?: AbortSignal;
}

export function fetchPricingLocations(
  params: PricingLocationListParams = {},
  { signal }: FetchOptions = {},
): Promise<PricingLocationList> {
  return request<PricingLocationList>('/v1/pricing_locations', { params, signal, wire: 'pricingLocations' });
}

export function fetchNearbyLocations(
  params: NearbyParams,
  { signal }: FetchOptions = {},
): Promise<NearbyPricingLocation[]> {
  return request<NearbyPricingLocation[]>('/v1/pricing_locations/nearby', { params, signal, wire: 'nearby' });
}

export function fetchPricingLocation(
  id: string,
  isos?: string,
  { signal }: FetchOptions = {},
): Promise<PricingLocation> {
  return request<PricingLocation>(`/v1/pricing_locations/${encodeURIComponent(id)}`, {
    params: { isos },
    signal,
    wire: 'pricingLocation',
  });
}

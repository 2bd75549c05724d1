import { request } from '@/api/request';
import {
  endpointPath,
  type NearbyParams,
  type NearbyPricingLocation,
  type PricingLocation,
  type PricingLocationList,
  type PricingLocationListParams,
} from '@/contract';

interface FetchOptions {
  signal?: AbortSignal;
}

export function fetchPricingLocations(
  params: PricingLocationListParams = {},
  { signal }: FetchOptions = {},
): Promise<PricingLocationList> {
  return request<PricingLocationList>(endpointPath('pricingLocations'), {
    params,
    signal,
    wire: 'pricingLocations',
  });
}

export function fetchNearbyLocations(
  params: NearbyParams,
  { signal }: FetchOptions = {},
): Promise<NearbyPricingLocation[]> {
  return request<NearbyPricingLocation[]>(endpointPath('nearby'), { params, signal, wire: 'nearby' });
}

export function fetchPricingLocation(
  id: string,
  isos?: string,
  { signal }: FetchOptions = {},
): Promise<PricingLocation> {
  return request<PricingLocation>(endpointPath('pricingLocation', { gs_entity_id: id }), {
    params: { isos },
    signal,
    wire: 'pricingLocation',
  });
}

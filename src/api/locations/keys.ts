import type { NearbyParams, PricingLocationListParams } from '@/contract';

export const locationKeys = {
  all: ['pricing_locations'] as const,
  lists: () => [...locationKeys.all, 'list'] as const,
  list: (params: PricingLocationListParams) => [...locationKeys.lists(), params] as const,
  nearby: (params: NearbyParams) => [...locationKeys.all, 'nearby', params] as const,
  details: () => [...locationKeys.all, 'detail'] as const,
  detail: (id: string, isos?: string) => [...locationKeys.details(), id, isos ?? null] as const,
};

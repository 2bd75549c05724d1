import { createMockApi } from '@/mock/createMockApi';
import { DEMO_API_KEY } from '@/contract';
import type { DatasetListResponse, PricingLocationList } from '@/contract';
import { pricedDatasetsOf } from '@/api/locations/queries';
import { pickPriceDatasets } from './priceDatasets';

const NOW = Date.UTC(2025, 6, 15, 20, 7);
const BASE = 'http://mock.test';

async function get<T>(path: string): Promise<T> {
  const api = createMockApi({ now: () => NOW });
  const response = await api.handle(
    new Request(`${BASE}${path}`, { headers: { 'x-api-key': DEMO_API_KEY } }),
  );
  return (await response.json()) as T;
}

describe('the price datasets the map can draw', () => {
  it('are the catalog’s location price datasets that the registry’s locations are priced in', async () => {
    const catalog = await get<DatasetListResponse>('/v1/datasets');
    const registry = await get<PricingLocationList>('/v1/pricing_locations?page_size=5000');
    const ids = pickPriceDatasets(catalog.data, pricedDatasetsOf(registry.items)).map((d) => d.id);
    // LMP by bus has a location column and $/MWh, but its buses have no place on the map.
    expect(ids).toEqual([
      'ercot_lmp_by_settlement_point',
      'ercot_spp_real_time_15_min',
      'ercot_spp_day_ahead_hourly',
    ]);
  });
});

import type { ErrorBody, PricingLocation, PricingLocationList } from '@/contract';
import { createMockApi } from '../createMockApi';
import { DAY_MS } from '@/time';
import { locationDefs, toPricingLocation } from '../data/locations';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
let clock = NOW;
// The real API with every route; unexpected errors surface in the test.
const api = createMockApi({ now: () => clock, rateLimits: false, onError: (error) => console.error(error) });
afterEach(() => {
  clock = NOW;
});

function get(path: string, key = 'test-key'): Promise<Response> {
  const url = new URL(`http://mock.test${path}`);
  return api.handle(new Request(url, { headers: { 'x-api-key': key } }));
}

async function item(path: string): Promise<PricingLocation> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as PricingLocation;
}

describe('GET /v1/pricing_locations/{gs_entity_id}', () => {
  it('answers the item with every field of the contract', async () => {
    const hub = await item('/v1/pricing_locations/ercot-hb_north');
    expect(hub).toEqual({
      gs_entity_id: 'ercot-hb_north',
      location: 'HB_NORTH',
      location_type: 'Trading Hub',
      market_id: 'ercot',
      baa: 'ERCO',
      zone: null,
      zone_type: null,
      latitude: null,
      longitude: null,
      pricing_datasets: [
        'ercot_lmp_by_settlement_point',
        'ercot_spp_day_ahead_hourly',
        'ercot_spp_real_time_15_min',
      ],
      earliest_seen_utc: '2023-01-01T06:00:00+00:00',
      latest_seen_utc: '2024-07-16T04:00:00+00:00',
      status_threshold_days: 7,
      status: 'active',
    });
  });

  it('answers the same item the list shows, with a trailing slash, an encoded id or isos=ercot', async () => {
    const listed = ((await (await get('/v1/pricing_locations?search=dc_r')).json()) as PricingLocationList)
      .items;
    expect(listed).toHaveLength(1);
    expect(await item('/v1/pricing_locations/ercot-dc_r/')).toEqual(listed[0]);
    expect(await item('/v1/pricing_locations/ercot%2Ddc_r?isos=ERCOT')).toEqual(listed[0]);
  });

  it('follows the clock: latest_seen_utc and status as of now', async () => {
    const before = await item('/v1/pricing_locations/ercot-lz_west');
    clock = NOW + 30 * DAY_MS;
    const after = await item('/v1/pricing_locations/ercot-lz_west');
    expect(after.latest_seen_utc > before.latest_seen_utc).toBe(true);
    expect(after.status).toBe('active');
    const retired = locationDefs().find((l) => l.retiredAt !== null && l.retiredAt < NOW - 8 * DAY_MS);
    if (retired === undefined) throw new Error('some nodes are retired');
    const answer = await item(`/v1/pricing_locations/${retired.gsEntityId}`);
    expect(answer).toEqual(toPricingLocation(retired, clock));
    expect(answer.status).toBe('inactive');
  });

  it('answers 404 for an unknown id, an id in the wrong case, and any id of another market', async () => {
    for (const path of [
      '/v1/pricing_locations/ercot-nowhere',
      '/v1/pricing_locations/ERCOT-HB_NORTH',
      '/v1/pricing_locations/ercot-hb_north?isos=caiso',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const id = decodeURIComponent(new URL(`http://x${path}`).pathname.split('/').at(-1) ?? '');
      expect(((await response.json()) as ErrorBody).detail).toBe(`Pricing location '${id}' not found.`);
    }
  });

  it('needs a key but no paid plan', async () => {
    expect((await get('/v1/pricing_locations/ercot-hb_north', 'free-key')).status).toBe(200);
    expect((await get('/v1/pricing_locations/ercot-hb_north', 'nope')).status).toBe(401);
  });
});

import type { ErrorBody, NearbyPricingLocation, PricingLocation } from '@/contract';
import { createMockApi } from '../createMockApi';
import { locationDefs, toPricingLocation } from '../data/locations';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
// The real API with every route; unexpected errors surface in the test.
const api = createMockApi({ now: () => NOW, rateLimits: false, onError: (error) => console.error(error) });

function get(path: string): Promise<Response> {
  const url = new URL(`http://mock.test${path}`);
  return api.handle(new Request(url, { headers: { 'x-api-key': 'test-key' } }));
}

async function nearby(query: string): Promise<NearbyPricingLocation[]> {
  const response = await get(`/v1/pricing_locations/nearby${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as NearbyPricingLocation[];
}

async function problem(query: string): Promise<{ status: number; detail: ErrorBody['detail'] }> {
  const response = await get(`/v1/pricing_locations/nearby${query}`);
  return { status: response.status, detail: ((await response.json()) as ErrorBody).detail };
}

const ALL = locationDefs().map((loc) => toPricingLocation(loc, NOW));
const BY_ID = new Map(ALL.map((i) => [i.gs_entity_id, i]));

/** Haversine written independently of the engine (degrees in, miles out). */
function miles(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const s =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(s));
}

/** The answer computed by brute force over the registry. */
function bruteForce(
  lat: number,
  lon: number,
  limit: number,
  options: { max?: number; exclude?: string } = {},
): NearbyPricingLocation[] {
  return ALL.filter(
    (i): i is PricingLocation & { latitude: number; longitude: number } =>
      i.latitude !== null && i.longitude !== null,
  )
    .filter((i) => i.gs_entity_id !== options.exclude)
    .map((i) => ({
      gs_entity_id: i.gs_entity_id,
      location: i.location,
      market_id: 'ercot',
      distance_in_miles: Math.round(miles(lat, lon, i.latitude, i.longitude) * 100) / 100,
    }))
    .filter((n) => options.max === undefined || n.distance_in_miles <= options.max)
    .sort((a, b) => a.distance_in_miles - b.distance_in_miles || (a.gs_entity_id < b.gs_entity_id ? -1 : 1))
    .slice(0, limit);
}

const HOUSTON = { lat: 29.7604, lon: -95.3698 };

describe('GET /v1/pricing_locations/nearby by coordinate', () => {
  it('answers a bare array of the 10 nearest, nearest first, with distances in miles', async () => {
    const body = await nearby(`?latitude=${HOUSTON.lat}&longitude=${HOUSTON.lon}`);
    expect(body).toHaveLength(10);
    expect(body).toEqual(bruteForce(HOUSTON.lat, HOUSTON.lon, 10));
    for (const n of body) {
      expect(Object.keys(n).sort()).toEqual(['distance_in_miles', 'gs_entity_id', 'location', 'market_id']);
      // Houston's nearest nodes are Houston's.
      expect(BY_ID.get(n.gs_entity_id)?.zone).toBe('LZ_HOUSTON');
    }
  });

  it('honours limit up to 100 and leaves out locations without coordinates', async () => {
    const body = await nearby(`?latitude=31&longitude=-100&limit=100`);
    expect(body).toEqual(bruteForce(31, -100, 100));
    expect(body.every((n) => BY_ID.get(n.gs_entity_id)?.latitude !== null)).toBe(true);
    expect(await nearby(`?latitude=31&longitude=-100&limit=1`)).toEqual(bruteForce(31, -100, 1));
  });

  it('cuts at max_distance_miles, inclusive of the rounded distance', async () => {
    const body = await nearby(
      `?latitude=${HOUSTON.lat}&longitude=${HOUSTON.lon}&limit=100&max_distance_miles=15.5`,
    );
    expect(body).toEqual(bruteForce(HOUSTON.lat, HOUSTON.lon, 100, { max: 15.5 }));
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThan(100);
    const last = body.at(-1);
    if (last === undefined) throw new Error('empty');
    const exact = await nearby(
      `?latitude=${HOUSTON.lat}&longitude=${HOUSTON.lon}&limit=100&max_distance_miles=${last.distance_in_miles}`,
    );
    expect(exact.at(-1)).toEqual(last);
    // Far out in the Gulf nothing is within a mile.
    expect(await nearby('?latitude=25&longitude=-90&max_distance_miles=1')).toEqual([]);
  });

  it('answers [] for another market', async () => {
    expect(await nearby(`?latitude=${HOUSTON.lat}&longitude=${HOUSTON.lon}&isos=caiso`)).toEqual([]);
    expect(await nearby(`?latitude=${HOUSTON.lat}&longitude=${HOUSTON.lon}&isos=Ercot`)).toHaveLength(10);
  });
});

describe('GET /v1/pricing_locations/nearby by anchor', () => {
  it('measures from the anchor and leaves the anchor out', async () => {
    const anchor = BY_ID.get('ercot-dc_e');
    if (anchor?.latitude == null || anchor.longitude === null) throw new Error('DC_E has coordinates');
    const body = await nearby('?location_id=ercot-dc_e&limit=20');
    expect(body).toEqual(bruteForce(anchor.latitude, anchor.longitude, 20, { exclude: 'ercot-dc_e' }));
    expect(body.map((n) => n.gs_entity_id)).not.toContain('ercot-dc_e');
  });

  it('finds a node’s neighbours without the node itself', async () => {
    const node = ALL.find((i) => i.location_type === 'Resource Node' && i.zone === 'LZ_WEST');
    if (node?.latitude == null || node.longitude === null) throw new Error('a West node has coordinates');
    const body = await nearby(`?location_id=${node.gs_entity_id}`);
    expect(body).toHaveLength(10);
    expect(body).toEqual(bruteForce(node.latitude, node.longitude, 10, { exclude: node.gs_entity_id }));
  });

  it('answers 404 for an unknown anchor and 400 for an anchor without coordinates', async () => {
    expect(await problem('?location_id=ercot-nowhere')).toEqual({
      status: 404,
      detail: "Pricing location 'ercot-nowhere' not found.",
    });
    const hub = await problem('?location_id=ercot-hb_north');
    expect(hub.status).toBe(400);
    expect(hub.detail).toMatch(/ercot-hb_north.*coordinates/);
    // In another market no anchor exists.
    expect((await problem('?location_id=ercot-dc_e&isos=caiso')).status).toBe(404);
  });
});

describe('GET /v1/pricing_locations/nearby errors', () => {
  it('answers 422 for numbers that are not numbers, before anything else', async () => {
    expect(await problem('?latitude=north&longitude=-97&limit=ten&max_distance_miles=far')).toEqual({
      status: 422,
      detail: [
        {
          loc: ['query', 'latitude'],
          msg: 'Input should be a valid number',
          type: 'float_parsing',
          input: 'north',
        },
        {
          loc: ['query', 'limit'],
          msg: 'Input should be a valid integer',
          type: 'int_parsing',
          input: 'ten',
        },
        {
          loc: ['query', 'max_distance_miles'],
          msg: 'Input should be a valid number',
          type: 'float_parsing',
          input: 'far',
        },
      ],
    });
    expect((await problem('?location_id=nope&longitude=x')).status).toBe(422);
  });

  it('answers 400 naming the parameters for a missing or doubled origin and out-of-range values', async () => {
    const cases: [string, RegExp][] = [
      ['', /latitude and longitude.*location_id/],
      ['?latitude=30', /latitude and longitude/],
      ['?longitude=-97', /latitude and longitude/],
      ['?location_id=ercot-dc_e&latitude=30&longitude=-97', /location_id.*latitude and longitude/],
      ['?latitude=91&longitude=-97', /latitude.*-90 and 90/],
      ['?latitude=30&longitude=-180.5', /longitude.*-180 and 180/],
      ['?latitude=30&longitude=-97&limit=0', /limit.*1 and 100/],
      ['?latitude=30&longitude=-97&limit=101', /limit.*1 and 100/],
      ['?latitude=30&longitude=-97&max_distance_miles=0', /max_distance_miles/],
      ['?latitude=30&longitude=-97&max_distance_miles=-5', /max_distance_miles/],
    ];
    for (const [query, detail] of cases) {
      const answer = await problem(query);
      expect(answer.status, query).toBe(400);
      expect(answer.detail, query).toMatch(detail);
    }
    // The unknown anchor (a 404) is checked before the doubled origin (a 400).
    expect((await problem('?location_id=nope&latitude=30&longitude=-97')).status).toBe(404);
  });

  it('accepts the edges of the ranges', async () => {
    expect(await nearby('?latitude=-90&longitude=180&limit=100')).toHaveLength(100);
    expect(await nearby('?latitude=90&longitude=-180&limit=3')).toHaveLength(3);
  });
});

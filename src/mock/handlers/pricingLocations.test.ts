import type { ErrorBody, PricingLocation, PricingLocationList } from '@/contract';
import { createMockApi } from '../createMockApi';
import { locationDefs, toPricingLocation } from '../data/locations';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
// The real API with every route; unexpected errors surface in the test.
const api = createMockApi({ now: () => NOW, rateLimits: false, onError: (error) => console.error(error) });

function get(path: string): Promise<Response> {
  const url = new URL(`http://mock.test${path}`);
  return api.handle(new Request(url, { headers: { 'x-api-key': 'test-key' } }));
}

async function list(query: string): Promise<PricingLocationList> {
  const response = await get(`/v1/pricing_locations${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PricingLocationList;
}

async function problem(query: string): Promise<{ status: number; detail: ErrorBody['detail'] }> {
  const response = await get(`/v1/pricing_locations${query}`);
  return { status: response.status, detail: ((await response.json()) as ErrorBody).detail };
}

const ALL = locationDefs().map((loc) => toPricingLocation(loc, NOW));
const byteCompare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const ids = (items: readonly PricingLocation[]): string[] => items.map((i) => i.gs_entity_id);

/** An independent count of a field over items, nulls left out. */
function countBy(
  items: readonly PricingLocation[],
  field: 'location_type' | 'zone' | 'status',
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const value = item[field];
    if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

describe('GET /v1/pricing_locations', () => {
  it('lists the first 100 of every location by name, with every item field and the total', async () => {
    const body = await list('');
    expect(Object.keys(body).sort()).toEqual(['facets', 'items', 'total_items']);
    expect(body.total_items).toBe(ALL.length);
    expect(body.items).toHaveLength(100);
    const sorted = [...ALL].sort((a, b) => byteCompare(a.location, b.location));
    expect(body.items).toEqual(sorted.slice(0, 100));
    expect(body.facets.location_type).toEqual({
      'Load Zone': 8,
      'Load Zone DC Tie': 4,
      'Resource Node': ALL.length - 19,
      'Trading Hub': 7,
    });
    expect(body.facets.status).toEqual(countBy(ALL, 'status'));
    expect(body.facets.zone).toEqual(countBy(ALL, 'zone'));
  });

  it('accepts a trailing slash and ignores unknown parameters', async () => {
    expect((await get('/v1/pricing_locations/?foo=bar')).status).toBe(200);
  });

  it('filters by location type, case-insensitively, with a disjunctive location_type facet', async () => {
    const body = await list('?location_types=resource%20node&page_size=5000');
    expect(body.items.every((i) => i.location_type === 'Resource Node')).toBe(true);
    expect(body.total_items).toBe(ALL.length - 19);
    // The type facet ignores the type filter: every type still shows its full count.
    expect(body.facets.location_type).toEqual(countBy(ALL, 'location_type'));
    // The other facets count only resource nodes.
    const nodes = ALL.filter((i) => i.location_type === 'Resource Node');
    expect(body.facets.zone).toEqual(countBy(nodes, 'zone'));
    expect(body.facets.status).toEqual(countBy(nodes, 'status'));
  });

  it('combines zones, statuses, search and has_geo, and each facet counts all filters but its own', async () => {
    const query = '?zones=lz_west,LZ_NORTH&statuses=active&search=sol&has_geo=true&page_size=5000';
    const body = await list(query);
    const inZones = (i: PricingLocation): boolean => i.zone === 'LZ_WEST' || i.zone === 'LZ_NORTH';
    const isActive = (i: PricingLocation): boolean => i.status === 'active';
    const base = ALL.filter(
      (i) =>
        i.latitude !== null &&
        [i.location, i.gs_entity_id, i.zone ?? ''].some((text) => text.toLowerCase().includes('sol')),
    );
    const expected = base.filter((i) => inZones(i) && isActive(i));
    expect(expected.length).toBeGreaterThan(5);
    expect(ids(body.items)).toEqual(ids([...expected].sort((a, b) => byteCompare(a.location, b.location))));
    expect(body.total_items).toBe(expected.length);
    expect(body.facets).toEqual({
      location_type: countBy(expected, 'location_type'),
      zone: countBy(base.filter(isActive), 'zone'),
      status: countBy(base.filter(inZones), 'status'),
    });
  });

  it('searches location, id and zone case-insensitively', async () => {
    const body = await list('?search=HoUsToN&page_size=5000');
    const names = body.items.map((i) => i.location);
    expect(names).toContain('HB_HOUSTON');
    expect(names).toContain('LZ_HOUSTON');
    expect(body.total_items).toBe(
      ALL.filter((i) => i.location.includes('HOUSTON') || i.zone === 'LZ_HOUSTON').length,
    );
    expect((await list('?search=ercot-hb_')).total_items).toBe(7);
  });

  it('filters on coordinates with has_geo, accepting 1/0 and any case', async () => {
    const withGeo = await list('?has_geo=TRUE&page_size=5000');
    expect(withGeo.total_items).toBe(ALL.length - 15);
    expect(withGeo.items.every((i) => i.latitude !== null && i.longitude !== null)).toBe(true);
    const without = await list('?has_geo=0');
    expect(without.total_items).toBe(15);
    expect(without.facets.location_type).toEqual({ 'Load Zone': 8, 'Trading Hub': 7 });
    expect(without.facets.zone).toEqual(
      countBy(
        ALL.filter((i) => i.location_type === 'Load Zone'),
        'zone',
      ),
    );
  });

  it('sorts by any scalar field with nulls last in both orders and ties by gs_entity_id', async () => {
    for (const [column, order] of [
      ['zone', 'asc'],
      ['zone', 'desc'],
      ['latitude', 'asc'],
      ['latitude', 'desc'],
      ['status', 'desc'],
      ['earliest_seen_utc', 'asc'],
    ] as const) {
      const body = await list(`?sort_column=${column}&sort_order=${order}&page_size=5000`);
      const items = body.items;
      expect(items).toHaveLength(ALL.length);
      for (let k = 1; k < items.length; k++) {
        const prev = items[k - 1] as PricingLocation;
        const cur = items[k] as PricingLocation;
        const a = prev[column];
        const b = cur[column];
        if (a === null) {
          expect(b).toBeNull();
        } else if (b !== null) {
          const c =
            typeof a === 'number' && typeof b === 'number' ? a - b : byteCompare(String(a), String(b));
          expect(order === 'asc' ? c : -c).toBeLessThanOrEqual(0);
          if (c === 0) expect(byteCompare(prev.gs_entity_id, cur.gs_entity_id)).toBe(-1);
        }
        if (a === null && b === null) expect(byteCompare(prev.gs_entity_id, cur.gs_entity_id)).toBe(-1);
      }
      const nulls = items.filter((i) => i[column] === null).length;
      if (column === 'zone' || column === 'latitude') {
        expect(nulls).toBeGreaterThan(0);
        expect(items.slice(items.length - nulls).every((i) => i[column] === null)).toBe(true);
      }
    }
  });

  it('pages without gaps or overlaps; a page past the end is empty', async () => {
    const all = await list('?sort_column=zone&sort_order=desc&page_size=5000');
    const pages: PricingLocation[] = [];
    for (let page = 1; page <= Math.ceil(ALL.length / 250); page++) {
      const body = await list(`?sort_column=zone&sort_order=desc&page_size=250&page=${page}`);
      expect(body.total_items).toBe(ALL.length);
      pages.push(...body.items);
    }
    expect(ids(pages)).toEqual(ids(all.items));
    const beyond = await list('?page=99');
    expect(beyond.items).toEqual([]);
    expect(beyond.total_items).toBe(ALL.length);
    expect((await list('?page_size=1')).items).toHaveLength(1);
  });

  it('answers another market with an empty list and empty facets; the first of isos is the market', async () => {
    expect(await list('?isos=caiso')).toEqual({
      items: [],
      total_items: 0,
      facets: { location_type: {}, zone: {}, status: {} },
    });
    expect((await list('?isos=caiso,ercot')).total_items).toBe(0);
    expect((await list('?isos=ERCOT,caiso')).total_items).toBe(ALL.length);
  });

  it('answers 422 for parameters of the wrong type, one entry each', async () => {
    expect(await problem('?has_geo=maybe&page=one&page_size=1.5')).toEqual({
      status: 422,
      detail: [
        {
          loc: ['query', 'has_geo'],
          msg: 'Input should be a valid boolean',
          type: 'bool_parsing',
          input: 'maybe',
        },
        { loc: ['query', 'page'], msg: 'Input should be a valid integer', type: 'int_parsing', input: 'one' },
        {
          loc: ['query', 'page_size'],
          msg: 'Input should be a valid integer',
          type: 'int_parsing',
          input: '1.5',
        },
      ],
    });
    // Types are checked before the rules.
    expect((await problem('?sort_column=nope&page=x')).status).toBe(422);
  });

  it('answers 400 naming the parameter for values that break a rule', async () => {
    const cases: [string, RegExp][] = [
      ['?sort_column=nope', /sort_column.*gs_entity_id, location, location_type/],
      ['?sort_column=pricing_datasets', /sort_column/],
      ['?sort_order=up', /sort_order.*asc, desc/],
      ['?page=0', /page/],
      ['?page_size=0', /page_size.*1 and 5000/],
      ['?page_size=5001', /page_size.*1 and 5000/],
    ];
    for (const [query, detail] of cases) {
      const answer = await problem(query);
      expect(answer.status, query).toBe(400);
      expect(answer.detail, query).toMatch(detail);
    }
    expect((await list('?page_size=5000')).items).toHaveLength(ALL.length);
  });
});

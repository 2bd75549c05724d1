import type { PricingLocation } from '@/contract';
import {
  LOCATION_SORT_COLUMNS,
  queryLocations,
  sortLocations,
  type LocationListQuery,
} from './locationQuery';

function item(location: string, over: Partial<PricingLocation> = {}): PricingLocation {
  return {
    gs_entity_id: `ercot-${location.toLowerCase()}`,
    location,
    location_type: 'Resource Node',
    market_id: 'ercot',
    baa: 'ERCO',
    zone: 'LZ_WEST',
    zone_type: 'Load Zone',
    latitude: 31.5,
    longitude: -102,
    pricing_datasets: ['ercot_spp_real_time_15_min'],
    earliest_seen_utc: '2023-01-01T06:00:00+00:00',
    latest_seen_utc: '2024-07-15T17:25:00+00:00',
    status_threshold_days: 7,
    status: 'active',
    ...over,
  };
}

const hub = (name: string): PricingLocation =>
  item(name, { location_type: 'Trading Hub', zone: null, zone_type: null, latitude: null, longitude: null });

const ITEMS: PricingLocation[] = [
  hub('HB_NORTH'),
  hub('HB_WEST'),
  item('LZ_HOUSTON', { location_type: 'Load Zone', zone: 'LZ_HOUSTON', latitude: null, longitude: null }),
  item('CEDAR_UNIT1', { zone: 'LZ_HOUSTON', latitude: 29.8, longitude: -95.4 }),
  item('SOLARX_RN', { latitude: 31.9, longitude: -102.3 }),
  item('BATCAVE_ESS1', { zone: 'LZ_NORTH', latitude: 32.9, longitude: -97, status: 'inactive' }),
  item('DC_E', { location_type: 'Load Zone DC Tie', zone: 'LZ_NORTH', latitude: 33.62, longitude: -94.95 }),
  item('PECOS_WIND1', { latitude: 31.0, longitude: -103.5, status: 'inactive' }),
];

const base: LocationListQuery = { sortColumn: 'location', sortOrder: 'asc', page: 1, pageSize: 100 };
const run = (over: Partial<LocationListQuery>) => queryLocations(ITEMS, { ...base, ...over });
const names = (list: readonly PricingLocation[]) => list.map((l) => l.location);

describe('queryLocations filters', () => {
  it('lists everything by location in byte order by default', () => {
    const result = run({});
    expect(result.total_items).toBe(ITEMS.length);
    expect(names(result.items)).toEqual([...names(ITEMS)].sort());
  });

  it('searches location, id and zone case-insensitively', () => {
    expect(names(run({ search: 'cedar' }).items)).toEqual(['CEDAR_UNIT1']);
    expect(names(run({ search: 'ERCOT-DC' }).items)).toEqual(['DC_E']);
    // Zone matches bring in the nodes of that zone as well as the zone itself.
    expect(names(run({ search: 'lz_hou' }).items)).toEqual(['CEDAR_UNIT1', 'LZ_HOUSTON']);
    expect(run({ search: '' }).total_items).toBe(ITEMS.length);
    expect(run({ search: 'nothing-like-this' }).total_items).toBe(0);
  });

  it('filters by lists of types, zones and statuses, case-insensitively and exactly', () => {
    expect(names(run({ locationTypes: ['trading hub'] }).items)).toEqual(['HB_NORTH', 'HB_WEST']);
    expect(names(run({ locationTypes: ['Trading Hub', 'LOAD ZONE'] }).items)).toEqual([
      'HB_NORTH',
      'HB_WEST',
      'LZ_HOUSTON',
    ]);
    expect(run({ locationTypes: ['Trading'] }).total_items).toBe(0);
    expect(names(run({ zones: ['lz_north'] }).items)).toEqual(['BATCAVE_ESS1', 'DC_E']);
    expect(names(run({ statuses: ['INACTIVE'] }).items)).toEqual(['BATCAVE_ESS1', 'PECOS_WIND1']);
    expect(names(run({ zones: ['LZ_WEST'], statuses: ['active'] }).items)).toEqual(['SOLARX_RN']);
    expect(run({ zones: [] }).total_items).toBe(ITEMS.length);
  });

  it('filters on whether coordinates exist', () => {
    expect(names(run({ hasGeo: false }).items)).toEqual(['HB_NORTH', 'HB_WEST', 'LZ_HOUSTON']);
    expect(run({ hasGeo: true }).total_items).toBe(5);
  });
});

describe('queryLocations facets', () => {
  it('counts every non-null value, in byte order, when nothing is filtered', () => {
    expect(run({}).facets).toEqual({
      location_type: { 'Load Zone': 1, 'Load Zone DC Tie': 1, 'Resource Node': 4, 'Trading Hub': 2 },
      zone: { LZ_HOUSTON: 2, LZ_NORTH: 2, LZ_WEST: 2 },
      status: { active: 6, inactive: 2 },
    });
    expect(Object.keys(run({}).facets.location_type)).toEqual([
      'Load Zone',
      'Load Zone DC Tie',
      'Resource Node',
      'Trading Hub',
    ]);
  });

  it('leaves a facet its own filter out, and applies the others to it', () => {
    const result = run({ locationTypes: ['Resource Node'] });
    expect(result.total_items).toBe(4);
    expect(result.facets.location_type).toEqual({
      'Load Zone': 1,
      'Load Zone DC Tie': 1,
      'Resource Node': 4,
      'Trading Hub': 2,
    });
    expect(result.facets.zone).toEqual({ LZ_HOUSTON: 1, LZ_NORTH: 1, LZ_WEST: 2 });
    expect(result.facets.status).toEqual({ active: 2, inactive: 2 });

    const both = run({ locationTypes: ['Resource Node'], statuses: ['inactive'] });
    expect(names(both.items)).toEqual(['BATCAVE_ESS1', 'PECOS_WIND1']);
    expect(both.facets.location_type).toEqual({ 'Resource Node': 2 });
    expect(both.facets.status).toEqual({ active: 2, inactive: 2 });
    expect(both.facets.zone).toEqual({ LZ_NORTH: 1, LZ_WEST: 1 });
  });

  it('applies search and has_geo to every facet and omits values without a match', () => {
    const result = run({ hasGeo: false });
    expect(result.facets).toEqual({
      location_type: { 'Load Zone': 1, 'Trading Hub': 2 },
      zone: { LZ_HOUSTON: 1 },
      status: { active: 3 },
    });
    expect(run({ search: 'zzz' }).facets).toEqual({ location_type: {}, zone: {}, status: {} });
  });

  it('gives an empty list and empty facets for an empty registry', () => {
    expect(queryLocations([], base)).toEqual({
      items: [],
      total_items: 0,
      facets: { location_type: {}, zone: {}, status: {} },
    });
  });
});

describe('sorting and paging', () => {
  it('puts nulls last in both orders and breaks ties by gs_entity_id ascending', () => {
    const asc = names(sortLocations(ITEMS, 'zone', 'asc'));
    expect(asc).toEqual([
      'CEDAR_UNIT1',
      'LZ_HOUSTON',
      'BATCAVE_ESS1',
      'DC_E',
      'PECOS_WIND1',
      'SOLARX_RN',
      'HB_NORTH',
      'HB_WEST',
    ]);
    const desc = names(sortLocations(ITEMS, 'zone', 'desc'));
    expect(desc).toEqual([
      'PECOS_WIND1',
      'SOLARX_RN',
      'BATCAVE_ESS1',
      'DC_E',
      'CEDAR_UNIT1',
      'LZ_HOUSTON',
      'HB_NORTH',
      'HB_WEST',
    ]);
  });

  it('sorts numbers numerically with nulls last', () => {
    const byLat = sortLocations(ITEMS, 'longitude', 'asc');
    expect(byLat.map((l) => l.longitude)).toEqual([-103.5, -102.3, -97, -95.4, -94.95, null, null, null]);
    const desc = sortLocations(ITEMS, 'latitude', 'desc');
    expect(desc.map((l) => l.latitude)).toEqual([33.62, 32.9, 31.9, 31.0, 29.8, null, null, null]);
  });

  it('sorts strings in byte order (upper case before lower case)', () => {
    const mixed = [item('b'), item('B'), item('a'), item('A')];
    expect(names(sortLocations(mixed, 'location', 'asc'))).toEqual(['A', 'B', 'a', 'b']);
    expect(names(sortLocations(mixed, 'location', 'desc'))).toEqual(['b', 'a', 'B', 'A']);
  });

  it('accepts every scalar field as a sort column', () => {
    for (const column of LOCATION_SORT_COLUMNS)
      expect(sortLocations(ITEMS, column, 'desc')).toHaveLength(ITEMS.length);
    expect(LOCATION_SORT_COLUMNS).not.toContain('pricing_datasets');
  });

  it('pages through the sorted matches without overlap; past the end is empty', () => {
    const all = names(run({ sortColumn: 'status' }).items);
    const pages = [1, 2, 3].map((page) => names(run({ sortColumn: 'status', page, pageSize: 3 }).items));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual(all);
    const beyond = run({ page: 9, pageSize: 3 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total_items).toBe(ITEMS.length);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import type { PricingLocation } from '@/contract';
import { readUrlState } from '@/lib/urlState';
import { locationsUrlState } from './locationsUrlState';
import { locationsViewDescriptor, locationViewDescriptor } from './viewDescriptor';

const SEARCH = 'q=north&types=Resource+Node&zones=LZ_NORTH&near=ercot-hb_north&limit=5&sel=ercot-abc';
const STATE = readUrlState(locationsUrlState, new URLSearchParams(SEARCH)).state;
const NEARBY = { location_id: 'ercot-hb_north', limit: 5 };
const NODE: PricingLocation = {
  gs_entity_id: 'ercot-abc',
  location: 'ABC_RN',
  location_type: 'Resource Node',
  market_id: 'ercot',
  baa: 'ERCO',
  zone: 'LZ_NORTH',
  zone_type: 'Load Zone',
  latitude: 32.1,
  longitude: -97.2,
  pricing_datasets: ['ercot_lmp_real_time_5_min', 'ercot_lmp_day_ahead_hourly'],
  earliest_seen_utc: '2023-01-01T06:00:00+00:00',
  latest_seen_utc: '2025-07-15T19:55:00+00:00',
  status_threshold_days: 7,
  status: 'active',
};

afterEach(() => {
  setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
});

describe('the locations map as a saved view', () => {
  it('says its filters, nearby search and selection, and writes the list and nearby requests', () => {
    const view = locationsViewDescriptor({
      path: `/locations?${SEARCH}`,
      state: STATE,
      nearby: NEARBY,
      selected: 'ABC_RN',
      server: 'https://api.example.com',
    });
    expect(view).toMatchObject({
      kind: 'locations',
      path: `/locations?${SEARCH}`,
      suggestedName:
        'Pricing locations · “north” · Resource Node · in LZ_NORTH · near ercot-hb_north · selected ABC_RN',
      datasets: [],
      timeRange: null,
    });
    const [list, nearby] = view.requests.map((r) => new URL(r.url));
    expect(list?.pathname).toBe('/v1/pricing_locations');
    expect(list?.searchParams.get('search')).toBe('north');
    expect(list?.searchParams.get('location_types')).toBe('Resource Node');
    expect(nearby?.searchParams.get('location_id')).toBe('ercot-hb_north');
  });

  it('names a location by itself, with its datasets; neither view carries the key', () => {
    const key = 'sk-live-SECRET-3456';
    setConnection({ mode: 'remote', baseUrl: 'https://grid.example.org', apiKey: key, remember: false });
    const one = locationViewDescriptor('/locations/ercot-abc', NODE);
    expect(one).toMatchObject({
      kind: 'location',
      suggestedName: 'ABC_RN (Resource Node)',
      datasets: NODE.pricing_datasets,
      requests: [
        { dataset: null, url: 'https://grid.example.org/v1/pricing_locations/ercot-abc', parameters: {} },
      ],
    });
    const many = locationsViewDescriptor({ path: '/locations', state: STATE, nearby: null, selected: null });
    for (const text of [JSON.stringify(one), JSON.stringify(many)]) {
      expect(text).not.toContain(key);
      expect(text).not.toMatch(/api[_-]?key/i);
    }
  });
});
